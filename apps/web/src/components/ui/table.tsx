// Data tables in shadcn style: a real <table> with column headers, inside a named region
// reachable by keyboard (WCAG 2.1.1) that scrolls sideways when the table is wider than the
// screen. Under 640 px (Tailwind's sm) every row becomes a card: the header row is hidden,
// each cell stacks with its column's name (TableCell `label`) before its value, and cells
// marked `card={false}` stay out of the card, so nothing scrolls sideways on a phone.
// Sortable columns (SortableTableHead) say their order with aria-sort. The roles are
// written out: a browser drops a table's semantics once its display is changed (the cards).
import type { HTMLAttributes, ReactNode, TableHTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** The scroll region's accessible name. */
  label: string;
}

/** `className` takes the table's least width on a wide screen (`min-w-[720px]`), past which the region scrolls. */
export function Table({ label, className, ...props }: TableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="relative overflow-x-auto" tabIndex={0} aria-label={label}>
      <table
        // biome-ignore lint/a11y/noRedundantRoles: kept when the cards change the display (see the top)
        role="table"
        className={cn(
          'w-full border-collapse text-left text-sm',
          className,
          'max-sm:block max-sm:min-w-0 max-sm:[&>tbody]:grid max-sm:[&>tbody]:gap-3',
        )}
        {...props}
      />
    </section>
  );
}

export function TableHeader({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  // The selector outranks TableRow's own border colour. On a phone the cards name their cells.
  return <thead className={cn('[&_tr]:border-gray-300 max-sm:hidden', className)} {...props} />;
}

export function TableBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return (
    <tbody
      // biome-ignore lint/a11y/noRedundantRoles: kept when the cards change the display (see the top)
      role="rowgroup"
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      // biome-ignore lint/a11y/noRedundantRoles: kept when the cards change the display (see the top)
      role="row"
      className={cn(
        'border-b border-gray-200',
        'max-sm:grid max-sm:gap-1 max-sm:rounded-theme max-sm:border max-sm:border-gray-300 max-sm:p-3',
        className,
      )}
      {...props}
    />
  );
}

/** A header cell: a column's (the default) or, with scope="row", a row's. */
export function TableHead({ scope = 'col', className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      role={scope === 'row' ? 'rowheader' : 'columnheader'}
      className={cn('px-2 py-2', scope === 'row' ? 'text-left font-medium' : 'font-semibold', className)}
      {...props}
    />
  );
}

export type SortOrder = 'ascending' | 'descending';

/**
 * A column header that sorts the table: a button that names the column, with aria-sort on
 * the header when the table is sorted by it. `onSort` gets the order the button asks for:
 * the other way when sorted by this column, else `first`.
 */
export function SortableTableHead({
  children,
  sorted,
  first = 'ascending',
  onSort,
  className,
}: {
  children: ReactNode;
  /** How the table is sorted by this column, or undefined when by another. */
  sorted: SortOrder | undefined;
  first?: SortOrder;
  onSort: (order: SortOrder) => void;
  className?: string;
}) {
  const next: SortOrder = sorted ? (sorted === 'ascending' ? 'descending' : 'ascending') : first;
  return (
    <th
      scope="col"
      // biome-ignore lint/a11y/noRedundantRoles: kept when the cards change the display (see the top)
      role="columnheader"
      aria-sort={sorted ?? 'none'}
      className={cn('px-2 py-1 font-semibold', className)}
    >
      <button
        type="button"
        onClick={() => onSort(next)}
        className="inline-flex min-h-11 items-center gap-1 rounded-theme px-1 text-left font-semibold underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-blue-700"
      >
        {children}
        <span aria-hidden="true" className={cn('text-xs', sorted ? 'text-gray-900' : 'text-gray-500')}>
          {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

export interface TableCellProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** The column's name, shown before the value when the row is a card (a phone). */
  label?: string;
  /** False: the cell is left out of the card (a detail the card does without). */
  card?: boolean;
}

export function TableCell({ className, label, card = true, children, ...props }: TableCellProps) {
  return (
    <td
      // biome-ignore lint/a11y/noRedundantRoles: kept when the cards change the display (see the top)
      role="cell"
      className={cn(
        'px-2 py-2',
        'max-sm:px-0 max-sm:py-0.5',
        label ? 'max-sm:grid max-sm:grid-cols-[minmax(0,8rem)_minmax(0,1fr)] max-sm:gap-2' : 'max-sm:block',
        card ? null : 'max-sm:hidden',
        className,
      )}
      {...props}
    >
      {label ? (
        <>
          <span className="font-medium text-gray-700 sm:hidden">{label}</span>
          <div className="min-w-0 break-words">{children}</div>
        </>
      ) : (
        children
      )}
    </td>
  );
}
