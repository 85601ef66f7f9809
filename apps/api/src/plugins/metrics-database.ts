// The gauges read from the database at each scrape (decision 0019): whether it answered, the
// e-mail outbox's backlog, the channels' messages by state (issue 36) and PostgreSQL's pool.
// Every instance reads the same database, so any instance's scrape tells the whole service.
import { MESSAGE_STATUSES } from '@acende/shared/schemas/admin-requests';
import type { Registry } from 'prom-client';
import type { AppDeps } from '../app-deps.ts';
import { countMessagesByState } from '../core/channels/channel-outbox.repository.ts';
import { outboxBacklog } from '../core/outbox/outbox.service.ts';
import { type Db, poolUse } from '../db/database.ts';
import { isDatabaseError } from '../db/errors.ts';
import { loadOnUse } from '../lib/load-on-use.ts';

// Loaded by the first scrape's registry, not at start (decision 0055).
export const promClient = loadOnUse<typeof import('prom-client')>('prom-client');

type Backlog = Awaited<ReturnType<typeof outboxBacklog>> & {
  /** The channels' messages by state (issue 36). */
  channels: Awaited<ReturnType<typeof countMessagesByState>>;
};

/**
 * What is read from the database at each scrape: the metrics collected in one scrape (all
 * started at once) share one read; undefined when it failed, which is counted.
 */
export function scrapeRead(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  failed: () => void,
): () => Promise<Backlog | undefined> {
  let reading: Promise<Backlog | undefined> | undefined;
  return () => {
    reading ??= outboxBacklog(deps)
      .then(async (backlog) => ({ ...backlog, channels: await countMessagesByState(deps.db) }))
      .catch((error: unknown) => {
        if (isDatabaseError(error)) failed();
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
}

export function registerDatabaseGauges(registry: Registry, db: Db, read: () => Promise<Backlog | undefined>): void {
  const { Gauge } = promClient();
  new Gauge({
    name: 'acende_database_up',
    help: '1 when the database answered this scrape, 0 when it failed',
    registers: [registry],
    async collect() {
      this.set((await read()) ? 1 : 0);
    },
  });
  // When the read fails, the outbox gauges keep their last values; acende_database_up says so.
  new Gauge({
    name: 'acende_email_outbox_unsent',
    help: 'E-mails in the outbox not yet sent (every instance reads the same database)',
    registers: [registry],
    async collect() {
      const backlog = await read();
      if (backlog) this.set(backlog.unsent);
    },
  });
  new Gauge({
    name: 'acende_email_outbox_oldest_unsent_age_seconds',
    help: 'How long the oldest unsent e-mail has waited (0 when none waits)',
    registers: [registry],
    async collect() {
      const backlog = await read();
      if (backlog) this.set(backlog.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'acende_channel_messages',
    help: 'Messages of the channels beside e-mail (SMS, WhatsApp, browser push) by state: pending, sent, failed (given up) and stopped (the number replied SAIR/STOP)',
    labelNames: ['channel', 'status'],
    registers: [registry],
    async collect() {
      const backlog = await read();
      if (!backlog) return;
      this.reset();
      for (const channel of ['sms', 'whatsapp', 'push']) {
        for (const status of MESSAGE_STATUSES) this.set({ channel, status }, 0);
      }
      for (const row of backlog.channels) this.set({ channel: row.channel, status: row.status }, row.count);
    },
  });
  if (poolUse(db) === undefined) return;
  const pool = (name: string, help: string, key: 'total' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers: [registry],
      // After the scrape's own read, which would otherwise be one of the queries counted.
      async collect() {
        await read();
        this.set(poolUse(db)?.[key] ?? 0);
      },
    });
  pool('acende_db_pool_connections', 'PostgreSQL connections this instance holds open', 'total');
  pool('acende_db_pool_idle_connections', 'PostgreSQL connections open and idle', 'idle');
  pool('acende_db_pool_waiting_queries', 'Queries waiting for a PostgreSQL connection', 'waiting');
}
