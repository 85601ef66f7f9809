// One seeded request at a time: a seeded PRNG (the same data on both engines) and the
// request with the history events that lead to its status, spread by age.
import { PROBLEM_TYPES, type RequestStatus } from '@acende/shared/enums';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { NewRepairRequest } from './schema.ts';
import { CITY, DISTRICTS, FIRST_NAMES, NOTES, REFERENCES, STREETS, SURNAMES } from './seed-requests.samples.ts';

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

export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
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
export function buildRequest(
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
    // When it reached completed or cancelled: the retention counts from it (decision 0027).
    closedAt: status === 'completed' || status === 'cancelled' ? last.createdAt : null,
    createdAt,
    updatedAt: last.createdAt,
  };
  return { row, events };
}
