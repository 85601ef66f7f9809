// The deliveries under the endpoints: the failed ones (dead letters) by default, the pending or
// delivered ones on request, for every endpoint or one; each with its event, request, tries and
// last answer, and a replay that sends it again (said in a toast).
import {
  WEBHOOK_DELIVERY_STATES,
  type WebhookDelivery,
  type WebhookDeliveryState,
  type WebhookEndpoint,
} from '@acende/shared/schemas/webhooks';
import { useState } from 'react';
import { formatDateTime } from '../../../components/requests/format.ts';
import { Pagination } from '../../../components/requests/pagination.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { DeliveryFilter } from '../api/query-keys.ts';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery.ts';
import { useWebhookDeliveries } from '../api/webhook-deliveries.ts';
import { EVENT_WORDS } from './event-choices.ts';

/** The API's page size. */
const PAGE_SIZE = 50;
const D = 'admin-integrations.webhooksPage.deliveries';

export function WebhookDeliveries({ endpoints }: { endpoints: readonly WebhookEndpoint[] }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DeliveryFilter>({ state: 'dead', endpointId: null, page: 1 });
  const deliveries = useWebhookDeliveries(filter);
  return (
    // No name of its own: the table's region below carries the heading's words.
    <section className="grid gap-3">
      <h2 className="font-heading text-xl font-semibold">{t(`${D}.${filter.state}`)}</h2>
      <p className="text-gray-700">{t(`${D}.intro`)}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="webhook-deliveries-state"
          label={t(`${D}.show`)}
          compact
          value={filter.state}
          choices={WEBHOOK_DELIVERY_STATES.map((state) => ({ value: state, label: t(`${D}.states.${state}`) }))}
          onChange={(event) => setFilter({ ...filter, state: event.target.value as WebhookDeliveryState, page: 1 })}
        />
        <SelectField
          id="webhook-deliveries-endpoint"
          // A long address in an option must not widen the page past a phone's screen.
          className="min-w-0"
          label={t(`${D}.endpoint`)}
          compact
          value={filter.endpointId ?? ''}
          empty={t(`${D}.allEndpoints`)}
          choices={endpoints.map((endpoint) => ({
            value: endpoint.id,
            label: `${endpoint.companyName}: ${endpoint.url}`,
          }))}
          onChange={(event) =>
            setFilter({ ...filter, endpointId: event.target.value ? Number(event.target.value) : null, page: 1 })
          }
        />
      </div>
      <QueryState
        query={deliveries}
        errorMessage={t('common.errors.generic')}
        retryLabel={t('admin-operations.operations.common.retry')}
      >
        {(page) =>
          page.items.length === 0 ? (
            <p>{t(`${D}.empty.${filter.state}`)}</p>
          ) : (
            <>
              <DeliveryTable label={t(`${D}.${filter.state}`)} items={page.items} />
              {page.total > PAGE_SIZE ? (
                <Pagination
                  page={filter.page}
                  pageSize={PAGE_SIZE}
                  total={page.total}
                  onPage={(next) => setFilter({ ...filter, page: next })}
                />
              ) : null}
            </>
          )
        }
      </QueryState>
    </section>
  );
}

function DeliveryTable({ label, items }: { label: string; items: readonly WebhookDelivery[] }) {
  const { t } = useTranslation();
  const replay = useReplayWebhookDelivery();
  const heads = {
    event: t(`${D}.event`),
    request: t(`${D}.request`),
    endpoint: t(`${D}.endpoint`),
    attempts: t(`${D}.attempts`),
    answer: t(`${D}.lastAnswer`),
    error: t(`${D}.error`),
    created: t(`${D}.createdAt`),
    actions: t('admin-integrations.webhooksPage.actions'),
  };
  const send = (delivery: WebhookDelivery) =>
    replay.mutate(delivery.id, {
      onSuccess: () => toast({ title: t(`${D}.replayed`), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('common.errors.generic'),
          description: errorMessage(error, t('common.errors.generic')),
          variant: 'destructive',
        }),
    });
  return (
    <Table label={label} className="min-w-[960px]">
      <TableHeader>
        <TableRow>
          {Object.values(heads).map((head) => (
            <TableHead key={head}>{head}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((delivery) => (
          <DeliveryRow
            key={delivery.id}
            delivery={delivery}
            heads={heads}
            replaying={replay.isPending}
            onReplay={() => send(delivery)}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function DeliveryRow({
  delivery,
  heads,
  replaying,
  onReplay,
}: {
  delivery: WebhookDelivery;
  /** The columns' names, each cell's label in a card. */
  heads: Record<'event' | 'request' | 'endpoint' | 'attempts' | 'answer' | 'error' | 'created' | 'actions', string>;
  replaying: boolean;
  onReplay: () => void;
}) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatDateTime(value, i18n.language);
  const event = t(EVENT_WORDS[delivery.eventType].label);
  return (
    <TableRow>
      <TableCell label={heads.event} className="font-medium">
        {event}
      </TableCell>
      <TableCell label={heads.request}>
        {delivery.requestId === null ? (
          '—'
        ) : (
          <Link to={`/admin/requests/${delivery.requestId}`} className="text-blue-800 underline">
            {t(`${D}.requestNumber`, { id: delivery.requestId })}
          </Link>
        )}
      </TableCell>
      <TableCell label={heads.endpoint}>
        {delivery.companyName}
        <span className="block break-all text-gray-700">{delivery.endpointUrl}</span>
      </TableCell>
      <TableCell label={heads.attempts}>{delivery.attempts}</TableCell>
      <TableCell label={heads.answer}>
        {delivery.lastStatus === null ? t(`${D}.noAnswer`) : t(`${D}.httpStatus`, { status: delivery.lastStatus })}
      </TableCell>
      <TableCell label={heads.error} className="break-words">
        {delivery.lastError ?? '—'}
      </TableCell>
      <TableCell label={heads.created}>
        {date(delivery.createdAt)}
        {delivery.deliveredAt ? (
          <span className="block text-gray-700">{t(`${D}.deliveredAt`, { date: date(delivery.deliveredAt) })}</span>
        ) : delivery.nextAttemptAt && delivery.state === 'pending' ? (
          <span className="block text-gray-700">{t(`${D}.nextAttempt`, { date: date(delivery.nextAttemptAt) })}</span>
        ) : null}
      </TableCell>
      <TableCell label={heads.actions}>
        {/* Only a dead delivery is sent again: a pending one is still being tried. */}
        {delivery.state === 'dead' ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={t(`${D}.replayLabel`, { event, url: delivery.endpointUrl })}
            disabled={replaying}
            onClick={onReplay}
          >
            {t(`${D}.replay`)}
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
