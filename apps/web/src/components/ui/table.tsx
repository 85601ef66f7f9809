// Data tables in shadcn style: a real <table> with column headers, inside a named region
// reachable by keyboard (WCAG 2.1.1) that scrolls sideways when the table is wider than the
// screen (360 px as on a desktop). Positioned, so visually hidden labels inside stay in it.
import type { HTMLAttributes, TableHTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** The scroll region's accessible name. */
  label: string;
}

/** `className` takes the table's least width (`min-w-[720px]`), past which the region scrolls. */
export function Table({ label, className, ...props }: TableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="relative overflow-x-auto" tabIndex={0} aria-label={label}>
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
    </section>
  );
}

export function TableHeader({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  // The selector outranks TableRow's own border colour.
  return <thead className={cn('[&_tr]:border-gray-300', className)} {...props} />;
}

export function TableBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('border-b border-gray-200', className)} {...props} />;
}

/** A header cell: a column's (the default) or, with scope="row", a row's. */
export function TableHead({ scope = 'col', className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cn('px-2 py-2', scope === 'row' ? 'text-left font-medium' : 'font-semibold', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-2 py-2', className)} {...props} />;
}
