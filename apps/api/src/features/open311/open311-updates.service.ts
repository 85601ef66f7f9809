// FixMyStreet's extension of GeoReport v2 (issue 38, decision 0064): `servicerequestupdates`,
// the requests' status changes as updates a FixMyStreet site fetches to show each report's
// progress, and the spec's `tokens/{token}`. An update is built from the history's status
// events in public words; the operators' notes never leave (they are not public, 0039).
import type { Language, RequestStatus } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { dateSpan } from './open311.params.ts';
import { findRequestIdByTokenHash, listStatusUpdates, type StatusUpdateRow } from './open311.repository.ts';
import { datetime, REQUESTS_MAX } from './open311.service.ts';

/**
 * Acende's statuses in the words FixMyStreet's client maps (Open311.pm `map_state`: lower
 * case, `_` as a space): open → confirmed, in progress, fixed → fixed - council, and
 * no further action → unable to fix (a cancelled request will not be repaired; `closed`
 * would read as fixed there). A merge is `duplicate`.
 */
export const FIXMYSTREET_STATUS: Record<RequestStatus, string> = {
  open: 'open',
  in_progress: 'in_progress',
  completed: 'fixed',
  cancelled: 'no_further_action',
};

function isStatus(value: string | null): value is RequestStatus {
  return value !== null && Object.hasOwn(FIXMYSTREET_STATUS, value);
}

/** What FixMyStreet shows as the update's text: the change in public words, in the reader's language. */
function description(row: StatusUpdateRow, language: Language): string {
  if (row.kind === 'duplicate') {
    // The merge's event names the original as `#id` (duplicates.service.ts).
    const original = /^#(\d+)$/.exec(row.notes ?? '')?.[1];
    if (original) return translate(language, 'admin-open311.open311.mergedInto', { id: original });
  }
  if (row.kind === 'reopened') return translate(language, 'admin-open311.open311.update.reopened');
  return translate(language, `admin-open311.open311.update.${isStatus(row.toStatus) ? row.toStatus : 'cancelled'}`);
}

function toRequestUpdate(row: StatusUpdateRow, language: Language) {
  return {
    update_id: String(row.id),
    service_request_id: String(row.requestId),
    status: row.kind === 'duplicate' ? 'duplicate' : FIXMYSTREET_STATUS[isStatus(row.toStatus) ? row.toStatus : 'open'],
    updated_datetime: datetime(row.createdAt),
    description: description(row, language),
    // Photos stay on Acende: FixMyStreet would fetch any URL given here.
    media_url: null,
  };
}

/**
 * The updates made between `start_date` and `end_date` (90 days at most; without them the
 * last 90 days), oldest first, so a client applying them in turn ends on the current status;
 * at most REQUESTS_MAX.
 */
export async function listServiceRequestUpdates(deps: AppDeps, query: Record<string, unknown>, language: Language) {
  const { from, to } = dateSpan(query, deps.clock.now());
  const rows = await listStatusUpdates(deps.db, { from, to, limit: REQUESTS_MAX });
  return rows.map((row) => toRequestUpdate(row, language));
}

/** The request a POST's token stands for (the spec's `tokens/{token}`): the tracking token, stored hashed. */
export async function serviceRequestOfToken(deps: AppDeps, token: string) {
  const found = /^[\w-]{1,200}$/.test(token) ? await findRequestIdByTokenHash(deps.db, hashToken(token)) : undefined;
  if (!found) throw new AppError('admin-open311.open311.error.tokenNotFound', 404);
  return [{ service_request_id: String(found.id), token }];
}
