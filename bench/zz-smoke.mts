import { sql } from 'kysely';
import { createDatabase } from '/work/main/apps/api/src/db/database.ts';
import { migrateToLatest } from '/work/main/apps/api/src/db/migrate.ts';
import { seedExampleCompanies } from '/work/main/apps/api/src/db/seed.ts';
import { seedRequests } from '/work/main/apps/api/src/db/seed-requests.ts';
import pg from 'pg';
const engine = process.argv[2];
let url = 'sqlite:/tmp/i10/smoke.db';
if (engine === 'pg') {
  const c = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres'); await c.connect();
  await c.query('drop database if exists i10_smoke with (force)'); await c.query('create database i10_smoke'); await c.end();
  url = 'postgres://postgres@127.0.0.1:5432/i10_smoke';
} else { (await import('node:fs')).rmSync('/tmp/i10/smoke.db', {force:true}); }
const db = createDatabase(url);
await migrateToLatest(db);
await seedExampleCompanies(db, new Date().toISOString());
let t = performance.now();
await seedRequests(db, { count: Number(process.argv[3] ?? 2000), now: new Date(), seed: 1 });
console.log('seed ms', Math.round(performance.now() - t));
const real = await db.selectFrom('repairRequests').select(['companyId','status', (eb)=>eb.fn.countAll<number>().as('n')]).groupBy(['companyId','status']).orderBy('companyId').orderBy('status').execute();
const ctr = await db.selectFrom('requestCounters').select(['companyId','status', (eb)=>eb.fn.sum<number>('n').as('n')]).groupBy(['companyId','status']).orderBy('companyId').orderBy('status').execute();
console.log(JSON.stringify(real.map(r=>[r.companyId,r.status,Number(r.n)]))===JSON.stringify(ctr.map(r=>[r.companyId,r.status,Number(r.n)])));
await db.updateTable('repairRequests').set({status:'cancelled'}).where('id','<=',100).execute();
await db.deleteFrom('repairRequests').where('id','>',1900).execute();
const real2 = await db.selectFrom('repairRequests').select(['companyId','status', (eb)=>eb.fn.countAll<number>().as('n')]).groupBy(['companyId','status']).orderBy('companyId').orderBy('status').execute();
const ctr2 = await db.selectFrom('requestCounters').select(['companyId','status', (eb)=>eb.fn.sum<number>('n').as('n')]).groupBy(['companyId','status']).having((eb)=>eb.fn.sum('n'),'<>',0).orderBy('companyId').orderBy('status').execute();
console.log(JSON.stringify(real2.map(r=>[r.companyId,r.status,Number(r.n)]))===JSON.stringify(ctr2.map(r=>[r.companyId,r.status,Number(r.n)])));
if (engine==='pg') {
  console.log((await sql`select acende_fold('JOÃO Ávila Çé ñ') f`.execute(db)).rows);
  console.log((await sql`select count(*) from repair_requests where acende_search_text(name, phone, address) like '%joao%'`.execute(db)).rows);
} else {
  console.log((await sql`select count(*) from repair_requests_search where repair_requests_search match '"joao"'`.execute(db)).rows);
}
console.log((await db.selectFrom('repairRequests').select((eb)=>eb.fn.countAll().as('n')).where('name','like','%João%').executeTakeFirst()));
await db.destroy();
