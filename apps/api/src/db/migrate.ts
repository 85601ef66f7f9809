// Runs the numbered migrations in order. The list is static so that the bundled
// server carries its migrations with it; a new migration is added to MIGRATIONS.
import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0005 from './migrations/0005-captcha-used.ts';
import * as m0006 from './migrations/0006-search-and-counters.ts';
import * as m0007 from './migrations/0007-tracking-seed.ts';
import * as m0010 from './migrations/0010-counter-shards-by-session.ts';
import * as m0011 from './migrations/0011-search-statistics.ts';
import * as m0012 from './migrations/0012-visibility-upkeep.ts';
import * as m0013 from './migrations/0013-search-automerge.ts';
import * as m0014 from './migrations/0014-fold-by-decomposition.ts';
import * as m0015 from './migrations/0015-search-merge-later.ts';
import * as m0016 from './migrations/0016-search-by-field.ts';
import * as m0019 from './migrations/0019-tracking-not-rebuildable.ts';
import * as m0020 from './migrations/0020-login-attempts.ts';
import * as m0021 from './migrations/0021-shared-limits.ts';
import * as m0022 from './migrations/0022-search-functions-bound.ts';
import * as m0023 from './migrations/0023-area-retry.ts';
import * as m0025 from './migrations/0025-list-sort-by-update.ts';
import * as m0026 from './migrations/0026-poles.ts';
import * as m0027 from './migrations/0027-poles-registry.ts';
import * as m0029 from './migrations/0029-requests-by-pole.ts';
import * as m0030 from './migrations/0030-audit-log.ts';
import * as m0031 from './migrations/0031-two-factor.ts';
import * as m0032 from './migrations/0032-retention.ts';
import * as m0033 from './migrations/0033-repair-deadlines.ts';
import * as m0034 from './migrations/0034-transfers.ts';
import * as m0035 from './migrations/0035-reply-templates.ts';
import * as m0036 from './migrations/0036-photos.ts';
import * as m0037 from './migrations/0037-followers-and-duplicates.ts';
import * as m0038 from './migrations/0038-reopen.ts';
import * as m0039 from './migrations/0039-overdue-counters.ts';
import * as m0040 from './migrations/0040-repair-times.ts';
import * as m0041 from './migrations/0041-transparency-cache.ts';
import * as m0042 from './migrations/0042-open311-keys.ts';
import * as m0044 from './migrations/0044-nearby-strips.ts';
import * as m0045 from './migrations/0045-sign-in-links.ts';
import * as m0048 from './migrations/0048-limit-leases.ts';
import * as m0049 from './migrations/0049-feed-changes.ts';
import * as m0050 from './migrations/0050-ratings.ts';
import * as m0051 from './migrations/0051-filing-indexes.ts';
import * as m0052 from './migrations/0052-search-off-the-filing.ts';
import * as m0053 from './migrations/0053-sms-channel.ts';
import * as m0054 from './migrations/0054-whatsapp-channel.ts';
import * as m0055 from './migrations/0055-push-subscriptions.ts';
import * as m0056 from './migrations/0056-open311-as-the-spec-reads.ts';
import * as m0057 from './migrations/0057-channel-daily-counts.ts';
import * as m0058 from './migrations/0058-webhooks.ts';
import * as m0059 from './migrations/0059-integration-keys.ts';
import * as m0060 from './migrations/0060-crews-and-work-orders.ts';
import * as m0061 from './migrations/0061-crew-accounts-and-sync.ts';
import * as m0062 from './migrations/0062-settings-notices.ts';
import * as m0063 from './migrations/0063-sqlite-search-after-filing.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0005-captcha-used': m0005,
  '0006-search-and-counters': m0006,
  '0007-tracking-seed': m0007,
  '0010-counter-shards-by-session': m0010,
  '0011-search-statistics': m0011,
  '0012-visibility-upkeep': m0012,
  '0013-search-automerge': m0013,
  '0014-fold-by-decomposition': m0014,
  '0015-search-merge-later': m0015,
  '0016-search-by-field': m0016,
  '0019-tracking-not-rebuildable': m0019,
  '0020-login-attempts': m0020,
  '0021-shared-limits': m0021,
  '0022-search-functions-bound': m0022,
  '0023-area-retry': m0023,
  '0025-list-sort-by-update': m0025,
  '0026-poles': m0026,
  '0027-poles-registry': m0027,
  '0029-requests-by-pole': m0029,
  '0030-audit-log': m0030,
  '0031-two-factor': m0031,
  '0032-retention': m0032,
  '0034-transfers': m0034,
  '0035-reply-templates': m0035,
  '0033-repair-deadlines': m0033,
  '0037-followers-and-duplicates': m0037,
  '0038-reopen': m0038,
  '0036-photos': m0036,
  '0039-overdue-counters': m0039,
  '0040-repair-times': m0040,
  '0041-transparency-cache': m0041,
  '0042-open311-keys': m0042,
  '0044-nearby-strips': m0044,
  '0045-sign-in-links': m0045,
  '0048-limit-leases': m0048,
  '0049-feed-changes': m0049,
  '0050-ratings': m0050,
  '0051-filing-indexes': m0051,
  '0052-search-off-the-filing': m0052,
  '0053-sms-channel': m0053,
  '0054-whatsapp-channel': m0054,
  '0055-push-subscriptions': m0055,
  '0056-open311-as-the-spec-reads': m0056,
  '0057-channel-daily-counts': m0057,
  '0058-webhooks': m0058,
  '0059-integration-keys': m0059,
  '0060-crews-and-work-orders': m0060,
  '0061-crew-accounts-and-sync': m0061,
  '0062-settings-notices': m0062,
  '0063-sqlite-search-after-filing': m0063,
};

// biome-ignore lint/suspicious/noExplicitAny: the migrator works below the typed schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
