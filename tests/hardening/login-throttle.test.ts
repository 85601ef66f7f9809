// Sign-in throttling from the outside, under concurrency: 100 sign-ins at once for one
// account from one source get at most 5 password checks (401), the rest 429, and the
// right password sent once the limit is reached does not sign in. On SQLite against one
// built server; on PostgreSQL against TWO built servers sharing one database (the count
// is in the database, decision 0004), the sign-ins split between them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call, createAccount, signIn } from '../support/client.ts';
import { type Instances, startInstances } from '../support/instances.ts';
import { createDatabase, ENGINES, type ServerProcess, startServer, type TestDatabase } from '../support/server.ts';

const LIMIT = 5;
const BURST = 100;

/**
 * Sends BURST - late.length wrong passwords for `username` at once, spread over `bases`;
 * as soon as any of them has been refused (429, so the limit is reached), sends `late`
 * (the right password) too, still while the rest are in flight. Answers all of them.
 */
async function burst(bases: string[], username: string, late: string[]): Promise<{ wrong: Answer[]; late: Answer[] }> {
  let limitReached: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    limitReached = resolve;
  });
  const wrong = Array.from({ length: BURST - late.length }, (_, i) =>
    call(bases[i % bases.length] as string, 'POST', '/api/admin/login', {
      body: { username, password: `wrong-guess-${i}` },
      headers: { 'accept-language': 'en' },
    }).then((answer) => {
      if (answer.status === 429) limitReached();
      return answer;
    }),
  );
  // (Or once all have been answered, when none was refused: then the limit did not hold.)
  await Promise.race([reached, Promise.all(wrong)]);
  const lateAnswers = late.map((password, i) =>
    call(bases[i % bases.length] as string, 'POST', '/api/admin/login', {
      body: { username, password },
      headers: { 'accept-language': 'en' },
    }),
  );
  return { wrong: await Promise.all(wrong), late: await Promise.all(lateAnswers) };
}

function expectThrottled(result: { wrong: Answer[]; late: Answer[] }) {
  const statuses = [...result.wrong, ...result.late].map((a) => a.status);
  // Exactly LIMIT password checks ran (each a wrong password: 401); everything else was refused unchecked.
  expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
  expect(statuses.filter((s) => s === 429)).toHaveLength(BURST - LIMIT);
  for (const answer of result.late) {
    expect(answer.status).toBe(429);
    expect(answer.json.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.headers.getSetCookie()).toEqual([]);
  }
}

describe('sign-in throttling under 100 concurrent attempts, one server [sqlite]', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createDatabase('sqlite');
    server = await startServer(database, { label: 'login-throttle', env: { TRUST_PROXY: 'off' } });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('checks at most 5 passwords; the right one sent late does not sign in', async () => {
    const account = await createAccount(server.url, await signIn(server.url), 'viewer');
    const result = await burst([server.url], account.username, [account.password]);
    expectThrottled(result);
    const again = await call(server.url, 'POST', '/api/admin/login', {
      body: { username: account.username, password: account.password },
    });
    expect(again.status).toBe(429);
  });
});

// Fails (rather than skips) when REQUIRE_POSTGRES=1 and PostgreSQL is missing: test-databases throws.
describe.runIf(ENGINES.includes('postgres'))(
  'sign-in throttling under 100 concurrent attempts, two servers on one database [postgres]',
  () => {
    let pair: Instances;
    beforeAll(async () => {
      pair = await startInstances(2, { label: 'login-throttle', env: { TRUST_PROXY: 'off' } });
    });
    afterAll(async () => {
      await pair?.close();
    });

    it('checks at most 5 passwords across both; the right one sent late to either does not sign in', async () => {
      const [a, b] = pair.servers.map((s) => s.url) as [string, string];
      const account = await createAccount(a, await signIn(a), 'viewer');
      const result = await burst([a, b], account.username, [account.password, account.password]);
      expectThrottled(result);
      // Each server saw part of the burst, and each refuses the right password now.
      for (const base of [a, b]) {
        const again = await call(base, 'POST', '/api/admin/login', {
          body: { username: account.username, password: account.password },
        });
        expect(again.status).toBe(429);
      }
    });
  },
);
