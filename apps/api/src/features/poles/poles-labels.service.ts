// Printable QR labels for poles (issue 21): which poles the caller may print, and the PDF
// that starts streaming once that is settled. Nothing is printed unless every pole asked for
// is found within the caller's companies; a whole company streams in batches, unlimited.
import type { Readable } from 'node:stream';
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { type PoleLabelsRequest, poleLabelUrl } from '@acende/shared/schemas/pole-labels';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { formatDateTime } from '../../core/format.ts';
import { ReaderGone } from '../../core/pdf.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createLabelsPdf, type PoleLabel, writeLabels } from './poles-labels.pdf.ts';
import {
  countCompanyPoles,
  findLabelRowsByIds,
  findScopedCompany,
  iterateCompanyPoles,
  type LabelRow,
} from './poles-labels.repository.ts';

const FILE_NAMES: Record<Language, string> = { pt: 'etiquetas-postes', en: 'pole-labels' };
/** How many missing ids an error names; the count says how many there are. */
const IDS_NAMED = 10;

export interface LabelsPdf {
  filename: string;
  count: number;
  stream: Readable;
}

/** A file-name part from a company's name: ASCII letters, digits and hyphens. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/**
 * Settles what to print (a 4xx before any byte when something is wrong) and starts the PDF.
 * A selection prints in the order given, inactive poles too (they were chosen one by one);
 * a whole company prints in registration order, its active poles unless asked otherwise.
 */
export async function printPoleLabels(
  deps: AppDeps,
  admin: AuthAdmin,
  body: PoleLabelsRequest,
  language: Language,
  log: { error: (obj: unknown, msg: string) => void },
  actor: AuditActor,
): Promise<LabelsPdf> {
  const scope = companyScope(admin);
  const t = (key: MessageKey, params?: Record<string, unknown>) => translate(language, key, params);
  const toLabel = (row: LabelRow): PoleLabel => ({
    number: row.number,
    companyName: row.companyName,
    url: poleLabelUrl(deps.config.PUBLIC_URL, row.companyId, row.number),
  });
  const stamp = formatDateTime(deps.clock.now().toISOString(), 'en').slice(0, 10);

  let count: number;
  let batches: () => AsyncIterable<PoleLabel[]>;
  let subject: string | null;
  if (body.poleIds) {
    const ids = [...new Set(body.poleIds)];
    const rows = await findLabelRowsByIds(deps.db, ids, scope);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A pole of another company reads as unknown: the caller learns nothing of it.
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      throw new AppError('admin-poles.poles.labels.errors.notFound', 404, {
        count: missing.length,
        ids: missing.slice(0, IDS_NAMED).join(', ') + (missing.length > IDS_NAMED ? ', …' : ''),
      });
    }
    const ordered = ids.map((id) => toLabel(byId.get(id) as LabelRow));
    count = ordered.length;
    batches = async function* () {
      for (let i = 0; i < ordered.length; i += 500) yield ordered.slice(i, i + 500);
    };
    const companies = new Set(rows.map((row) => row.companyName));
    subject = companies.size === 1 ? (rows[0] as LabelRow).companyName : null;
  } else {
    const companyId = body.companyId as number;
    const includeInactive = body.includeInactive === true;
    const company = await findScopedCompany(deps.db, companyId, scope);
    if (!company) throw notFound('admin-poles.poles.labels.errors.companyNotFound');
    count = await countCompanyPoles(deps.db, companyId, includeInactive);
    if (count === 0) {
      throw notFound(
        includeInactive ? 'admin-poles.poles.labels.errors.noPoles' : 'admin-poles.poles.labels.errors.noActivePoles',
      );
    }
    batches = async function* () {
      for await (const rows of iterateCompanyPoles(deps.db, companyId, includeInactive)) yield rows.map(toLabel);
    };
    subject = company.name;
  }

  // Printing changes nothing, but it is an export of the registry: one audit row, written alone.
  await recordAudit(
    deps.db,
    actor,
    {
      kind: 'poles.labels.export',
      objectType: body.poleIds ? 'pole' : 'company',
      objectId: body.poleIds ? null : (body.companyId ?? null),
      after: { count, poleIds: body.poleIds?.slice(0, 100) ?? null, includeInactive: body.includeInactive === true },
    },
    deps.clock.now().toISOString(),
  );

  const title = subject ? `${t('admin-poles.poles.labels.title')} · ${subject}` : t('admin-poles.poles.labels.title');
  const doc = createLabelsPdf(title);
  const write = () =>
    writeLabels(
      doc,
      {
        title,
        serviceName: t('common.app.title'),
        footer: (page) => t('admin-poles.poles.labels.pdf.page', { page }),
      },
      batches(),
    );
  // One turn first, so the response headers and the PDF header leave before the labels.
  setImmediate(() => {
    write().catch((error: unknown) => {
      if (error instanceof ReaderGone) return;
      log.error({ err: error }, 'pole labels failed while streaming');
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  const part = subject ? slug(subject) : '';
  const name = part ? `${FILE_NAMES[language]}-${part}` : FILE_NAMES[language];
  return { filename: `${name}-${stamp}.pdf`, count, stream: doc as unknown as Readable };
}
