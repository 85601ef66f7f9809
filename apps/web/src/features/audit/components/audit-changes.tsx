// One audit row's before and after as a reader wants them: field → old → new, not JSON.
import { type AuditRow, auditChanges } from '@acende/shared/schemas/audit';
import { useTranslation } from '../../../lib/use-translation.ts';

function show(value: unknown, empty: string): string {
  if (value === undefined || value === null || value === '') return empty;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function AuditChanges({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  const changes = auditChanges(row.before, row.after);
  if (changes.length === 0) return <span className="text-gray-700">{t('admin-access.audit.changes.none')}</span>;
  const empty = t('admin-access.audit.changes.empty');
  return (
    <details className="max-w-[40rem]">
      <summary className="cursor-pointer text-blue-800 underline">
        {t('admin-access.audit.changes.show')} ({changes.length})
      </summary>
      <dl className="mt-2 grid gap-2">
        {changes.map((change) => (
          <div key={change.field} className="grid gap-0.5 rounded-theme border border-gray-200 p-2">
            <dt className="font-mono text-xs font-semibold">{change.field}</dt>
            <dd className="grid grid-cols-[auto_1fr] gap-x-2 break-all">
              <span className="text-gray-700">{t('admin-access.audit.changes.before')}</span>
              <span data-testid="audit-before">{show(change.before, empty)}</span>
              <span className="text-gray-700">{t('admin-access.audit.changes.after')}</span>
              <span data-testid="audit-after">{show(change.after, empty)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
