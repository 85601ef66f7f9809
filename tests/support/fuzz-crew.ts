// The fuzzer's field crew (decision 0068): a route whose `x-auth` is `crew` answers every other
// account with a 403 before reading its body, so the fuzzer calls it signed in as a crew
// account. The crew gets a work order of today holding a request of its company, so that the
// day, the stops and the keys the fuzzer sends meet real rows past validation.
import { type Account, call, createAccount, fileRequest } from './client.ts';
import type { Route } from './openapi.ts';

export interface FuzzCrew {
  account: Account;
  crewId: number;
}

/** A new crew of the company of a new request, its signed-in account, and their work order of today. */
export async function startFuzzCrew(base: string, adminCookie: string): Promise<FuzzCrew> {
  // The admin routes are fuzzed with id 1 in their paths: a crew made first takes the
  // switching-off that PATCH /api/admin/crews/1 may do, and the fuzzer's crew lives on.
  await call(base, 'POST', '/api/admin/crews', {
    cookie: adminCookie,
    body: { companyId: 1, name: `Equipe isca ${Math.random().toString(36).slice(2, 10)}` },
  });
  const request = await fileRequest(base);
  const read = await call(base, 'GET', `/api/admin/repair-requests/${request.id}`, { cookie: adminCookie });
  if (read.status !== 200) throw new Error(`read request ${request.id}: ${read.status} ${read.text}`);
  const account = await createAccount(base, adminCookie, 'crew', [read.json.company.id]);
  const profile = await call(base, 'GET', '/api/admin/profile', { cookie: account.cookie });
  const crewId = Number(profile.json?.crewId);
  const day = new Date().toISOString().slice(0, 10);
  const order = await call(base, 'POST', '/api/admin/work-orders', {
    cookie: adminCookie,
    body: { crewId, day, requestIds: [request.id] },
  });
  if (order.status !== 201) throw new Error(`work order for crew ${crewId}: ${order.status} ${order.text}`);
  return { account, crewId };
}

/** The crew when its session still works; else a new one (the admin routes' fuzzing may switch a crew off). */
export async function liveFuzzCrew(base: string, adminCookie: string, crew: FuzzCrew): Promise<FuzzCrew> {
  const alive = await call(base, 'GET', '/api/crew/day?day=2026-01-01', { cookie: crew.account.cookie });
  return alive.status === 200 ? crew : startFuzzCrew(base, adminCookie);
}

/** The session a signed-in case of `route` sends: the crew's on crew routes, the admin's elsewhere. */
export const sessionFor = (route: Pick<Route, 'level'>, admin: Account, crew: FuzzCrew): string =>
  route.level === 'crew' ? crew.account.cookie : admin.cookie;
