// /admin/open311-keys (admin only, decision 0038): issue a key per Open311 client (shown once,
// right after it is issued), see when each was last used, and revoke one (asked to confirm).
import {
  type IssuedOpen311Key,
  OPEN311_KEY_NAME_MAX,
  type Open311Key,
  open311KeyInputSchema,
} from '@acende/shared/schemas/open311';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CrudColumn, CrudPage } from '../../../components/admin/crud-page.tsx';
import { formatDateTime } from '../../../components/requests/format.ts';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useIssueOpen311Key } from '../api/issue-open311-key.ts';
import { useOpen311Keys } from '../api/open311-keys.ts';
import { useRevokeOpen311Key } from '../api/revoke-open311-key.ts';

function IssuedKey({ issued, onDismiss }: { issued: IssuedOpen311Key; onDismiss: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="issued-key-title"
      className="grid gap-3 rounded-theme border border-green-700 bg-green-50 p-4"
    >
      <h2 id="issued-key-title" ref={heading} tabIndex={-1} className="font-heading text-xl font-semibold">
        {t('admin-open311.open311Keys.issuedTitle', { name: issued.name })}
      </h2>
      <p>{t('admin-open311.open311Keys.issuedBody')}</p>
      <TextField
        id="issued-key"
        label={t('admin-open311.open311Keys.issuedKey')}
        value={issued.key}
        readOnly
        className="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div>
        <Button variant="secondary" onClick={onDismiss}>
          {t('admin-open311.open311Keys.dismiss')}
        </Button>
      </div>
    </section>
  );
}

function IssueForm({ onIssued }: { onIssued: (key: IssuedOpen311Key) => void }) {
  const { t } = useTranslation();
  const issue = useIssueOpen311Key();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(open311KeyInputSchema, undefined, { raw: true }) as never,
    defaultValues: { name: '' },
  });
  const field = fieldBinder(form, 'open311-key');
  const submit = form.handleSubmit((values) =>
    issue.mutate(values, {
      onSuccess: (issued) => {
        form.reset({ name: '' });
        onIssued(issued);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, ['name']);
        toast({
          title: t('common.errors.generic'),
          description: errorMessage(error, t('common.errors.generic')),
          variant: 'destructive',
        });
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-64">
        <TextField
          label={t('admin-open311.open311Keys.name')}
          hint={t('admin-open311.open311Keys.nameHint')}
          maxLength={OPEN311_KEY_NAME_MAX}
          {...field('name')}
        />
      </div>
      <SubmitButton pending={issue.isPending} pendingLabel={t('admin-open311.open311Keys.issue')}>
        {t('admin-open311.open311Keys.issue')}
      </SubmitButton>
    </form>
  );
}

export default function Open311KeysPage() {
  const { t, i18n } = useTranslation();
  const keys = useOpen311Keys();
  const revoke = useRevokeOpen311Key();
  const [issued, setIssued] = useState<IssuedOpen311Key | null>(null);
  const date = (value: string) => formatDateTime(value, i18n.language);

  const columns: CrudColumn<Open311Key>[] = [
    { header: t('admin-open311.open311Keys.name'), className: 'font-medium', cell: (key) => key.name },
    { header: t('admin-open311.open311Keys.prefix'), cell: (key) => <code>{key.keyPrefix}…</code> },
    { header: t('admin-open311.open311Keys.createdAt'), cell: (key) => date(key.createdAt) },
    {
      header: t('admin-open311.open311Keys.lastUsedAt'),
      cell: (key) => (key.lastUsedAt ? date(key.lastUsedAt) : t('admin-open311.open311Keys.never')),
    },
    {
      header: t('admin-open311.open311Keys.state'),
      cell: (key) =>
        key.revokedAt
          ? t('admin-open311.open311Keys.revoked', { date: date(key.revokedAt) })
          : t('admin-open311.open311Keys.active'),
    },
    {
      header: t('admin-open311.open311Keys.actions'),
      cell: (key, row) =>
        key.revokedAt ? null : (
          <Button
            variant="danger"
            size="sm"
            aria-label={`${t('admin-open311.open311Keys.revoke')}: ${key.name}`}
            disabled={row.removing}
            onClick={row.remove}
          >
            {t('admin-open311.open311Keys.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <CrudPage
      title={t('admin-open311.open311Keys.title')}
      description={t('admin-open311.open311Keys.intro')}
      query={keys}
      errorMessage={t('common.errors.generic')}
      retryLabel={t('admin-operations.operations.common.retry')}
      empty={t('admin-open311.open311Keys.empty')}
      columns={columns}
      removal={{
        mutation: revoke,
        confirm: (key) => ({
          title: t('admin-open311.open311Keys.revokeTitle', { name: key.name }),
          description: t('admin-open311.open311Keys.revokeBody'),
        }),
        confirmLabel: t('admin-open311.open311Keys.revoke'),
        cancelLabel: t('admin-open311.open311Keys.cancel'),
        doneTitle: t('admin-open311.open311Keys.revokedToast'),
        errorTitle: t('common.errors.generic'),
      }}
    >
      <IssueForm onIssued={setIssued} />
      {issued ? <IssuedKey key={issued.id} issued={issued} onDismiss={() => setIssued(null)} /> : null}
    </CrudPage>
  );
}
