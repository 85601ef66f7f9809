// Realistic repair requests for development, demos and the list tests: addresses in
// Porto Alegre's neighbourhoods, Brazilian names and phones, spread over the past
// year, every status with the history events that lead to it, every company.
// Rows go in with multi-row inserts of 1000, a transaction per 50,000, built a chunk at a time.
import { PROBLEM_TYPES, type RequestStatus } from '@acende/shared/enums';
import { sql } from 'kysely';
import { hashToken, newToken } from '../lib/tokens.ts';
import { type Db, dialectOf, type Trx } from './database.ts';
import type { NewRepairRequest } from './schema.ts';

const CITY = 'Porto Alegre';

/** Neighbourhoods with a rough centre, so coordinates fall where the address says. */
const DISTRICTS: [name: string, lat: number, lon: number][] = [
  ['Centro Histórico', -30.0318, -51.2302],
  ['Cidade Baixa', -30.0403, -51.22],
  ['Bom Fim', -30.033, -51.21],
  ['Moinhos de Vento', -30.0246, -51.2026],
  ['Menino Deus', -30.052, -51.222],
  ['Partenon', -30.06, -51.185],
  ['Petrópolis', -30.044, -51.183],
  ['Santana', -30.049, -51.203],
  ['Azenha', -30.052, -51.211],
  ['Tristeza', -30.111, -51.25],
  ['Restinga', -30.148, -51.145],
  ['Sarandi', -29.995, -51.13],
  ['Navegantes', -29.996, -51.2],
  ['Cristal', -30.083, -51.235],
  ['Glória', -30.079, -51.192],
  ['Jardim Botânico', -30.051, -51.175],
  ['Rio Branco', -30.033, -51.196],
  ['Floresta', -30.022, -51.214],
  ['São João', -30.0, -51.185],
  ['Ipanema', -30.137, -51.227],
  ['Lomba do Pinheiro', -30.11, -51.12],
  ['Passo da Areia', -30.014, -51.16],
  ['Cavalhada', -30.1, -51.225],
  ['Camaquã', -30.106, -51.233],
  ['Higienópolis', -30.018, -51.186],
  ['Vila Nova', -30.118, -51.205],
];

const STREETS = [
  'Rua dos Andradas',
  'Avenida Borges de Medeiros',
  'Rua José do Patrocínio',
  'Avenida Ipiranga',
  'Avenida Protásio Alves',
  'Rua Padre Chagas',
  'Avenida Osvaldo Aranha',
  'Rua da República',
  'Avenida Getúlio Vargas',
  'Rua Lima e Silva',
  'Avenida Bento Gonçalves',
  'Avenida Assis Brasil',
  'Rua Ramiro Barcelos',
  'Avenida Independência',
  'Rua Mariante',
  'Avenida Wenceslau Escobar',
  'Avenida Cavalhada',
  'Rua Dona Laura',
  'Avenida Nilo Peçanha',
  'Rua Vinte e Quatro de Outubro',
  'Avenida Carlos Gomes',
  'Rua Santana',
  'Avenida Azenha',
  'Avenida Princesa Isabel',
  'Rua Gonçalo de Carvalho',
  'Avenida Farrapos',
  'Avenida Sertório',
  'Rua Felipe Camarão',
  'Rua Olavo Bilac',
  'Avenida Teresópolis',
  'Rua Doutor Timóteo',
  'Rua Coronel Bordini',
  'Avenida Plínio Brasil Milano',
  'Rua Miguel Tostes',
  'Estrada João de Oliveira Remião',
  'Avenida Juca Batista',
];

const FIRST_NAMES = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Francisca',
  'Antônio',
  'Juliana',
  'Carlos',
  'Márcia',
  'Paulo',
  'Fernanda',
  'Lucas',
  'Patrícia',
  'Rafael',
  'Aline',
  'Gabriel',
  'Camila',
  'Bruno',
  'Letícia',
  'Rodrigo',
  'Vitória',
  'Mateus',
  'Luíza',
  'Thiago',
  'Beatriz',
  'Gustavo',
  'Larissa',
  'Felipe',
  'Sônia',
  'Eduardo',
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Pereira',
  'Lima',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Carvalho',
  'Gomes',
  'Martins',
  'Araújo',
  'Ribeiro',
  'Rocha',
  'Dias',
  'Moreira',
  'Machado',
  'Becker',
  'Schmidt',
  'Müller',
  'Bertolini',
  'Fagundes',
  'da Rosa',
  'dos Reis',
  'de Azevedo',
];
const REFERENCES = [
  'Em frente à farmácia',
  'Ao lado da parada de ônibus',
  'Esquina com a padaria',
  'Perto da escola estadual',
  'Poste em frente ao número indicado',
  'Atrás da praça',
  'Próximo ao posto de saúde',
  'Em frente ao mercado',
];
const NOTES: Record<Exclude<RequestStatus, 'open'>, string[]> = {
  in_progress: [
    'Equipe de campo enviada.',
    'Vistoria agendada para esta semana.',
    'Aguardando material para a troca da lâmpada.',
  ],
  completed: ['Lâmpada substituída.', 'Reator trocado e iluminação restabelecida.', 'Poste reparado e sinalizado.'],
  cancelled: ['Solicitação duplicada.', 'Endereço fora da área atendida.', 'Problema não encontrado na vistoria.'],
};

