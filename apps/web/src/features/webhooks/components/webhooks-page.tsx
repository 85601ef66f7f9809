// /admin/webhooks (admin only, issue 38): each company's endpoints with their events, on/off
// and deliveries waiting or given up; add one (its signing secret shown once), edit, turn
// off or on, rotate the secret and delete (both asked first); the deliveries list under it.
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@acende/shared/schemas/webhooks';
import { useState } from 'react';
import { type CrudColumn, CrudPage, type RowActions } from '../../../components/admin/crud-page.tsx';
import { ShownOnce } from '../../../components/admin/shown-once.tsx';
import { formatDateTime } from '../../../components/requests/format.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { BADGE_SHAPE } from '../../../components/ui/badge.ts';
import { Button } from '../../../components/ui/button.tsx';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint.ts';
import { useWebhookEndpoints } from '../api/webhook-endpoints.ts';
import { EVENT_WORDS } from './event-choices.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookEndpointForm } from './webhook-endpoint-form.tsx';

const P = 'admin-integrations.webhooksPage';

/** Company by company, then by address: the list reads per company. */
const byCompany = (a: WebhookEndpoint, b: WebhookEndpoint) =>
  a.companyName.localeCompare(b.companyName, 'pt-BR') || a.url.localeCompare(b.url);

/** A row's own actions beside CrudPage's edit and delete: on/off, and a new secret (asked first). */
function useEndpointActions(onSecret: (endpoint: WebhookEndpointWithSecret) => void) {
  const { t } = useTranslation();
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const failed = (error: unknown) =>
    toast({
      title: t('common.errors.generic'),
      description: errorMessage(error, t('common.errors.generic')),
      variant: 'destructive',
    });
  const toggle = (endpoint: WebhookEndpoint) =>
    update.mutate(
      { id: endpoint.id, active: !endpoint.active },
      {
        onSuccess: () => announceSaved(t(endpoint.active ? `${P}.turnedOff` : `${P}.turnedOn`)),
        onError: failed,
      },
    );
  const confirmRotate = () => {
    if (rotating === null) return;
    setRotating(null);
    rotate.mutate(rotating.id, { onSuccess: onSecret, onError: failed });
  };
  const dialog = (
    <ConfirmDialog
      open={rotating !== null}
      title={rotating ? t(`${P}.rotateTitle`, { url: rotating.url }) : ''}
      description={t(`${P}.rotateBody`)}
      confirmLabel={t(`${P}.rotate`)}
      cancelLabel={t(`${P}.cancel`)}
      onConfirm={confirmRotate}
      onCancel={() => setRotating(null)}
    />
  );
  return { toggle, askRotate: setRotating, busy: update.isPending || rotate.isPending, dialog };
}

type EndpointActionsState = ReturnType<typeof useEndpointActions>;

/** The list's columns: company, address, events in words, on/off, deliveries, and the row's actions. */
function useEndpointColumns(actions: EndpointActionsState): CrudColumn<WebhookEndpoint>[] {
  const { t, i18n } = useTranslation();
  return [
    { header: t(`${P}.company`), className: 'font-medium', cell: (endpoint) => endpoint.companyName },
    {
      header: t(`${P}.url`),
      cell: (endpoint) => (
        <>
          <span className="break-all">{endpoint.url}</span>
          {endpoint.description ? <span className="block text-gray-700">{endpoint.description}</span> : null}
        </>
      ),
    },
    {
      header: t(`${P}.events`),
      cell: (endpoint) => (
        <ul>
          {endpoint.events.map((type) => (
            <li key={type}>{t(EVENT_WORDS[type].label)}</li>
          ))}
        </ul>
      ),
    },
    {
      header: t(`${P}.state`),
      cell: (endpoint) => (
        <span
          className={cn(
            BADGE_SHAPE,
            endpoint.active
              ? 'border-green-700 bg-green-50 text-green-900'
              : 'border-gray-400 bg-gray-100 text-gray-800',
          )}
        >
          {t(endpoint.active ? `${P}.active` : `${P}.inactive`)}
        </span>
      ),
    },
    { header: t(`${P}.pending`), cell: (endpoint) => endpoint.pending },
    { header: t(`${P}.dead`), cell: (endpoint) => endpoint.dead },
    {
      header: t(`${P}.lastDelivered`),
      cell: (endpoint) =>
        endpoint.lastDeliveredAt ? formatDateTime(endpoint.lastDeliveredAt, i18n.language) : t(`${P}.never`),
    },
    {
      header: t(`${P}.actions`),
      cell: (endpoint, row) => <EndpointActions endpoint={endpoint} row={row} actions={actions} />,
    },
  ];
}

function EndpointActions({
  endpoint,
  row,
  actions,
}: {
  endpoint: WebhookEndpoint;
  row: RowActions;
  actions: EndpointActionsState;
}) {
  const { t } = useTranslation();
  const named = (label: string) => `${label}: ${endpoint.url}`;
  const onOff = t(endpoint.active ? `${P}.turnOff` : `${P}.turnOn`);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" aria-label={named(t(`${P}.edit`))} onClick={row.edit}>
        {t(`${P}.edit`)}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={named(onOff)}
        disabled={actions.busy}
        onClick={() => actions.toggle(endpoint)}
      >
        {onOff}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={named(t(`${P}.rotate`))}
        disabled={actions.busy}
        onClick={() => actions.askRotate(endpoint)}
      >
        {t(`${P}.rotate`)}
      </Button>
      <Button
        variant="danger"
        size="sm"
        aria-label={named(t(`${P}.delete`))}
        disabled={row.removing}
        onClick={row.remove}
      >
        {t(`${P}.delete`)}
      </Button>
    </div>
  );
}

export default function WebhooksPage() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhookEndpoint();
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const actions = useEndpointActions(setSecret);
  const rows = endpoints.data ? [...endpoints.data].sort(byCompany) : undefined;

  const columns = useEndpointColumns(actions);

  return (
    <CrudPage
      title={t(`${P}.title`)}
      description={t(`${P}.intro`)}
      addLabel={t(`${P}.add`)}
      form={(endpoint, done) => (
        <WebhookEndpointForm
          endpoint={endpoint}
          onDone={done}
          onCreated={(created) => {
            done();
            setSecret(created);
          }}
        />
      )}
      query={{ ...endpoints, data: rows }}
      errorMessage={t('common.errors.generic')}
      retryLabel={t('admin-operations.operations.common.retry')}
      empty={t(`${P}.empty`)}
      columns={columns}
      removal={{
        mutation: remove,
        confirm: (endpoint) => ({
          title: t(`${P}.deleteTitle`, { url: endpoint.url }),
          description: t(`${P}.deleteBody`),
        }),
        confirmLabel: t(`${P}.delete`),
        cancelLabel: t(`${P}.cancel`),
        doneTitle: t(`${P}.deleted`),
        errorTitle: t('common.errors.generic'),
      }}
      after={
        <>
          <WebhookDeliveries endpoints={rows ?? []} />
          {actions.dialog}
        </>
      }
    >
      {secret ? (
        <ShownOnce
          key={`${secret.id}-${secret.secretPrefix}`}
          id="webhook-secret"
          title={t(`${P}.secretTitle`, { url: secret.url })}
          body={t(`${P}.secretBody`)}
          label={t(`${P}.secretLabel`)}
          value={secret.secret}
          dismissLabel={t(`${P}.secretDismiss`)}
          onDismiss={() => setSecret(null)}
        />
      ) : null}
    </CrudPage>
  );
}
