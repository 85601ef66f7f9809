// The add and edit form of a webhook: the company (fixed once added), the address, the events
// (each with a line on when it goes out) and a description, checked with the API's own schema
// before sending; the server's refusals show under their fields.
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  webhookEndpointInputSchema,
  webhookEndpointPatchSchema,
} from '@acende/shared/schemas/webhooks';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxGroup } from '../../../components/ui/checkbox-group.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useAdminEnergyCompanies } from '../../../lib/admin-energy-companies.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint.ts';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint.ts';
import { EVENT_WORDS } from './event-choices.ts';

interface Values {
  companyId: string;
  url: string;
  events: WebhookEventType[];
  description: string;
}

const FIELDS = ['companyId', 'url', 'events', 'description'] as const;

const payload = (values: Values) => ({
  companyId: values.companyId === '' ? undefined : Number(values.companyId),
  url: values.url,
  events: values.events,
  description: values.description,
});

/** The new endpoint's schema, or the patch's (no company) when editing; an unchosen company is "required". */
function resolverFor(editing: boolean): Resolver<Values> {
  if (editing) return payloadResolver<Values>(webhookEndpointPatchSchema, ({ companyId: _, ...rest }) => rest);
  const check = payloadResolver<Values>(webhookEndpointInputSchema, payload);
  return async (values, context, options) => {
    const result = await check(values, context, options);
    if (result.errors.companyId && values.companyId === '') {
      result.errors.companyId.message = 'common.validation.company.required';
    }
    return result;
  };
}

/** The form's state, and its submission: create (the secret comes back) or patch. */
function useWebhookForm(
  endpoint: WebhookEndpoint | null,
  onDone: () => void,
  onCreated: (created: WebhookEndpointWithSecret) => void,
) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const form = useForm<Values>({
    resolver: resolverFor(endpoint !== null),
    defaultValues: endpoint
      ? {
          companyId: String(endpoint.companyId),
          url: endpoint.url,
          events: endpoint.events,
          description: endpoint.description ?? '',
        }
      : { companyId: '', url: '', events: [], description: '' },
  });
  const onError = (error: unknown) => {
    applyServerErrors(error, form.setError, FIELDS);
    toast({
      title: t('common.errors.generic'),
      description: errorMessage(error, t('common.errors.generic')),
      variant: 'destructive',
    });
  };
  const submit = form.handleSubmit((values) => {
    const { companyId, ...changes } = payload(values);
    const description = changes.description.trim() || null;
    if (endpoint) {
      const saved = () => {
        announceSaved(t('admin-integrations.webhooksPage.saved'));
        onDone();
      };
      update.mutate({ id: endpoint.id, ...changes, description }, { onSuccess: saved, onError });
    } else {
      create.mutate({ companyId: companyId ?? 0, ...changes, description }, { onSuccess: onCreated, onError });
    }
  });
  return { form, submit, pending: create.isPending || update.isPending };
}

export function WebhookEndpointForm({
  endpoint,
  onDone,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onDone: () => void;
  /** A new endpoint, with its secret to show once. */
  onCreated: (created: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation();
  const companies = useAdminEnergyCompanies();
  const { form, submit, pending } = useWebhookForm(endpoint, onDone, onCreated);
  const field = fieldBinder(form, 'webhook');
  const titleId = 'webhook-form-title';

  useEffect(() => {
    form.setFocus(endpoint ? 'url' : 'companyId');
  }, [form, endpoint]);

  const company = field('companyId');
  const companyChoices = (companies.data ?? [])
    .filter((company) => company.active || company.id === endpoint?.companyId)
    .map((company) => ({ value: company.id, label: company.fullName || company.name }));

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      className="grid gap-4 rounded-theme border border-gray-300 bg-white p-4"
    >
      <h2 id={titleId} className="font-heading text-xl font-semibold">
        {endpoint
          ? t('admin-integrations.webhooksPage.editTitle', { company: endpoint.companyName })
          : t('admin-integrations.webhooksPage.new')}
      </h2>
      <SelectField
        label={t('admin-integrations.webhooksPage.company')}
        hint={endpoint ? t('admin-integrations.webhooksPage.companyFixed') : undefined}
        required
        disabled={endpoint !== null}
        empty={t('admin-integrations.webhooksPage.companyChoose')}
        choices={companyChoices}
        {...company}
        error={company.error ?? (companies.isError ? t('admin-integrations.webhooksPage.companiesError') : undefined)}
      />
      <TextField
        label={t('admin-integrations.webhooksPage.url')}
        hint={t('admin-integrations.webhooksPage.urlHint')}
        kind="verbatim"
        type="url"
        inputMode="url"
        required
        maxLength={WEBHOOK_URL_MAX}
        {...field('url')}
      />
      <Controller
        control={form.control}
        name="events"
        render={({ field: chosen, fieldState }) => (
          <CheckboxGroup
            id="webhook-events"
            legend={t('admin-integrations.webhooksPage.events')}
            hint={t('admin-integrations.webhooksPage.eventsHint')}
            required
            choices={WEBHOOK_EVENT_TYPES.map((type) => ({
              value: type,
              label: t(EVENT_WORDS[type].label),
              hint: t(EVENT_WORDS[type].hint),
            }))}
            value={chosen.value}
            onChange={(next) => chosen.onChange(next as WebhookEventType[])}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label={t('admin-integrations.webhooksPage.description')}
        hint={t('admin-integrations.webhooksPage.descriptionHint')}
        optional
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        {...field('description')}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} pendingLabel={t('admin-integrations.webhooksPage.saving')}>
          {t('admin-integrations.webhooksPage.save')}
        </SubmitButton>
        <Button variant="secondary" onClick={onDone}>
          {t('admin-integrations.webhooksPage.cancel')}
        </Button>
      </div>
    </form>
  );
}
