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
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/requests/format.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
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
        {t('open311Keys.issuedTitle', { name: issued.name })}
      </h2>
      <p>{t('open311Keys.issuedBody')}</p>
      <TextField
        id="issued-key"
        label={t('open311Keys.issuedKey')}
        value={issued.key}
        readOnly
        className="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div>
        <Button variant="secondary" onClick={onDismiss}>
          {t('open311Keys.dismiss')}
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
          title: t('errors.generic'),
          description: errorMessage(error, t('errors.generic')),
          variant: 'destructive',
        });
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-64">
        <TextField
          label={t('open311Keys.name')}
          hint={t('open311Keys.nameHint')}
          maxLength={OPEN311_KEY_NAME_MAX}
          {...field('name')}
        />
      </div>
      <SubmitButton pending={issue.isPending} pendingLabel={t('open311Keys.issue')}>
        {t('open311Keys.issue')}
      </SubmitButton>
    </form>
  );
}

export default function Open311KeysPage() {
  const { t, i18n } = useTranslation();
  const keys = useOpen311Keys();
  const revoke = useRevokeOpen311Key();
  const [issued, setIssued] = useState<IssuedOpen311Key | null>(null);
  const [revoking, setRevoking] = useState<Open311Key | null>(null);

  const confirmRevoke = (key: Open311Key) => {
    setRevoking(null);
    revoke.mutate(key.id, {
      onSuccess: () => toast({ title: t('open311Keys.revokedToast'), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('errors.generic'),
          description: errorMessage(error, t('errors.generic')),
          variant: 'destructive',
        }),
    });
  };

  return (
    <PageShell title={t('open311Keys.title')} description={t('open311Keys.intro')}>
      <IssueForm onIssued={setIssued} />
      {issued ? <IssuedKey key={issued.id} issued={issued} onDismiss={() => setIssued(null)} /> : null}
      <QueryState query={keys} errorMessage={t('errors.generic')} retryLabel={t('operations.common.retry')}>
        {(data) =>
          data.length === 0 ? (
            <p>{t('open311Keys.empty')}</p>
          ) : (
            <Table label={t('open311Keys.title')} className="min-w-[720px]">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('open311Keys.name')}</TableHead>
                  <TableHead>{t('open311Keys.prefix')}</TableHead>
                  <TableHead>{t('open311Keys.createdAt')}</TableHead>
                  <TableHead>{t('open311Keys.lastUsedAt')}</TableHead>
                  <TableHead>{t('open311Keys.state')}</TableHead>
                  <TableHead>{t('open311Keys.actions')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.map((key) => (
                  <TableRow key={key.id}>
                    <TableCell label={t('open311Keys.name')} className="font-medium">
                      {key.name}
                    </TableCell>
                    <TableCell label={t('open311Keys.prefix')}>
                      <code>{key.keyPrefix}…</code>
                    </TableCell>
                    <TableCell label={t('open311Keys.createdAt')}>
                      {formatDateTime(key.createdAt, i18n.language)}
                    </TableCell>
                    <TableCell label={t('open311Keys.lastUsedAt')}>
                      {key.lastUsedAt ? formatDateTime(key.lastUsedAt, i18n.language) : t('open311Keys.never')}
                    </TableCell>
                    <TableCell label={t('open311Keys.state')}>
                      {key.revokedAt
                        ? t('open311Keys.revoked', { date: formatDateTime(key.revokedAt, i18n.language) })
                        : t('open311Keys.active')}
                    </TableCell>
                    <TableCell label={t('open311Keys.actions')}>
                      {key.revokedAt ? null : (
                        <Button
                          variant="danger"
                          size="sm"
                          aria-label={`${t('open311Keys.revoke')}: ${key.name}`}
                          disabled={revoke.isPending}
                          onClick={() => setRevoking(key)}
                        >
                          {t('open311Keys.revoke')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? t('open311Keys.revokeTitle', { name: revoking.name }) : ''}
        description={revoking ? t('open311Keys.revokeBody') : undefined}
        confirmLabel={t('open311Keys.revoke')}
        cancelLabel={t('open311Keys.cancel')}
        onConfirm={() => revoking && confirmRevoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </PageShell>
  );
}
