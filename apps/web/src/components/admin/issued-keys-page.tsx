// The admin page of the keys that let another system in (Open311 clients', decision 0038;
// energy companies' own systems, decision 0066): the issue form and the key shown once above
// the list, each key's start, dates and state, and a revoke asked to confirm. Each screen
// brings its words, its form and any column of its own.
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { formatDateTime } from '../requests/format.ts';
import { Button } from '../ui/button.tsx';
import type { Loadable } from '../ui/page-shell.tsx';
import { toast } from '../ui/toast.tsx';
import { type CrudColumn, CrudPage } from './crud-page.tsx';
import { ShownOnce } from './shown-once.tsx';

export interface IssuedKeyRow {
  id: number;
  name: string;
  keyPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The page's words, in the reader's language. */
export interface IssuedKeysWords {
  title: string;
  intro: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string;
  never: string;
  state: string;
  active: string;
  revoked: (date: string) => string;
  revoke: string;
  revokeTitle: (name: string) => string;
  revokeBody: string;
  revokedToast: string;
  cancel: string;
  empty: string;
  actions: string;
  issuedTitle: (name: string) => string;
  issuedBody: string;
  issuedKey: string;
  dismiss: string;
}

export interface IssuedKeysPageProps<K extends IssuedKeyRow> {
  words: IssuedKeysWords;
  keys: Loadable<K[]>;
  revoke: UseMutationResult<unknown, unknown, number>;
  /** Columns after the name (the company a key is for). */
  columns?: CrudColumn<K>[];
  /** The issue form. */
  form: ReactNode;
  /** The key just issued, shown once until dismissed. */
  issued: { id: number; name: string; key: string } | null;
  onDismiss: () => void;
}

export function IssuedKeysPage<K extends IssuedKeyRow>(props: IssuedKeysPageProps<K>) {
  const { words, keys, revoke, form, issued, onDismiss } = props;
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatDateTime(value, i18n.language);
  const columns: CrudColumn<K>[] = [
    { header: words.name, className: 'font-medium wrap-anywhere', cell: (key) => key.name },
    ...(props.columns ?? []),
    { header: words.prefix, cell: (key) => <code>{key.keyPrefix}…</code> },
    { header: words.createdAt, cell: (key) => date(key.createdAt) },
    { header: words.lastUsedAt, cell: (key) => (key.lastUsedAt ? date(key.lastUsedAt) : words.never) },
    { header: words.state, cell: (key) => (key.revokedAt ? words.revoked(date(key.revokedAt)) : words.active) },
    {
      header: words.actions,
      cell: (key, row) =>
        key.revokedAt ? null : (
          <Button
            variant="danger"
            size="sm"
            aria-label={`${words.revoke}: ${key.name}`}
            disabled={row.removing}
            onClick={row.remove}
          >
            {words.revoke}
          </Button>
        ),
    },
  ];

  return (
    <CrudPage
      title={words.title}
      description={words.intro}
      query={keys}
      errorMessage={t('common.errors.generic')}
      retryLabel={t('admin-operations.operations.common.retry')}
      empty={words.empty}
      columns={columns}
      removal={{
        mutation: revoke,
        confirm: (key) => ({ title: words.revokeTitle(key.name), description: words.revokeBody }),
        confirmLabel: words.revoke,
        cancelLabel: words.cancel,
        doneTitle: words.revokedToast,
        errorTitle: t('common.errors.generic'),
      }}
    >
      {form}
      {issued ? (
        <ShownOnce
          key={issued.id}
          id="issued-key"
          title={words.issuedTitle(issued.name)}
          body={words.issuedBody}
          label={words.issuedKey}
          value={issued.key}
          dismissLabel={words.dismiss}
          onDismiss={onDismiss}
        />
      ) : null}
    </CrudPage>
  );
}

/**
 * The issue form's submit: the mutation, then the form emptied and the new key handed on; a
 * refusal shown on its fields and in a toast.
 */
export function useIssueSubmit<V extends FieldValues, R>(
  form: UseFormReturn<V>,
  issue: UseMutationResult<R, unknown, V>,
  options: { fields: Path<V>[]; empty: V; onIssued: (issued: R) => void },
) {
  const { t } = useTranslation();
  return form.handleSubmit((values) =>
    issue.mutate(values, {
      onSuccess: (issued) => {
        form.reset(options.empty);
        options.onIssued(issued);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, options.fields);
        toast({
          title: t('common.errors.generic'),
          description: errorMessage(error, t('common.errors.generic')),
          variant: 'destructive',
        });
      },
    }),
  );
}
