// What an empty database gets at first start: one admin (decision 0002 §4) and, unless
// SEED_EXAMPLES=false, three example energy companies of the region.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../lib/passwords.ts';
import type { Db } from './database.ts';

export const EXAMPLE_COMPANIES = [
  { name: 'CEEE', fullName: 'CEEE Equatorial Energia', colorClass: 'blue', iconClass: 'bolt' },
  { name: 'Certel', fullName: 'Cooperativa Regional de Energia Taquari Jacuí', colorClass: 'green', iconClass: 'plug' },
  { name: 'RGE', fullName: 'RGE Sul Distribuidora de Energia', colorClass: 'orange', iconClass: 'bulb' },
] as const;

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

export async function ensureFirstAdmin(
  db: Db,
  options: { username: string; password?: string; now: string; log: Logger },
): Promise<void> {
  const existing = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const password = options.password ?? randomBytes(12).toString('base64url');
  const inserted = await db
    .insertInto('admins')
    .values({
      username: options.username.toLowerCase(),
      passwordHash: await hashPassword(password),
      name: 'Administrador',
      role: 'admin',
      createdAt: options.now,
      updatedAt: options.now,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .executeTakeFirst();
  // Another instance starting at the same moment created it first: its password is the one
  // stored, and that instance prints it.
  if (!inserted.numInsertedOrUpdatedRows) return;
  if (options.password) {
    options.log.info(`First admin account "${options.username}" created with the password from ADMIN_PASSWORD.`);
  } else {
    // Printed once, on purpose: this is the only way to learn it. Change it after signing in.
    options.log.warn(
      `First admin account created. Username: ${options.username}  Password: ${password}  (shown this once: sign in at /admin/login and change it)`,
    );
  }
}

export async function seedExampleCompanies(db: Db, now: string): Promise<void> {
  const existing = await db.selectFrom('energyCompanies').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('energyCompanies')
    .values(EXAMPLE_COMPANIES.map((c) => ({ ...c, active: 1, createdAt: now, updatedAt: now })))
    .execute();
}
