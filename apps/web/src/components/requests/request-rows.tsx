// A request list's table head (the column headers, sortable where a sort key names them, and
// the page's checkbox) and its rows (a card each on a phone).
import type { RequestSortKey, SortDirection } from '@acende/shared/schemas/admin-request-filters';
import type { AdminRequestList } from '@acende/shared/schemas/admin-requests';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { BADGE_SHAPE } from '../ui/badge.ts';
import { SortableTableHead, type SortOrder, TableCell, TableHead, TableHeader, TableRow } from '../ui/table.tsx';
import { DeadlineBadge } from './deadline-badge.tsx';
import { formatAge, formatDateTime } from './format.ts';
import type { ListParams } from './list-params.ts';
import { StatusBadge } from './status-badge.tsx';

type Item = AdminRequestList['items'][number];

/** The rows picked for a bulk change (id → the updatedAt it was seen at), or every match of the filter. */
export interface RowSelection {
  rows: ReadonlyMap<number, string>;
  allMatching: boolean;
  toggle: (items: Item[], on: boolean) => void;
  selectAllMatching: () => void;
}

/** The columns in order; the ones a header sorts by name their sort key. */
const COLUMNS: { name: string; sort?: RequestSortKey }[] = [
  { name: 'id', sort: 'number' },
  { name: 'status', sort: 'status' },
  { name: 'problem' },
  { name: 'address' },
  { name: 'pole' },
  { name: 'name' },
  { name: 'phone' },
  { name: 'company' },
  { name: 'date', sort: 'created' },
  { name: 'updated', sort: 'updated' },
  { name: 'due', sort: 'due' },
];

const ORDER_OF: Record<SortDirection, SortOrder> = { asc: 'ascending', desc: 'descending' };

export function RequestTableHeader({
  params,
  onChange,
  selection,
  items,
}: {
  params: ListParams;
  onChange: (change: Partial<ListParams>) => void;
  selection: RowSelection | undefined;
  items: Item[];
}) {
  const { t } = useTranslation();
  return (
    <TableHeader>
      <TableRow>
        {selection ? (
          <TableHead className="w-12">
            <label className="flex min-h-11 min-w-11 items-center justify-center">
              <input
                type="checkbox"
                className="h-5 w-5 accent-blue-700"
                aria-label={t('admin-operations.operations.bulk.selectPage')}
                checked={selection.allMatching || items.every((item) => selection.rows.has(item.id))}
                onChange={(event) => selection.toggle(items, event.target.checked)}
              />
            </label>
          </TableHead>
        ) : null}
        {COLUMNS.map(({ name, sort }) =>
          sort ? (
            <SortableTableHead
              key={name}
              sorted={params.sort === sort ? ORDER_OF[params.dir] : undefined}
              // Dates read newest first, the rest from the smallest.
              first={sort === 'created' || sort === 'updated' ? 'descending' : 'ascending'}
              onSort={(order) => onChange({ sort, dir: order === 'ascending' ? 'asc' : 'desc' })}
            >
              {t(`admin-operations.operations.list.columns.${name}` as 'admin-operations.operations.list.columns.id')}
            </SortableTableHead>
          ) : (
            <TableHead key={name}>
              {t(`admin-operations.operations.list.columns.${name}` as 'admin-operations.operations.list.columns.id')}
            </TableHead>
          ),
        )}
        <TableHead>{t('admin-operations.operations.list.columns.actions')}</TableHead>
      </TableRow>
    </TableHeader>
  );
}

export function RequestRow({
  item,
  selection,
  actions,
  now,
}: {
  item: Item;
  selection: RowSelection | undefined;
  actions: (item: Item) => ReactNode;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  return (
    <TableRow className="align-top">
      {selection ? (
        <TableCell>
          <label className="flex min-h-11 min-w-11 items-center justify-start">
            <input
              type="checkbox"
              className="h-5 w-5 accent-blue-700"
              aria-label={t('admin-operations.operations.bulk.selectRow', { id: item.id })}
              checked={selection.allMatching || selection.rows.has(item.id)}
              onChange={(event) => selection.toggle([item], event.target.checked)}
            />
          </label>
        </TableCell>
      ) : null}
      <TableCell label={t('admin-operations.operations.list.columns.id')} className="font-medium" data-column="id">
        {item.id}
      </TableCell>
      <TableCell label={t('admin-operations.operations.list.columns.status')}>
        <StatusBadge status={item.status} />
        {item.reopened ? (
          <span className={cn(BADGE_SHAPE, 'ml-1 border-red-300 bg-red-50 text-red-900')}>
            {t('admin-operations.operations.list.reopened')}
          </span>
        ) : null}
      </TableCell>
      <TableCell label={t('admin-operations.operations.list.columns.problem')}>
        {t(`common.problemType.${item.problemType}`)}
      </TableCell>
      <TableCell label={t('admin-operations.operations.list.columns.address')}>{item.address}</TableCell>
      {/* A phone's card names the pole only when the request has one. */}
      <TableCell
        label={t('admin-operations.operations.list.columns.pole')}
        card={item.poleNumber !== null}
        // On a card a long pole number wraps (one line in the table).
        className="whitespace-nowrap max-sm:whitespace-normal"
      >
        {item.poleNumber ?? '—'}
      </TableCell>
      <TableCell card={false}>{item.name ?? t('admin-operations.operations.common.notInformed')}</TableCell>
      <TableCell card={false} className="whitespace-nowrap">
        {item.phone}
      </TableCell>
      <TableCell card={false}>{item.companyName}</TableCell>
      <TableCell label={t('admin-operations.operations.list.columns.date')}>
        <span className="max-sm:hidden">{formatDateTime(item.createdAt, i18n.language)}</span>{' '}
        <span className="text-gray-700 sm:block">
          {formatAge(item.createdAt, now, i18n.language) ?? t('admin-operations.operations.list.age.justNow')}
        </span>
      </TableCell>
      <TableCell card={false} className="whitespace-nowrap">
        {formatDateTime(item.updatedAt, i18n.language)}
      </TableCell>
      <TableCell label={t('admin-operations.operations.list.columns.due')}>
        <DeadlineBadge request={item} now={now} />
      </TableCell>
      {actions(item)}
    </TableRow>
  );
}
