// Server paging: previous/next, where we are, and the page size (10, 20, 50, 100).
// An estimated total (a vague search, see the API's totalIsEstimate) is said as "about N".
import { PAGE_SIZES } from '@acende/shared/constants';
import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Button } from '../ui/button.tsx';

export function Pagination({
  page,
  pageSize,
  total,
  estimate = false,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The total is an estimate: the page count and total read "about N". */
  estimate?: boolean;
  onPage: (page: number) => void;
  /** Offers the page sizes; without it the size is the server's own (a list of fixed pages). */
  onPageSize?: (size: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t('admin-operations.operations.common.pagination')} className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin-operations.operations.common.previous')}
      </Button>
      <span className="text-sm" aria-live="polite">
        {t(estimate ? 'admin-operations.operations.common.pageOfAbout' : 'admin-operations.operations.common.pageOf', {
          page,
          pages,
        })}{' '}
        ·{' '}
        {t(
          estimate ? 'admin-operations.operations.common.showingAbout' : 'admin-operations.operations.common.showing',
          { from, to, total },
        )}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin-operations.operations.common.next')}
      </Button>
      {onPageSize ? (
        <span className="flex items-center gap-2 text-sm">
          <label htmlFor={`${id}-size`}>{t('admin-operations.operations.common.rowsPerPage')}</label>
          <select
            id={`${id}-size`}
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
            className="rounded-theme border border-gray-500 bg-white px-2 py-1"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </span>
      ) : null}
    </nav>
  );
}
