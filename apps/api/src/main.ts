// Reads config, migrates, seeds a first admin, listens, says where it is and what is on
// (startup-summary.ts), and shuts down gracefully:
// on SIGTERM it reports not-ready and keeps serving for SHUTDOWN_DRAIN_MS (every answer
// closing its connection), then stops accepting, finishes in-flight requests and closes
// the database.

import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { effectiveCaptcha } from './core/captcha/captcha.service.ts';
import { isPushEnabled, readVapidKeys } from './core/channels/push-settings.service.ts';
import { getSmsSettings, isSmsEnabled } from './core/channels/sms-settings.service.ts';
import { getWhatsappSettings, isWhatsappEnabled } from './core/channels/whatsapp-settings.service.ts';
import { isEmailEnabled, readSmtpSettings } from './core/outbox/email-settings.service.ts';
import { startSearchUpkeep } from './core/search-upkeep.ts';
import { createDatabase } from './db/database.ts';
import { isDatabaseError, unavailability } from './db/errors.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureFirstAdmin, seedExampleCompanies } from './db/seed.ts';
import { startOutboxWorker } from './features/email/outbox-worker.ts';
import { startAreaRetryWorker } from './features/geocoding/area-retry.ts';
import type { Lifecycle } from './features/health/health.routes.ts';
import { startPushWorker } from './features/push/push-worker.ts';
import { startRetentionWorker } from './features/retention/retention-worker.ts';
import { startSmsWorker } from './features/sms/sms-worker.ts';
import { startWebhookWorker } from './features/webhooks/webhook-worker.ts';
import { startWhatsappWorker } from './features/whatsapp/whatsapp-worker.ts';
import { offsetClock } from './lib/clock.ts';
import { closeListenerCleanly } from './lib/close-listener.ts';
import { startupSummary } from './startup-summary.ts';

/** After the drain: time for the requests already received (a long export) and closing the database. */
const FINISH_MS = 9000;
/** After the drain, how long requests already on accepted connections get their 503 before those close. */
const REFUSE_MS = 1000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const db = createDatabase(config.DATABASE_URL, {
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const lifecycle: Lifecycle = { closing: false };
  // The fault tests move the server's clock (issue 39); config.ts allows it under NODE_ENV=test only.
  const clock = config.TEST_CLOCK_OFFSET_FILE ? offsetClock(config.TEST_CLOCK_OFFSET_FILE) : undefined;
  const app = await buildApp({ config, db, lifecycle, clock });
  if (!config.CAPTCHA) app.log.warn('CAPTCHA=off: captcha is turned off for every form, whatever the settings say');

  const applied = await migrateToLatest(db);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  const now = new Date().toISOString();
  await ensureFirstAdmin(db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
    now,
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
  });
  if (config.SEED_EXAMPLES) await seedExampleCompanies(db, now);
  const stopWorkers = startWorkers(app, config);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Not ready from now on (/api/ready answers 503) and every answer says Connection:
    // close, so balancers and kept-alive clients move away while the server still answers:
    // closing the listener at once would reset clients whose request was on its way.
    lifecycle.closing = true;
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
    // The drain, then at most FINISH_MS for the requests in hand and the database.
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_DRAIN_MS + FINISH_MS);
    try {
      await Promise.all([stopWorkers(), sleep(config.SHUTDOWN_DRAIN_MS)]);
      // The drain's end (decision 0044): new requests are refused whole (503, Connection: close)
      // and the port stops accepting, leaving the connections it has open; a request already
      // on its way in one gets its 503 instead of a reset when the idle connections are closed.
      lifecycle.refusing = true;
      // A 503 costs next to nothing, so within REFUSE_MS the filings in hand finish and the
      // loop accepts at once; the port then closes once the kernel's accept queue, whose
      // connections a closing listener would reset, is seen empty (lib/close-listener.ts).
      await sleep(REFUSE_MS);
      await closeListenerCleanly(app.server);
      await sleep(REFUSE_MS / 4);
      // Closes idle connections, answers what it holds, then resolves.
      await app.close();
      await db.destroy();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  await logStartupSummary(app);
}