/** A small seeded PRNG (mulberry32), so a seed gives the same data on both engines. */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}

export interface SeedAccount {
  id: number;
  name: string;
  /** Companies the account is linked to; empty sees all. */
  companyIds: number[];
}

export interface SeedRequestsOptions {
  count: number;
  /** The end of the year the requests are spread over. */
  now: Date;
  seed?: number;
  /** Companies to spread over; by default every company in the database. */
  companyIds?: number[];
  /** Accounts to assign work to; by default the active admin and user accounts. */
  accounts?: SeedAccount[];
  batchSize?: number;
  /** Called after each committed chunk with how many requests are in so far. */
  onProgress?: (inserted: number) => void;
}

interface SeedEvent {
  kind: string;
  fromStatus: RequestStatus | null;
  toStatus: RequestStatus | null;
  actorId: number | null;
  actorName: string | null;
  assignedToId: number | null;
  assignedTo: string | null;
  notes: string | null;
  createdAt: string;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

function phoneNumber(random: ReturnType<typeof randomSource>): string {
  const ddd = random.pick(['51', '51', '51', '51', '53', '54']);
  if (random.next() < 0.8) return `(${ddd}) 9${random.int(8000, 9999)}-${String(random.int(0, 9999)).padStart(4, '0')}`;
  return `(${ddd}) 3${random.int(100, 999)}-${String(random.int(0, 9999)).padStart(4, '0')}`;
}

function emailFor(name: string, random: ReturnType<typeof randomSource>): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/);
  const domain = random.pick(['gmail.com', 'hotmail.com', 'yahoo.com.br', 'outlook.com', 'terra.com.br']);
  return `${slug[0]}.${slug[slug.length - 1]}${random.int(1, 99)}@${domain}`;
}

/** Builds one request and the events that brought it to its status, in time order. */
function buildRequest(
  random: ReturnType<typeof randomSource>,
  now: number,
  created: number,
  companyIds: number[],
  accounts: SeedAccount[],
): { row: NewRepairRequest; events: SeedEvent[] } {
  const [district, lat, lon] = random.pick(DISTRICTS);
  const street = random.pick(STREETS);
  const name = random.next() < 0.9 ? `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}` : null;
  const companyId = random.pick(companyIds);
  const roll = random.next();
  // Older requests are mostly settled; recent ones mostly still open.
  const age = (now - created) / YEAR_MS;
  const status: RequestStatus =
    roll < 0.55 - age * 0.45
      ? 'open'
      : roll < 0.75 - age * 0.4
        ? 'in_progress'
        : roll < 0.93
          ? 'completed'
          : 'cancelled';
  const candidates = accounts.filter((a) => a.companyIds.length === 0 || a.companyIds.includes(companyId));
  const assignee = status !== 'open' && candidates.length && random.next() < 0.85 ? random.pick(candidates) : null;
  const actor = assignee ?? (candidates.length ? random.pick(candidates) : null);

  const events: SeedEvent[] = [];
  const at = (ms: number) => new Date(Math.min(ms, now)).toISOString();
  const createdAt = at(created);
  events.push({
    kind: 'created',
    fromStatus: null,
    toStatus: 'open',
    actorId: null,
    actorName: null,
    assignedToId: null,
    assignedTo: null,
    notes: null,
    createdAt,
  });
  let time = created;
  let current: RequestStatus = 'open';
  const step = (to: RequestStatus) => {
    time += random.int(1, 72) * HOUR_MS;
    events.push({
      kind: 'updated',
      fromStatus: current,
      toStatus: to,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? 'Equipe de manutenção',
      assignedToId: assignee?.id ?? null,
      assignedTo: assignee?.name ?? null,
      notes: to === 'open' ? null : random.pick(NOTES[to]),
      createdAt: at(time),
    });
    current = to;
  };
  if (status === 'in_progress' || status === 'completed') step('in_progress');
  if (status === 'completed') step('completed');
  if (status === 'cancelled') {
    if (random.next() < 0.4) step('in_progress');
    step('cancelled');
  }
  const last = events[events.length - 1] as SeedEvent;
  const row: NewRepairRequest = {
    name,
    email: name && random.next() < 0.6 ? emailFor(name, random) : null,
    phone: phoneNumber(random),
    address: `${street}, ${random.int(1, 4999)} - ${district}, ${CITY} - RS`,
    reference: random.next() < 0.5 ? random.pick(REFERENCES) : null,
    problemType: random.pick(PROBLEM_TYPES),
    latitude: (lat + (random.next() - 0.5) * 0.012).toFixed(6),
    longitude: (lon + (random.next() - 0.5) * 0.012).toFixed(6),
    companyId,
    status,
    notes: last.notes,
    assignedToId: assignee?.id ?? null,
    assignedTo: assignee?.name ?? null,
    language: random.next() < 0.92 ? 'pt' : 'en',
    // Seeded requests are never tracked with a token: a random one, hashed, is never handed out.
    trackingTokenHash: hashToken(newToken()),
    district,
    city: CITY,
    createdAt,
    updatedAt: last.createdAt,
  };
  return { row, events };
}

