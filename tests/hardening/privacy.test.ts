// Item 7 of issue 9 (decision 0002 §8): with ~1,000 requests filed under distinctive names,
// phones and e-mails, reading numbers 1…1,000 without the tracking token returns no
// phone, e-mail or full name; a wrong token answers exactly like no token; lookups are
// rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, fileRequest } from '../support/client.ts';
import { ENGINES, type Engine, startFresh } from '../support/server.ts';
import { record } from '../support/summary.ts';

const COUNT = 1000;
const citizen = (i: number) => ({
  name: `Zebedeu${i} Quixabeira Vasconcelos`,
  phone: `(11) 9${String(7000 + i).padStart(4, '0')}-${String(3000 + i).padStart(4, '0')}`,
  email: `cidadao.${i}.privado@exemplo-lgpd.org`,
});

describe.each(ENGINES)('privacy of tracking lookups [%s]', (engine: Engine) => {
  let env: Awaited<ReturnType<typeof startFresh>>;
  const tokens = new Map<number, string>();
  const byId = new Map<number, ReturnType<typeof citizen>>();

  beforeAll(async () => {
    env = await startFresh(engine, { label: 'privacy' });
    let next = 0;
    const worker = async () => {
      while (next < COUNT) {
        const i = next++;
        const created = await fileRequest(env.server.url, citizen(i));
        tokens.set(created.id, created.trackingToken);
        byId.set(created.id, citizen(i));
      }
    };
    await Promise.all(Array.from({ length: 25 }, worker));
  });
  afterAll(async () => {
    await env?.close();
  });

  it('reading numbers 1…1,000 without a token shows no phone, e-mail or full name', async () => {
    let read = 0;
    for (let id = 1; id <= COUNT; id++) {
      const res = await call(env.server.url, 'GET', `/api/repair-requests/${id}`);
      expect(res.status, `#${id}`).toBe(200);
      const who = byId.get(id);
      if (!who) throw new Error(`#${id} was not filed by this test`);
      expect(res.json.masked).toBe(true);
      const digits = who.phone.replace(/\D/g, '');
      expect(res.text).not.toContain(who.phone);
      expect(res.text.replace(/\D/g, '')).not.toContain(digits.slice(0, 8));
      expect(res.text).not.toContain(who.email);
      expect(res.text).not.toContain(who.email.split('@')[0]);
      expect(res.text).not.toContain('Quixabeira');
      expect(res.text).not.toContain('Vasconcelos');
      expect(res.json.phone.endsWith(digits.slice(-4))).toBe(true);
      read += 1;
    }
    record(`privacy [${engine}]: ${COUNT} requests filed, ${read} read without a token, none showed contact details`);
  });

  it('Open311 (decision 0038): the list and each request, in JSON and XML, show no contact detail', async () => {
    const list = await call(env.server.url, 'GET', '/open311/v2/requests.json');
    expect(list.status).toBe(200);
    expect((list.json as unknown[]).length).toBe(COUNT);
    const answers = [list.text, (await call(env.server.url, 'GET', '/open311/v2/requests.xml')).text];
    for (const id of [1, 500, COUNT]) {
      for (const format of ['json', 'xml']) {
        answers.push((await call(env.server.url, 'GET', `/open311/v2/requests/${id}.${format}`)).text);
      }
    }
    for (const text of answers) {
      expect(text).not.toContain('Quixabeira');
      expect(text).not.toContain('Vasconcelos');
      expect(text).not.toContain('Zebedeu');
      expect(text).not.toContain('exemplo-lgpd');
      for (const who of byId.values()) expect(text).not.toContain(who.phone.replace(/\D/g, '').slice(0, 8));
    }
    record(
      `privacy [${engine}]: the Open311 list of ${COUNT} and requests by id, JSON and XML, showed no contact details`,
    );
  });

  it('answers a wrong token, or another request’s token, exactly like no token', async () => {
    const ids = [1, 2, 500, COUNT];
    for (const id of ids) {
      const none = await call(env.server.url, 'GET', `/api/repair-requests/${id}`);
      const own = tokens.get(id) as string;
      const flipped = `${own.slice(0, -1)}${own.endsWith('A') ? 'B' : 'A'}`;
      for (const wrong of [flipped, tokens.get(id === 1 ? 2 : 1) as string, 'x', '', 'null', own.toUpperCase()]) {
        const res = await call(env.server.url, 'GET', `/api/repair-requests/${id}?t=${encodeURIComponent(wrong)}`);
        expect(res.status).toBe(200);
        expect(res.json).toEqual(none.json);
      }
      // ...and the right token shows everything.
      const whole = await call(env.server.url, 'GET', `/api/repair-requests/${id}?t=${encodeURIComponent(own)}`);
      expect(whole.json.masked).toBe(false);
      expect(whole.json.phone).toBe(byId.get(id)?.phone);
    }
    // An unknown number and a malformed one do not tell more than "not found" / "invalid".
    const unknown = await call(env.server.url, 'GET', '/api/repair-requests/999999');
    expect(unknown.status).toBe(404);
    expect(Object.keys(unknown.json)).toEqual(['message']);
  });

  it('rate-limits lookups (a server with RATE_LIMIT_LOOKUP_MAX=5)', async () => {
    const limited = await startFresh(engine, { label: 'privacy-limit', env: { RATE_LIMIT_LOOKUP_MAX: '5' } });
    try {
      const created = await fileRequest(limited.server.url);
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<typeof call>> | undefined;
      for (let i = 0; i < 8; i++) {
        const res = await call(limited.server.url, 'GET', `/api/repair-requests/${created.id}`);
        statuses.push(res.status);
        if (res.status === 429) refused = res;
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
      expect(typeof refused?.json.message).toBe('string');
      expect(refused?.text).not.toContain(created.trackingToken);
      // Guessing numbers is limited too, not only reading one.
      const guess = await call(limited.server.url, 'GET', '/api/repair-requests/2');
      expect(guess.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
