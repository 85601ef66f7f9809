// "Merged into N" on the tracking page of a request closed as a duplicate (decision 0002
// §18, issue 23). Its own chunk, with its texts: only such a request's page loads it.

import { Link } from '../../../components/ui/link.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../../../lib/followers-catalogue.ts';

export default function MergedNotice({ originalId }: { originalId: number }) {
  const { t } = useTranslation();
  return (
    <div data-testid="merged-into" className="grid gap-1 rounded-theme border border-blue-800 bg-blue-50 p-3">
      <p className="font-semibold">{t('followers.tracking.mergedInto', { id: originalId })}</p>
      <p className="text-sm">{t('followers.tracking.mergedIntoBody', { id: originalId })}</p>
      <Link to={`/track/${originalId}`} className="justify-self-start text-blue-800 underline">
        {t('followers.follow.track', { id: originalId })}
      </Link>
    </div>
  );
}
