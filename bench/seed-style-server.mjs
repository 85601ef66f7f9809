// The seed-style baseline (issue 40): how a scaffolded app files a request — Express 5,
// express-session with its default store, express.json, a zod schema, and one insert through
// Drizzle into a table with only a primary key (no search indexes, no events, no counters).
// The same driver and durability settings as Acende. Filing only: the other public calls are
// measured against the bare baseline (bench/baseline-server.mjs).
// Usage: node bench/seed-style-server.mjs <port> <sqlite:/path | postgres://...>
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { integer as pgInteger, pgTable, text as pgText, serial } from 'drizzle-orm/pg-core';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import express from 'express';
import session from 'express-session';
import pg from 'pg';
import * as z from 'zod';

const [port, url] = process.argv.slice(2);
const COLUMNS = `name text, email text, phone text not null, address text not null, reference text,
  problem_type text not null, latitude text not null, longitude text not null, pole_id integer,
  company_id integer not null, status text not null, created_at text not null`;

const columns = (t, int) => ({
  name: t('name'),
  email: t('email'),
  phone: t('phone').notNull(),
  address: t('address').notNull(),
  reference: t('reference'),
  problemType: t('problem_type').notNull(),
  latitude: t('latitude').notNull(),
  longitude: t('longitude').notNull(),
  poleId: int('pole_id'),
  companyId: int('company_id').notNull(),
  status: t('status').notNull(),
  createdAt: t('created_at').notNull(),
});

let db;
let requests;
if (url.startsWith('sqlite:')) {
  const file = url.slice('sqlite:'.length);
  mkdirSync(dirname(file), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('busy_timeout = 5000');
  connection.exec(`create table if not exists bench_seed_style (id integer primary key autoincrement, ${COLUMNS})`);
  db = sqliteDrizzle(connection);
  requests = sqliteTable('bench_seed_style', {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ...columns(text, integer),
  });
} else {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(`create table if not exists bench_seed_style (id serial primary key, ${COLUMNS})`);
  db = pgDrizzle(pool);
  requests = pgTable('bench_seed_style', { id: serial('id').primaryKey(), ...columns(pgText, pgInteger) });
}

const optional = (max) => z.string().trim().max(max).optional();
const filing = z.object({
  name: optional(120),
  email: z.union([z.literal(''), z.email()]).optional(),
  phone: z.string().trim().min(8).max(40),
  address: z.string().trim().min(1).max(500),
  reference: optional(500),
  problemType: z.string().min(1).max(40),
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  company: z.coerce.number().int().positive(),
  pole: z.coerce.number().int().positive().optional(),
});

const app = express();
app.disable('x-powered-by');
app.use(express.json({ limit: '100kb' }));
app.use(
  session({
    secret: 'seed-style-bench-secret',
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax' },
  }),
);
app.post('/api/repair-requests', async (req, res) => {
  const parsed = filing.safeParse(req.body);
  if (!parsed.success) return res.status(400).json({ message: parsed.error.issues[0]?.message });
  const b = parsed.data;
  const [row] = await db
    .insert(requests)
    .values({
      name: b.name || null,
      email: b.email || null,
      phone: b.phone,
      address: b.address,
      reference: b.reference || null,
      problemType: b.problemType,
      latitude: String(b.latitude),
      longitude: String(b.longitude),
      poleId: b.pole ?? null,
      companyId: b.company,
      status: 'open',
      createdAt: new Date().toISOString(),
    })
    .returning({ id: requests.id });
  res.status(201).json({ id: row.id });
});
app.use((error, _req, res, _next) => res.status(error.status ?? 500).json({ message: error.message }));
app.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
