// The request's history as a timeline: when, who, what changed and the notes.
import type { RequestEvent } from '@acende/shared/schemas/admin-requests';
import { formatDateTime } from '../../../components/requests/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export function RequestHistory({ events }: { events: RequestEvent[] }) {
  const { t, i18n } = useTranslation();
  if (events.length === 0) return <p>{t('admin-operations.operations.detail.noHistory')}</p>;
  return (
    <ol className="grid gap-3 border-l-2 border-gray-300 pl-4" data-testid="request-history">
      {[...events].reverse().map((event) => {
        const lines: string[] = [];
        if (event.kind === 'created') lines.push(t('admin-operations.operations.detail.event.created'));
        else if (event.kind === 'anonymized') lines.push(t('admin-settings.operations.anonymize.event'));
        else if (event.kind === 'reopened') lines.push(t('admin-operations.operations.detail.event.reopened'));
        else if (event.kind === 'transferred') {
          lines.push(
            t('admin-operations.operations.detail.event.transferred', { from: event.fromCompany, to: event.toCompany }),
          );
        } else if (event.fromStatus && event.toStatus) {
          lines.push(
            t('admin-operations.operations.detail.event.status', {
              from: t(`common.status.${event.fromStatus}`),
              to: t(`common.status.${event.toStatus}`),
            }),
          );
        }
        if (event.assigneeChanged) {
          lines.push(
            event.assignedTo
              ? t('admin-operations.operations.detail.event.assigned', { name: event.assignedTo })
              : t('admin-operations.operations.detail.event.unassigned'),
          );
        }
        const by =
          event.kind === 'created' || event.kind === 'reopened'
            ? t('admin-operations.operations.detail.event.byCitizen')
            : event.actorName
              ? t('admin-operations.operations.detail.event.by', { name: event.actorName })
              : t('admin-operations.operations.detail.event.system');
        return (
          <li key={event.id} className="relative">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] h-3 w-3 rounded-full bg-blue-700" />
            <p className="text-sm text-gray-800">
              <time dateTime={event.at}>{formatDateTime(event.at, i18n.language)}</time> · {by}
            </p>
            {lines.map((line) => (
              <p key={line} className="font-medium">
                {line}
              </p>
            ))}
            {event.notes ? (
              <p className="mt-1 rounded-theme bg-gray-100 p-2 whitespace-pre-wrap">
                <span className="sr-only">{t('admin-operations.operations.detail.event.notes')}: </span>
                {event.notes}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
