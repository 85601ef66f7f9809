// The admin list page every registry uses (reply templates, energy companies, Open311 keys):
// a title with an add button, the add or edit form above the list, the rows in a table
// (cards at 360 px), and a removal asked to confirm first, then told in a toast.
import type { UseMutationResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { ConfirmDialog } from '../ui/alert-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { type Loadable, PageShell, QueryState } from '../ui/page-shell.tsx';
import { announceSaved } from '../ui/save-status.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table.tsx';
import { toast } from '../ui/toast.tsx';

/** What a row's cells may do: open its edit form, or ask to remove it. */
export interface RowActions {
  edit: () => void;
  remove: () => void;
  /** A removal is under way: the remove buttons wait. */
  removing: boolean;
}

export interface CrudColumn<T> {
  header: string;
  cell: (row: T, actions: RowActions) => ReactNode;
  className?: string;
}

export interface CrudRemoval<T> {
  mutation: UseMutationResult<unknown, unknown, number>;
  /** The dialog's title and body for this row. */
  confirm: (row: T) => { title: string; description: string };
  confirmLabel: string;
  cancelLabel: string;
  doneTitle: string;
  errorTitle: string;
}

export interface CrudPageProps<T extends { id: number }> {
  title: string;
  description?: string;
  /** Offers "add" beside the title while no form is open. */
  addLabel?: string;
  /** The add (row null) or edit form; `done` closes it. */
  form?: (row: T | null, done: () => void) => ReactNode;
  /** Above the list, under any form (a form of its own, a one-time notice). */
  children?: ReactNode;
  /** Under the list (a second list of the page's own, a dialog of its own). */
  after?: ReactNode;
  query: Loadable<T[]>;
  errorMessage: string;
  retryLabel: string;
  empty: string;
  columns: CrudColumn<T>[];
  removal: CrudRemoval<T>;
}

export function CrudPage<T extends { id: number }>(props: CrudPageProps<T>) {
  const { title, description, addLabel, form, children, query, removal } = props;
  // null: no form; 'new': adding; a row: editing it.
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const remove = useConfirmedRemoval(removal);
  const actionsOf = (row: T): RowActions => ({
    edit: () => setEditing(row),
    remove: () => remove.ask(row),
    removing: removal.mutation.isPending,
  });

  return (
    <PageShell
      title={title}
      description={description}
      actions={addLabel && editing === null ? <Button onClick={() => setEditing('new')}>{addLabel}</Button> : null}
    >
      {form && editing !== null ? (
        <Fragment key={editing === 'new' ? 'new' : editing.id}>
          {form(editing === 'new' ? null : editing, () => setEditing(null))}
        </Fragment>
      ) : null}
      {children}
      <QueryState query={query} errorMessage={props.errorMessage} retryLabel={props.retryLabel}>
        {(rows) =>
          rows.length === 0 ? (
            <p>{props.empty}</p>
          ) : (
            <CrudTable label={title} rows={rows} columns={props.columns} actionsOf={actionsOf} />
          )
        }
      </QueryState>
      {props.after}
      <ConfirmDialog
        open={remove.target !== null}
        title={remove.target ? removal.confirm(remove.target).title : ''}
        description={remove.target ? removal.confirm(remove.target).description : undefined}
        confirmLabel={removal.confirmLabel}
        cancelLabel={removal.cancelLabel}
        onConfirm={remove.confirm}
        onCancel={remove.cancel}
      />
    </PageShell>
  );
}

function CrudTable<T extends { id: number }>({
  label,
  rows,
  columns,
  actionsOf,
}: {
  label: string;
  rows: T[];
  columns: CrudColumn<T>[];
  actionsOf: (row: T) => RowActions;
}) {
  return (
    <Table label={label} className="min-w-[720px]">
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.header}>{column.header}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            {columns.map((column) => (
              <TableCell key={column.header} label={column.header} className={column.className}>
                {column.cell(row, actionsOf(row))}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The row whose removal waits for the person's answer, and the removal once confirmed. */
function useConfirmedRemoval<T extends { id: number }>(removal: CrudRemoval<T>) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<T | null>(null);
  const confirm = () => {
    if (target === null) return;
    setTarget(null);
    removal.mutation.mutate(target.id, {
      onSuccess: () => announceSaved(removal.doneTitle),
      onError: (error) =>
        toast({
          title: removal.errorTitle,
          description: errorMessage(error, t('common.errors.generic')),
          variant: 'destructive',
        }),
    });
  };
  return { target, ask: setTarget, confirm, cancel: () => setTarget(null) };
}