/** The instance's periodic workers; answers what stops them all (each waits for its round in hand). */
function startWorkers(app: Awaited<ReturnType<typeof buildApp>>, config: ReturnType<typeof loadConfig>) {
  const outbox = startOutboxWorker(app.deps, {
    intervalMs: 2000,
    onError: (err) => {
      if (isDatabaseError(err)) app.deps.metrics.databaseError();
      // The database away: one line a round, no stack; the e-mails wait in the outbox.
      if (unavailability(err))
        app.log.warn({ code: (err as { code?: string }).code }, 'e-mail outbox round: database unavailable');
      else app.log.error({ err }, 'e-mail outbox round failed');
    },
  });

  // The SMS the channels' outbox holds (decision 0061), outside the quiet hours.
  const sms = startSmsWorker(app.deps, {
    intervalMs: 2000,
    onError: (err) => {
      if (isDatabaseError(err)) app.deps.metrics.databaseError();
      if (unavailability(err))
        app.log.warn({ code: (err as { code?: string }).code }, 'SMS round: database unavailable');
      else app.log.error({ err }, 'SMS round failed');
    },
  });

  // The WhatsApp notices (decision 0062), outside the quiet hours.
  const whatsapp = startWhatsappWorker(app.deps, {
    intervalMs: 2000,
    onError: (err) => {
      if (isDatabaseError(err)) app.deps.metrics.databaseError();
      if (unavailability(err))
        app.log.warn({ code: (err as { code?: string }).code }, 'WhatsApp round: database unavailable');
      else app.log.error({ err }, 'WhatsApp round failed');
    },
  });

  // Browser notices (decision 0063): no quiet hours, the browser and the device see to that.
  const push = startPushWorker(app.deps, {
    intervalMs: 2000,
    onError: (err) => {
      if (isDatabaseError(err)) app.deps.metrics.databaseError();
      if (unavailability(err))
        app.log.warn({ code: (err as { code?: string }).code }, 'push round: database unavailable');
      else app.log.error({ err }, 'push round failed');
    },
  });

  // Signed webhooks to the companies' systems (decision 0065); the leases share the work.
  const webhooks =
    config.WEBHOOK_INTERVAL_MS > 0
      ? startWebhookWorker(app.deps, {
          intervalMs: config.WEBHOOK_INTERVAL_MS,
          onError: (err) => {
            if (isDatabaseError(err)) app.deps.metrics.databaseError();
            app.log.error({ err }, 'webhook round failed');
          },
        })
      : undefined;

  // The search indexes, written after the filings' commits (decisions 0060 and 0075).
  const searchUpkeep = startSearchUpkeep(app.deps.db, {
    intervalMs: 500,
    onError: (err) => {
      if (isDatabaseError(err)) app.deps.metrics.databaseError();
      app.log.error({ err }, 'search upkeep round failed');
    },
  });

  // Areas the geocoder could not name at filing (decision 0021); every instance runs one.
  const areaRetry =
    config.AREA_RETRY_INTERVAL_MS > 0
      ? startAreaRetryWorker(app.deps, {
          intervalMs: config.AREA_RETRY_INTERVAL_MS,
          onError: (err) => {
            if (isDatabaseError(err)) app.deps.metrics.databaseError();
            app.log.error({ err }, 'area retry round failed');
          },
          onRound: (result) =>
            result.failed
              ? app.log.warn(result, 'area retry: the geocoder did not answer; trying again later')
              : app.log.info(result, 'area retry: areas filled in'),
        })
      : undefined;

  // The daily retention sweep (decision 0027); every instance runs one, each row is claimed once.
  const retention =
    config.RETENTION_INTERVAL_MS > 0
      ? startRetentionWorker(app.deps, {
          intervalMs: config.RETENTION_INTERVAL_MS,
          onError: (err) => {
            if (isDatabaseError(err)) app.deps.metrics.databaseError();
            app.log.error({ err }, 'retention sweep failed');
          },
          onRound: (result) => app.log.info(result, 'retention: contact data anonymised, old audit rows deleted'),
        })
      : undefined;

  return async () => {
    await Promise.all([
      outbox.stop(),
      sms.stop(),
      whatsapp.stop(),
      push.stop(),
      webhooks?.stop(),
      searchUpkeep.stop(),
      areaRetry?.stop(),
      retention?.stop(),
    ]);
  };
}

/** Where the app is and what is on, one line each (decision 0019); never fatal. */
async function logStartupSummary(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  try {
    const { deps } = app;
    const address = app.server.address();
    const [captcha, emailOn, smtp, smsOn, sms, whatsappOn, whatsapp, pushOn, vapid] = await Promise.all([
      effectiveCaptcha(deps),
      isEmailEnabled(deps.db),
      readSmtpSettings(deps),
      isSmsEnabled(deps.db),
      getSmsSettings(deps),
      isWhatsappEnabled(deps.db),
      getWhatsappSettings(deps),
      isPushEnabled(deps.db),
      // Makes the VAPID key pair on a first start (decision 0063).
      readVapidKeys(deps),
    ]);
    const lines = startupSummary({
      config: deps.config,
      port: typeof address === 'object' && address ? address.port : deps.config.PORT,
      captcha,
      email: { enabled: emailOn, host: smtp.host, port: smtp.port },
      sms: { enabled: smsOn, provider: sms.provider, baseUrl: sms.baseUrl },
      whatsapp: { enabled: whatsappOn, baseUrl: whatsapp.baseUrl },
      push: { enabled: pushOn, keysFrom: vapid.from },
    });
    for (const line of lines) app.log.info(line);
  } catch (error) {
    app.log.warn({ err: error }, 'start-up summary unavailable');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
