// What the tracking page shows once the request has arrived: below its heading the "merged into
// N" notice and the repair date (decision 0052), after the timeline the rating (decision 0050),
// the reopen section, the published photos and the opt-in to browser notices (decision 0063),
// with their texts. One lazy chunk behind one component (decision 0024's budget): three lazy
// parts made the page's first load carry three imports and their lists.
import type { PublicRepairRequest } from '@acende/shared/schemas/repair-requests';
import { PushOptIn } from '../../../components/push/push-opt-in.tsx';
import MergedNotice from './merged-notice.tsx';
import { PublicPhotos } from './public-photos.tsx';
import RatingSection from './rating-form.tsx';
import ReopenSection from './reopen-form.tsx';

export default function TrackingExtras({
  at,
  request,
  token,
}: {
  at: 'top' | 'end';
  request: PublicRepairRequest;
  token: string | null;
}) {
  if (at === 'top') return request.duplicateOf ? <MergedNotice originalId={request.duplicateOf} /> : null;
  const reopen =
    request.status === 'completed' || (request.status === 'open' && request.timeline.at(-1)?.reopened === true);
  return (
    <>
      {request.status === 'completed' || request.rating ? <RatingSection request={request} token={token} /> : null}
      {reopen ? <ReopenSection request={request} token={token} /> : null}
      <PublicPhotos requestId={request.id} />
      {/* The filer's own link (its token right): their browser may ask for the request's notices (decision 0063). */}
      {token && !request.masked ? <PushOptIn requestId={request.id} token={token} /> : null}
    </>
  );
}
