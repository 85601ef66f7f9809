// /admin/open311-keys (admin only, decision 0038): issue a key per Open311 client (shown once,
// right after it is issued), see when each was last used, and revoke one (asked to confirm).
import {
  type IssuedOpen311Key,
  OPEN311_KEY_NAME_MAX,
  type Open311Key,
  open311KeyInputSchema,
} from '@acende/shared/schemas/open311';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { IssuedKeysPage, useIssueSubmit } from '../../../components/admin/issued-keys-page.tsx';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useIssueOpen311Key } from '../api/issue-open311-key.ts';
import { useOpen311Keys } from '../api/open311-keys.ts';
import { useRevokeOpen311Key } from '../api/revoke-open311-key.ts';

function IssueForm({ onIssued }: { onIssued: (key: IssuedOpen311Key) => void }) {
  const { t } = useTranslation();
  const issue = useIssueOpen311Key();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(open311KeyInputSchema, undefined, { raw: true }) as never,
    defaultValues: { name: '' },
  });
  const field = fieldBinder(form, 'open311-key');
  const submit = useIssueSubmit(form, issue, { fields: ['name'], empty: { name: '' }, onIssued });
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
  const { t } = useTranslation();
  const [issued, setIssued] = useState<IssuedOpen311Key | null>(null);
  return (
    <IssuedKeysPage<Open311Key>
      words={{
        title: t('admin-open311.open311Keys.title'),
        intro: t('admin-open311.open311Keys.intro'),
        name: t('admin-open311.open311Keys.name'),
        prefix: t('admin-open311.open311Keys.prefix'),
        createdAt: t('admin-open311.open311Keys.createdAt'),
        lastUsedAt: t('admin-open311.open311Keys.lastUsedAt'),
        never: t('admin-open311.open311Keys.never'),
        state: t('admin-open311.open311Keys.state'),
        active: t('admin-open311.open311Keys.active'),
        revoked: (date) => t('admin-open311.open311Keys.revoked', { date }),
        revoke: t('admin-open311.open311Keys.revoke'),
        revokeTitle: (name) => t('admin-open311.open311Keys.revokeTitle', { name }),
        revokeBody: t('admin-open311.open311Keys.revokeBody'),
        revokedToast: t('admin-open311.open311Keys.revokedToast'),
        cancel: t('admin-open311.open311Keys.cancel'),
        empty: t('admin-open311.open311Keys.empty'),
        actions: t('admin-open311.open311Keys.actions'),
        issuedTitle: (name) => t('admin-open311.open311Keys.issuedTitle', { name }),
        issuedBody: t('admin-open311.open311Keys.issuedBody'),
        issuedKey: t('admin-open311.open311Keys.issuedKey'),
        dismiss: t('admin-open311.open311Keys.dismiss'),
      }}
      keys={useOpen311Keys()}
      revoke={useRevokeOpen311Key()}
      form={<IssueForm onIssued={setIssued} />}
      issued={issued}
      onDismiss={() => setIssued(null)}
    />
  );
}
