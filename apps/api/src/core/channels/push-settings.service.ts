// Browser push's settings (issue 36, decision 0063): on or off (site_settings 'push'; on by
// default, as it needs no provider account and each citizen still opts in per browser), and
// the VAPID key pair every instance signs with: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set,
// else a pair made at first start and kept in site_settings 'push_vapid', its private key
// sealed under APP_SECRET. Instances starting at once agree: the first insert wins, the rest read it.
import type { PushSettings, PushSettingsResponse } from '@acende/shared/schemas/push';
import webpush from 'web-push';
import type { AppDeps } from '../../app-deps.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { type AuditActor, recordAudit } from '../audit/audit.repository.ts';
import { readSetting, writeSetting } from '../settings.repository.ts';
import { countAllSubscriptions } from './push-subscriptions.repository.ts';

export const PUSH_SETTINGS_KEY = 'push';
export const PUSH_VAPID_KEY = 'push_vapid';
const PRIVATE_KEY_PURPOSE = 'push-vapid-private-key';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Whom a push service may contact about our sends (RFC 8292's `sub`). */
  subject: string;
  from: 'env' | 'database';
}

interface StoredVapid {
  publicKey: string;
  privateKeySealed: string;
}

/** VAPID_SUBJECT, else the site's address when it is HTTPS, else a mailto: at its host. */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'PUBLIC_URL'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.PUBLIC_URL.startsWith('https://')) return config.PUBLIC_URL;
  return `mailto:admin@${new URL(config.PUBLIC_URL).hostname}`;
}

/** Whether citizens are offered browser notices and status changes are queued for them. */
export async function isPushEnabled(db: Db): Promise<boolean> {
  const stored = await readSetting<{ enabled?: unknown }>(db, PUSH_SETTINGS_KEY);
  return stored?.enabled !== false;
}

/** The key pair to sign with: the environment's, or the database's (made once, by whichever instance came first). */
export async function readVapidKeys(deps: AppDeps): Promise<VapidKeys> {
  const { config, db } = deps;
  const subject = vapidSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject, from: 'env' };
  }
  for (let round = 0; round < 3; round += 1) {
    const row = await db
      .selectFrom('siteSettings')
      .select('value')
      .where('key', '=', PUSH_VAPID_KEY)
      .executeTakeFirst();
    if (!row) {
      await db
        .insertInto('siteSettings')
        .values({ key: PUSH_VAPID_KEY, value: newPair(config.APP_SECRET), updatedAt: iso(deps.clock) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      continue;
    }
    const stored = JSON.parse(row.value) as StoredVapid;
    const privateKey = openSecret(config.APP_SECRET, PRIVATE_KEY_PURPOSE, stored.privateKeySealed);
    if (privateKey) return { publicKey: stored.publicKey, privateKey, subject, from: 'database' };
    await replaceUnreadablePair(deps, row.value);
  }
  throw new Error('browser push: no VAPID key pair could be stored');
}

function newPair(appSecret: string): string {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  const stored: StoredVapid = { publicKey, privateKeySealed: sealSecret(appSecret, PRIVATE_KEY_PURPOSE, privateKey) };
  return JSON.stringify(stored);
}

/**
 * A pair sealed under another APP_SECRET cannot sign: a new one replaces it (only if no other
 * instance did first), and the browsers subscribed to the old public key go with it, since
 * their push services would refuse our new signature for them.
 */
async function replaceUnreadablePair(deps: AppDeps, old: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const replaced = await trx
      .updateTable('siteSettings')
      .set({ value: newPair(deps.config.APP_SECRET), updatedAt: iso(deps.clock) })
      .where('key', '=', PUSH_VAPID_KEY)
      .where('value', '=', old)
      .executeTakeFirst();
    if (Number(replaced.numUpdatedRows) > 0) await trx.deleteFrom('pushSubscriptions').execute();
  });
}

/** The admin screen's view: on or off, the public key and subject, how many browsers are subscribed; never the private key. */
export async function getPushSettings(deps: AppDeps): Promise<PushSettingsResponse> {
  const [enabled, keys, subscriptions] = await Promise.all([
    isPushEnabled(deps.db),
    readVapidKeys(deps),
    countAllSubscriptions(deps.db),
  ]);
  return { enabled, publicKey: keys.publicKey, subject: keys.subject, keysFrom: keys.from, subscriptions };
}

/** Turns browser notices on or off, audited. */
export async function savePushSettings(
  deps: AppDeps,
  input: PushSettings,
  actor: AuditActor,
): Promise<PushSettingsResponse> {
  const before = await isPushEnabled(deps.db);
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, PUSH_SETTINGS_KEY, { enabled: input.enabled }, now);
    await recordAudit(
      trx,
      actor,
      {
        kind: 'settings.push.update',
        objectType: 'settings',
        objectId: 'push',
        before: { enabled: before },
        after: { enabled: input.enabled },
      },
      now,
    );
  });
  return getPushSettings(deps);
}
