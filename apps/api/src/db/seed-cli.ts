// `npm run db:seed -- --requests N`: migrates the database of DATABASE_URL, makes sure
// there are energy companies, and adds N realistic repair requests (default 1000).
import { loadConfig } from '../config.ts';
import { createDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { EXAMPLE_COMPANIES } from './seed.ts';
import { seedRequests } from './seed-requests.ts';

function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (index < 0) return undefined;
  const arg = args[index] as string;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
}

async function main(): Promise<void> {
  const rawCount = argValue('requests') ?? '1000';
  const count = Number(rawCount);
  if (!Number.isInteger(count) || count < 0 || count > 5_000_000) {
    console.error(`--requests must be a whole number between 0 and 5000000 (got "${rawCount}")`);
    process.exit(2);
  }
  const rawSeed = argValue('seed');
  const config = loadConfig();
  const db = createDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const hasCompany = await db.selectFrom('energyCompanies').select('id').limit(1).executeTakeFirst();
    if (!hasCompany) {
      await db
        .insertInto('energyCompanies')
        .values(EXAMPLE_COMPANIES.map((c) => ({ ...c, active: 1, createdAt: now, updatedAt: now })))
        .execute();
    }
    const started = performance.now();
    const inserted = await seedRequests(db, {
      count,
      now: new Date(),
      seed: rawSeed === undefined ? Date.now() % 2_147_483_647 : Number(rawSeed),
      onProgress: (done) => {
        if (count >= 200_000) {
          const seconds = (performance.now() - started) / 1000;
          process.stderr.write(`  ${done} / ${count} (${Math.round(done / seconds)} rows/s)\n`);
        }
      },
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(`Seeded ${inserted} repair requests into ${config.dialect} in ${seconds} s.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
