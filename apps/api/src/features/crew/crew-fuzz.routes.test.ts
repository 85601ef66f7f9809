// Hostile input on the crew routes as a signed-in crew account, on both engines: the built
// server's fuzzer (tests/support/fuzz-suite.ts) signs in as an admin, which a crew route
// refuses before reading the body, so the crew's own bodies are fuzzed here. No 5xx, every
// 4xx a JSON message, and a refused sync leaves no action half-written.
import fc from 'fast-check';
import { expect } from 'vitest';
import { describeEachDay, it } from '../../../test/engines.ts';
import { fileValidRequest } from '../../../test/requests.ts';
import { countRows, crewAccount, officeAdmin, today, workOrderFor } from './crew.test-support.ts';

const hostile = fc.oneof(
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1.5, Number.NaN, '1', '', null, true, [], {}, '__proto__'),
  fc.string({ maxLength: 40 }),
  fc.integer(),
);

const fuzzAction = (stopId: number) =>
  fc.record(
    {
      key: fc.oneof(fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002'), fc.string({ maxLength: 70 })),
      kind: fc.constantFrom('arrive', 'fix', 'not_possible', 'other'),
      stopId: fc.oneof(fc.constant(stopId), hostile),
      at: fc.oneof(
        fc
          .date({ min: new Date('1970-01-01'), max: new Date('2999-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString()),
        hostile,
      ),
      seenUpdatedAt: fc.oneof(fc.constant('x'), hostile),
      materials: fc.oneof(fc.array(fc.record({ materialId: hostile, quantity: hostile }), { maxLength: 3 }), hostile),
      photoKeys: fc.oneof(fc.array(fc.string({ maxLength: 70 }), { maxLength: 4 }), hostile),
      reason: fc.oneof(fc.constantFrom('no_access', 'needs_lift', 'not_ours'), hostile),
      proposedCompanyId: hostile,
      notes: hostile,
    },
    { requiredKeys: [] },
  );

describeEachDay('the crew routes under hostile input', (ctx) => {
  it('answers every malformed sync, day and photo with a 4xx message or a result, never a 5xx', async () => {
    const office = await officeAdmin(ctx());
    const crew = await crewAccount(ctx(), 1);
    const order = await workOrderFor(ctx(), office, crew, [await fileValidRequest(ctx().app)]);
    const stopId = order.stops[0]?.id as number;
    const check = (res: { statusCode: number; body: string; json: () => { message?: unknown } }, what: string) => {
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(typeof res.json().message, what).toBe('string');
    };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.array(fuzzAction(stopId), { maxLength: 3 }), hostile),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async (actions, type) => {
          const payload = JSON.stringify(Array.isArray(actions) ? { actions } : actions);
          const res = await ctx().app.inject({
            method: 'POST',
            url: '/api/crew/sync',
            headers: { ...crew.headers, 'content-type': type },
            payload,
          });
          check(res, `sync ${payload.slice(0, 300)}`);
        },
      ),
      { numRuns: 150, seed: 37 },
    );
    // Nothing applied that the rules refuse: a fuzzed action never has the right seenUpdatedAt.
    expect(await countRows(ctx(), 'crewActions')).toBe(0);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 30 }), fc.string({ maxLength: 80 }), async (day, key) => {
        const dayRes = await ctx().app.inject({
          url: `/api/crew/day?day=${encodeURIComponent(day)}`,
          headers: crew.headers,
        });
        check(dayRes, `day ${day}`);
        const put = await ctx().app.inject({
          method: 'PUT',
          url: `/api/crew/photos/${encodeURIComponent(key) || 'x'}`,
          headers: { ...crew.headers, 'content-type': 'image/jpeg' },
          payload: Buffer.from(day),
        });
        check(put, `photo ${key}`);
      }),
      { numRuns: 60, seed: 37 },
    );
    expect(
      (await ctx().app.inject({ url: `/api/crew/day?day=${today(ctx())}`, headers: crew.headers })).statusCode,
    ).toBe(200);
  });
});
