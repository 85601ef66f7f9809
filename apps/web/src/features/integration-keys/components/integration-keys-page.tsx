// /admin/integration-keys (admin only, decision 0066): issue a key for an energy company's own
// system (shown once, right after it is issued), see when each was last used, and revoke one.
import {
  INTEGRATION_KEY_NAME_MAX,
  type IntegrationKey,
  type IntegrationKeyInput,
  type IssuedIntegrationKey,
  integrationKeyInputSchema,
} from '@acende/shared/schemas/integrations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { IssuedKeysPage, useIssueSubmit } from '../../../components/admin/issued-keys-page.tsx';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { useAdminEnergyCompanies } from '../../../lib/admin-energy-companies.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useIntegrationKeys } from '../api/integration-keys.ts';
import { useIssueIntegrationKey } from '../api/issue-integration-key.ts';
import { useRevokeIntegrationKey } from '../api/revoke-integration-key.ts';

/** No company chosen yet: the select shows its "choose" option. */
const EMPTY = { name: '' } as IntegrationKeyInput;

function IssueForm({ onIssued }: { onIssued: (key: IssuedIntegrationKey) => void }) {
  const { t } = useTranslation();
  const issue = useIssueIntegrationKey();
  const companies = useAdminEnergyCompanies();
  const form = useForm<IntegrationKeyInput>({
    resolver: zodResolver(integrationKeyInputSchema, undefined, { raw: true }) as never,
    defaultValues: EMPTY,
  });
  const field = fieldBinder(form, 'integration-key');
  const submit = useIssueSubmit(form, issue, { fields: ['companyId', 'name'], empty: EMPTY, onIssued });
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-56">
        <SelectField
          label={t('admin-integrations.keys.company')}
          empty={t('admin-integrations.keys.companyPick')}
          choices={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
          {...field('companyId', { setValueAs: (value) => (value === '' ? undefined : Number(value)) })}
        />
      </div>
      <div className="min-w-0 flex-1 basis-56">
        <TextField
          label={t('admin-integrations.keys.name')}
          hint={t('admin-integrations.keys.nameHint')}
          maxLength={INTEGRATION_KEY_NAME_MAX}
          {...field('name')}
        />
      </div>
      <SubmitButton pending={issue.isPending} pendingLabel={t('admin-integrations.keys.issue')}>
        {t('admin-integrations.keys.issue')}
      </SubmitButton>
    </form>
  );
}

export default function IntegrationKeysPage() {
  const { t } = useTranslation();
  const [issued, setIssued] = useState<IssuedIntegrationKey | null>(null);
  return (
    <IssuedKeysPage<IntegrationKey>
      words={{
        title: t('admin-integrations.keys.title'),
        intro: t('admin-integrations.keys.intro'),
        name: t('admin-integrations.keys.name'),
        prefix: t('admin-integrations.keys.prefix'),
        createdAt: t('admin-integrations.keys.createdAt'),
        lastUsedAt: t('admin-integrations.keys.lastUsedAt'),
        never: t('admin-integrations.keys.never'),
        state: t('admin-integrations.keys.state'),
        active: t('admin-integrations.keys.active'),
        revoked: (date) => t('admin-integrations.keys.revoked', { date }),
        revoke: t('admin-integrations.keys.revoke'),
        revokeTitle: (name) => t('admin-integrations.keys.revokeTitle', { name }),
        revokeBody: t('admin-integrations.keys.revokeBody'),
        revokedToast: t('admin-integrations.keys.revokedToast'),
        cancel: t('admin-integrations.keys.cancel'),
        empty: t('admin-integrations.keys.empty'),
        actions: t('admin-integrations.keys.actions'),
        issuedTitle: (name) => t('admin-integrations.keys.issuedTitle', { name }),
        issuedBody: t('admin-integrations.keys.issuedBody'),
        issuedKey: t('admin-integrations.keys.issuedKey'),
        dismiss: t('admin-integrations.keys.dismiss'),
      }}
      keys={useIntegrationKeys()}
      revoke={useRevokeIntegrationKey()}
      columns={[{ header: t('admin-integrations.keys.company'), cell: (key) => key.companyName }]}
      form={<IssueForm onIssued={setIssued} />}
      issued={issued}
      onDismiss={() => setIssued(null)}
    />
  );
}
