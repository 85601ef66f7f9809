// The first admin (decision 0002 §4) when two instances start on one empty database at once:
// one account, and one password printed: the one stored.
import { expect } from 'vitest';
import { describeEachEngine, it } from '../../test/engines.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { ensureFirstAdmin } from './seed.ts';

describeEachEngine(
  'first admin',
  (ctx) => {
    it('is created once, its generated password printed by the instance that stored it, and never again', async () => {
      const { db } = ctx();
      const printed: string[] = [];
      const log = { info: (m: string) => printed.push(m), warn: (m: string) => printed.push(m) };
      const now = new Date().toISOString();
      // Both read "no admin yet" before either writes (the password's hash takes a while).
      await Promise.all([
        ensureFirstAdmin(db, { username: 'admin', now, log }),
        ensureFirstAdmin(db, { username: 'admin', now, log }),
      ]);
      const admins = await db.selectFrom('admins').select(['username', 'passwordHash']).execute();
      expect(admins.map((a) => a.username)).toEqual(['admin']);
      expect(printed).toHaveLength(1);
      const password = /Password: (\S+) /.exec(printed[0] ?? '')?.[1] ?? '';
      expect(await verifyPassword(admins[0]?.passwordHash ?? '', password)).toBe(true);

      await ensureFirstAdmin(db, { username: 'admin', now, log });
      expect(printed).toHaveLength(1);
    });
  },
  { seedCompanies: false },
);