async function seedAccounts(db: Db): Promise<SeedAccount[]> {
  const admins = await db
    .selectFrom('admins')
    .select(['id', 'name'])
    .where('active', '=', 1)
    .where('role', 'in', ['admin', 'user'])
    .execute();
  const links = await db.selectFrom('adminCompanies').select(['adminId', 'companyId']).execute();
  return admins.map((a) => ({
    id: a.id,
    name: a.name,
    companyIds: links.filter((l) => l.adminId === a.id).map((l) => l.companyId),
  }));
}

/** Inserts `count` requests with their history; answers how many were inserted. */
export async function seedRequests(db: Db, options: SeedRequestsOptions): Promise<number> {
  const random = randomSource(options.seed ?? 20_260_101);
  const companyIds =
    options.companyIds ?? (await db.selectFrom('energyCompanies').select('id').execute()).map((c) => c.id);
  if (companyIds.length === 0) throw new Error('No energy companies to seed requests for: create one first.');
  const accounts = options.accounts ?? (await seedAccounts(db));
  const now = options.now.getTime();
  const count = options.count;
  // Both engines cap bound parameters per statement (SQLite 32766): ~24 per request row.
  const batchSize = options.batchSize ?? 1000;
  // Built and written a chunk at a time (memory stays flat for millions), one transaction
  // per chunk. Request i is created in the i-th slice of the year, so numbers grow with time.
  const chunkSize = Math.max(batchSize, 50_000);
  const slot = YEAR_MS / Math.max(count, 1);
  const start = now - YEAR_MS;
  // PostgreSQL keeps GIN (search) indexes row by row at ~1,500 rows/s; for a big load
  // they are set aside and rebuilt at the end from their own definitions, far faster.
  const setAside = dialectOf(db) === 'postgres' && count >= 100_000 ? await dropGinIndexes(db) : [];

  for (let from = 0; from < count; from += chunkSize) {
    const built: ReturnType<typeof buildRequest>[] = [];
    for (let i = from; i < Math.min(count, from + chunkSize); i++) {
      const created = Math.min(now, Math.floor(start + (i + random.next()) * slot));
      built.push(buildRequest(random, now, created, companyIds, accounts));
    }
    await db.transaction().execute(async (trx: Trx) => {
      for (let b = 0; b < built.length; b += batchSize) {
        const batch = built.slice(b, b + batchSize);
        const inserted = await trx
          .insertInto('repairRequests')
          .values(batch.map((item) => item.row))
          .returning(['id', 'trackingTokenHash'])
          .execute();
        const idByHash = new Map(inserted.map((r) => [r.trackingTokenHash, r.id]));
        const events = batch.flatMap((item) => {
          const requestId = idByHash.get(item.row.trackingTokenHash) as number;
          return item.events.map((e) => ({ ...e, requestId }));
        });
        for (let e = 0; e < events.length; e += 2000) {
          await trx
            .insertInto('requestEvents')
            .values(events.slice(e, e + 2000))
            .execute();
        }
      }
    });
    options.onProgress?.(Math.min(count, from + chunkSize));
  }
  if (setAside.length) {
    await db.transaction().execute(async (trx) => {
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      for (const definition of setAside) await sql.raw(definition).execute(trx);
    });
    await sql`analyze repair_requests`.execute(db);
  }
  // SQLite's trigram indexes took one large segment per 50,000 rows; left alone, the filings
  // after a big load would merge them a piece at a time (seconds of slower writes: groups
  // of 40 at 9.5 ms at p50 instead of 3.5). One merge now (7 s for 1,000,000 rows).
  if (dialectOf(db) === 'sqlite' && count >= 100_000) {
    for (const index of ['repair_requests_search_name', 'repair_requests_search_contact']) {
      await sql.raw(`insert into ${index} (${index}) values ('optimize')`).execute(db);
    }
  }
  return count;
}

/** Drops the GIN indexes of repair_requests and answers their definitions. */
async function dropGinIndexes(db: Db): Promise<string[]> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where tablename = 'repair_requests' and schemaname = current_schema() and indexdef like '% USING gin %'`.execute(
    db,
  );
  for (const row of rows) await sql`drop index ${sql.id(row.indexname)}`.execute(db);
  return rows.map((row) => row.indexdef);
}
