// A stored request as the public sees it: the tracking page's answer, contact details (also
// those typed into the address and reference) masked unless the reader holds the request's
// tracking token. Used by the route and by the tracking read's fast path (src/hot-path),
// which answer the same.
import type { ProblemType, RequestStatus } from '@acende/shared/enums';
import { maskContactsInText } from '@acende/shared/free-text-mask';
import { maskEmail, maskName, maskPhone } from '@acende/shared/mask';
import type { PublicRepairRequest } from '@acende/shared/schemas/repair-requests';
import type { PublicRequestRow } from '../../hot-path/hot-path.ts';
import { notFound } from '../../lib/errors.ts';
import { tokenMatches } from '../../lib/tokens.ts';

/** A found request as the public sees it: contact details masked unless `token` is its tracking token. */
export function toPublicRequest(row: PublicRequestRow | undefined, token: string | undefined): PublicRepairRequest {
  if (!row) throw notFound('common.errors.requestNotFound');
  const whole = tokenMatches(token, row.trackingTokenHash);
  // The status changes come with the row, as [status, at, kind] triples (JSON text on SQLite).
  const timeline: [string, string, string][] =
    typeof row.timeline === 'string' ? JSON.parse(row.timeline) : row.timeline;
  return {
    id: row.id,
    name: whole ? row.name : maskName(row.name),
    phone: (whole ? row.phone : maskPhone(row.phone)) ?? '',
    email: whole ? row.email : maskEmail(row.email),
    // Contacts typed into the free text are hidden too (decision 0043).
    address: whole ? row.address : maskContactsInText(row.address),
    reference: whole ? row.reference : maskContactsInText(row.reference),
    problemType: row.problemType as ProblemType,
    latitude: row.latitude,
    longitude: row.longitude,
    company: String(row.companyId),
    companyName: row.companyName,
    companyFullName: row.companyFullName,
    poleNumber: row.poleNumber,
    status: row.status as RequestStatus,
    // A duplicate links to the request it was merged into (decision 0002 §18).
    duplicateOf: row.duplicateOfId ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    closedAt: row.closedAt,
    masked: !whole,
    // A due time is a promise while the work is on, as Open311's expected_datetime (decision 0052).
    dueAt: row.status === 'open' || row.status === 'in_progress' ? row.dueAt : null,
    transferred: Boolean(row.transferred),
    // A reopen is said in public words ("reopened"), not as one more "open" (decision 0035).
    timeline: timeline.map(([status, at, kind]) =>
      kind === 'reopened'
        ? { status: status as RequestStatus, at, reopened: true }
        : { status: status as RequestStatus, at },
    ),
    // The score is public (the open-data files carry it); the comment never is (decision 0050).
    rating: row.ratingScore !== null && row.ratedAt !== null ? { score: row.ratingScore, at: row.ratedAt } : null,
  };
}
