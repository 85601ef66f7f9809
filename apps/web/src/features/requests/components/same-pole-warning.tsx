// The warning on a request's page that its pole already has other requests waiting (open or
// in progress): likely the same fault filed twice (issue 21). Each links to that request's
// page, which returns to the same list as this one.
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { useLocation } from 'react-router';
import { formatDateTime } from '../../../components/requests/format.ts';
import { Link } from '../../../components/ui/link.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

export function SamePoleWarning({ others }: { others: AdminRequestDetail['openOnSamePole'] }) {
  const { t, i18n } = useTranslation();
  const state = useLocation().state;
  if (others.length === 0) return null;
  return (
    <section
      aria-labelledby="same-pole-title"
      className="grid gap-2 rounded-theme border border-amber-700 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="same-pole-title" className="font-heading text-lg font-semibold">
        {t('admin-operations.operations.detail.samePole.title')}
      </h2>
      <p>{t('admin-operations.operations.detail.samePole.intro', { count: others.length })}</p>
      <ul className="grid gap-1">
        {others.map((other) => (
          <li key={other.id}>
            <Link to={`/admin/requests/${other.id}`} state={state} className="font-medium text-blue-900 underline">
              {t('admin-operations.operations.detail.samePole.item', { id: other.id })}
            </Link>{' '}
            <span>
              {t('admin-operations.operations.detail.samePole.itemDetail', {
                status: t(`common.status.${other.status}`),
                date: formatDateTime(other.createdAt, i18n.language),
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
