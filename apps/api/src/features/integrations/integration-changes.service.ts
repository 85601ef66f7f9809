// Status in (issue 38, decision 0066): a company's own system reads one of its company's
// requests and changes its status and notes with the operators' own rules (applyRequestChange:
// history, notices, audit, due dates, stale check), once per Idempotency-Key.
import { maskContactsInText } from '@acende/shared/free-text-mask';
import {
  INTEGRATION_IDEMPOTENCY_KEY,
  type IntegrationChange,
  type IntegrationRequest,
} from '@acende/shared/schemas/integrations';
import type { AppDeps } from '../../app-deps.ts';
import { AUDIT_USERNAME_MAX } from '../../core/audit/audit.actor.ts';
import type { AuditActor } from '../../core/audit/audit.repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { applyRequestChange, type ChangeMaker } from '../admin-requests/admin-requests.change.service.ts';
import { claimChange, completeChange, findChange, findCompanyRequest } from './integration-changes.repository.ts';
import type { IntegrationSystem } from './integration-keys.service.ts';

/** What a change answers, first or replayed: the status and the body as they were sent. */
export interface ChangeAnswer {
  statusCode: number;
  body: IntegrationRequest;
}

type CompanyRow = NonNullable<Awaited<ReturnType<typeof findCompanyRequest>>>;

function toIntegrationRequest(row: CompanyRow): IntegrationRequest {
  return {
    ...row,
    status: row.status as IntegrationRequest['status'],
    // The citizen's contacts stay out (decision 0043), even typed into the address.
    address: maskContactsInText(row.address),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
  };
}

async function readRequest(db: Db | Trx, system: IntegrationSystem, id: number): Promise<IntegrationRequest> {
  const row = await findCompanyRequest(db, system.companyId, id);
  // Another company's request is answered exactly as one that does not exist.
  if (!row) throw notFound('common.errors.requestNotFound');
  return toIntegrationRequest(row);
}

export function getRequestForSystem(deps: AppDeps, system: IntegrationSystem, id: number) {
  return readRequest(deps.db, system, id);
}

/** The audit log's actor for a system: no account, the key's first characters and its name. */
export function systemActor(system: IntegrationSystem, ip: string | null): AuditActor {
  return { id: null, username: `${system.keyPrefix} · ${system.name}`.slice(0, AUDIT_USERNAME_MAX), ip };
}

function checkedIdempotencyKey(key: string | undefined): string {
  if (key === undefined || !INTEGRATION_IDEMPOTENCY_KEY.test(key)) {
    throw new AppError('admin-integrations.statusIn.idempotencyKeyRequired', 400, undefined, {
      'idempotency-key': 'admin-integrations.statusIn.idempotencyKeyRequired',
    });
  }
  return key;
}

/**
 * The stored first answer, when the same change is asked again; another change under the key
 * is a 422. An answer scrubbed when its request was anonymised is read again as it is now:
 * a replay never brings back what retention removed.
 */
async function replayed(
  deps: AppDeps,
  system: IntegrationSystem,
  id: number,
  stored: { bodyHash: string; statusCode: number; answer: string },
  bodyHash: string,
): Promise<ChangeAnswer> {
  if (stored.bodyHash !== bodyHash) throw new AppError('admin-integrations.statusIn.idempotencyKeyReused', 422);
  // A claim not yet answered: only seen if a transaction holding it is still open.
  if (stored.statusCode === 0) throw conflict('admin-integrations.statusIn.inProgress');
  if (stored.answer === '') return { statusCode: stored.statusCode, body: await readRequest(deps.db, system, id) };
  return { statusCode: stored.statusCode, body: JSON.parse(stored.answer) as IntegrationRequest };
}

/**
 * Changes request `id` for `system`, once per Idempotency-Key: the key is claimed in the
 * change's transaction (unique per integration key), so a retry, a concurrent duplicate or
 * another instance gets the first answer and never makes a second change. A refused change
 * (404, 400, 409) rolls back its claim too: nothing is stored and a retry is judged afresh.
 */
export async function changeRequestForSystem(
  deps: AppDeps,
  system: IntegrationSystem,
  id: number,
  input: IntegrationChange,
  idempotencyKey: string | undefined,
  ip: string | null,
): Promise<ChangeAnswer> {
  const keyHash = sha256(checkedIdempotencyKey(idempotencyKey));
  const bodyHash = sha256(JSON.stringify([id, input.status ?? null, input.notes || null, input.updatedAt ?? null]));
  const stored = await findChange(deps.db, system.id, keyHash);
  if (stored) return replayed(deps, system, id, stored, bodyHash);

  const maker: ChangeMaker = { id: null, name: system.name, role: 'user', companyIds: [system.companyId] };
  const answer = await deps.db.transaction().execute(async (trx) => {
    const before = await readRequest(trx, system, id);
    const now = iso(deps.clock);
    const claim = await claimChange(trx, {
      keyId: system.id,
      idempotencyKeyHash: keyHash,
      bodyHash,
      requestId: id,
      createdAt: now,
    });
    if (claim === undefined) return undefined;
    await applyRequestChange(
      trx,
      deps,
      maker,
      id,
      {
        kind: 'update',
        status: input.status,
        notes: input.notes || undefined,
        updatedAt: input.updatedAt ?? before.updatedAt,
      },
      systemActor(system, ip),
    );
    const body = await readRequest(trx, system, id);
    await completeChange(trx, claim, 200, JSON.stringify(body));
    return { statusCode: 200, body };
  });
  if (answer) return answer;
  // Another call claimed the key first and has ended: its answer, or a 422 for another change.
  const first = await findChange(deps.db, system.id, keyHash);
  if (!first) throw conflict('admin-integrations.statusIn.inProgress');
  return replayed(deps, system, id, first, bodyHash);
}
