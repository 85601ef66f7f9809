// Issue 22 (decision 0034): "already reported nearby" (open requests within 50 m or on the
// same pole, no contact data, rate-limited), following a request (one follower per e-mail,
// a cap held under concurrent follows, status e-mails through a real SMTP server in the
// follower's language), the unsubscribe link of every e-mail to a citizen, and retention
// deleting followers. Both engines.
import { FOLLOWERS_MAX } from '@acende/shared/schemas/followers';
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { insertPole } from '../../../test/citizen-poles.ts';
import { configureSmtp, drainOutbox } from '../../../test/email.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { hashToken } from '../../lib/tokens.ts';

// About 0.00027° of latitude is 30 m; 0.0009° is 100 m.
const HERE = { latitude: '-30.0277', longitude: '-51.2287' };
const M30 = { latitude: '-30.02797', longitude: '-51.2287' };

let ipCounter = 0;
/** Each test its own client address: the nearby limit counts per client. */
const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describeEachEngine(
  'followers, nearby and unsubscribe',
  (ctx) => {
    let smtp: SmtpCapture;
    let operator: TestAccount;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      await configureSmtp(ctx(), smtp);
      operator = await signedIn(ctx(), { role: 'user' });
    });
    afterAll(async () => smtp.close());

    const file = async (overrides: Record<string, unknown> = {}, language: 'pt' | 'en' = 'pt') => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: { ...validRequest, ...overrides },
        headers: { 'accept-language': language },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const nearby = (query: string, ip = newIp(), language = 'pt') =>
      ctx().app.inject({
        method: 'GET',
        url: `/api/repair-requests/nearby?${query}`,
        remoteAddress: ip,
        headers: { 'accept-language': language },
      });
    const follow = (id: number | string, email: string, language = 'pt', ip = newIp()) =>
      ctx().app.inject({
        method: 'POST',
        url: `/api/repair-requests/${id}/followers`,
        payload: { email },
        remoteAddress: ip,
        headers: { 'accept-language': language },
      });
    const detail = async (id: number) => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/api/admin/repair-requests/${id}`,
        headers: operator.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const setStatus = async (id: number, status: string) => {
      const { updatedAt } = (await detail(id)).json();
      const res = await ctx().app.inject({
        method: 'PATCH',
        url: `/api/admin/repair-requests/${id}`,
        headers: operator.headers,
        payload: { status, updatedAt },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const mailsTo = (address: string) => smtp.messages.filter((m) => m.envelopeTo.includes(address));
    const unsubscribeLink = (mail: CapturedMail) => {
      const match = /\/unsubscribe\?token=([A-Za-z0-9_.%-]+)/.exec(mail.text);
      if (!match) throw new Error(`no unsubscribe link in ${mail.subject}`);
      return decodeURIComponent(match[1] as string);
    };

    it('shows open requests within 50 m or on the same pole, nearest first, with no contact data', async () => {
      const base = { latitude: '-29.5000', longitude: '-50.5000' };
      const near = await file({ ...base, problemType: 'LIGHT_OUT' });
      const at30 = await file({ latitude: '-29.50027', longitude: '-50.5000', problemType: 'NO_LAMP' });
      await file({ latitude: '-29.50072', longitude: '-50.5000' }); // 80 m: outside
      const closed = await file(base);
      await ctx().db.updateTable('repairRequests').set({ status: 'completed' }).where('id', '=', closed).execute();
      const poleId = await insertPole(ctx().db, { companyId: 1, number: 'NB-1', latitude: -29.6, longitude: -50.6 });
      const onPole = await file({ latitude: '-29.6000', longitude: '-50.6000', pole: String(poleId) });

      const res = await nearby(`lat=${base.latitude}&lng=${base.longitude}`);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items as { id: number; distance: number; samePole: boolean }[];
      expect(items.map((i) => i.id)).toEqual([near, at30]);
      expect(items[0]).toEqual({
        id: near,
        problemType: 'LIGHT_OUT',
        status: 'open',
        createdAt: expect.any(String),
        distance: 0,
        samePole: false,
      });
      expect(items[1]?.distance).toBeGreaterThan(25);
      expect(items[1]?.distance).toBeLessThan(35);
      // Nothing a citizen typed besides the problem.
      for (const secret of [validRequest.name, validRequest.email, validRequest.phone, validRequest.address]) {
        expect(res.body).not.toContain(secret);
      }
      // The pole's request counts at any distance, first.
      const withPole = await nearby(`lat=${base.latitude}&lng=${base.longitude}&pole=${poleId}`);
      expect((withPole.json().items as { id: number; samePole: boolean }[]).map((i) => [i.id, i.samePole])).toEqual([
        [onPole, true],
        [near, false],
        [at30, false],
      ]);
    });

    it('finds requests east and west across the index strips, and near a pole of the Earth', async () => {
      // About 40 m each way, each in another 1/4000° strip than the point's; the east one in the
      // last strip the box touches (decision 0040).
      const west = await file({ latitude: '-27.3000', longitude: '-48.7003' });
      const east = await file({ latitude: '-27.3000', longitude: '-48.69948' });
      await file({ latitude: '-27.3000', longitude: '-48.6993' }); // 59 m east: outside
      const res = await nearby('lat=-27.3000&lng=-48.6999');
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json().items as { id: number }[]).map((i) => i.id).sort((a, b) => a - b)).toEqual([west, east]);
      // At 89.9° a 50 m box spans a thousand strips: read as one range, still found (22 m away).
      const north = await file({ latitude: '89.9000', longitude: '10.0000' });
      const far = await nearby('lat=89.9002&lng=10.0100');
      expect((far.json().items as { id: number }[]).map((i) => i.id)).toEqual([north]);
    });

    it('answers at most five', async () => {
      const spot = { latitude: '-28.1000', longitude: '-49.1000' };
      for (let i = 0; i < 7; i++) await file(spot);
      const res = await nearby(`lat=${spot.latitude}&lng=${spot.longitude}`);
      expect(res.json().items).toHaveLength(5);
    });

    it('refuses a bad point with a 400 in the reader language, and is rate-limited per client', async () => {
      const pt = await nearby('lat=abc&lng=-51');
      expect(pt.statusCode).toBe(400);
      expect(pt.json().errors.lat).toBe('A latitude deve ser um número entre -90 e 90');
      const en = await nearby('lat=-30&lng=999', newIp(), 'en');
      expect(en.statusCode).toBe(400);
      expect(en.json().errors.lng).toMatch(/longitude/i);
      expect((await nearby('lng=-51')).statusCode).toBe(400);
      expect((await nearby('lat=-30&lng=-51&pole=0')).statusCode).toBe(400);
      const ip = newIp();
      const limit = ctx().config.RATE_LIMIT_NEARBY_MAX;
      for (let i = 0; i < limit; i++) expect((await nearby('lat=-30&lng=-51', ip)).statusCode).toBe(200);
      const over = await nearby('lat=-30&lng=-51', ip);
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      // Another client is not held back.
      expect((await nearby('lat=-30&lng=-51')).statusCode).toBe(200);
    });

    it('a second citizen at the same spot sees the first request, follows it and receives its status e-mail', async () => {
      const first = await file(HERE);
      const seen = await nearby(`lat=${M30.latitude}&lng=${M30.longitude}`);
      expect((seen.json().items as { id: number }[]).map((i) => i.id)).toContain(first);

      const email = 'Neighbour.One@Example.com';
      const res = await follow(first, email, 'en');
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ following: true, emailQueued: true });
      expect(res.body).not.toContain('example.com');
      // The same e-mail again: one follower, the same answer (it reveals nobody) but no second e-mail.
      const again = await follow(first, 'neighbour.one@example.com', 'pt');
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({ following: true, emailQueued: true });

      const shown = await detail(first);
      expect(shown.json().followerCount).toBe(1);
      expect(shown.body).not.toContain('neighbour.one');

      await setStatus(first, 'in_progress');
      await drainOutbox(ctx());
      const mails = mailsTo('neighbour.one@example.com');
      // One worker round sends both at once, so they may arrive in either order.
      expect(mails.map((m) => m.subject).sort()).toEqual([
        `Request no. ${first}: In Progress`,
        `You are following request no. ${first}`,
      ]);
      const statusMail = mails.find((m) => m.subject.includes('In Progress')) as CapturedMail;
      expect(statusMail.text).toContain(`Request no. ${first}, which you follow, changed to: In Progress.`);
      expect(statusMail.text).toMatch(new RegExp(`http://acende.test/track/${first}(\\s|$)`));
      // Nothing of the filer's reaches the follower.
      expect(statusMail.text).not.toContain(validRequest.name);
      expect(statusMail.text).not.toContain(validRequest.phone);
      // The filer still gets theirs, with an unsubscribe link of their own.
      const filerMail = mailsTo(validRequest.email).find((m) => m.subject.includes(`nº ${first}: Em andamento`));
      expect(filerMail).toBeDefined();
      expect(unsubscribeLink(filerMail as CapturedMail)).toMatch(new RegExp(`^r${first}\\.`));
      // The follower's token is stored only as its hash.
      const token = unsubscribeLink(statusMail);
      const stored = await ctx().db.selectFrom('requestFollowers').selectAll().where('requestId', '=', first).execute();
      expect(stored).toEqual([expect.objectContaining({ email: 'neighbour.one@example.com', language: 'en' })]);
      expect(stored[0]?.unsubscribeTokenHash).toBe(hashToken(token));
      expect(JSON.stringify(stored)).not.toContain(token);
    });

    it('unsubscribes a follower and a filer without signing in; a used or forged link is a 404', async () => {
      const id = await file({ ...HERE, email: 'filer.unsub@example.com' });
      expect((await follow(id, 'follower.unsub@example.com')).statusCode).toBe(202);
      await setStatus(id, 'in_progress');
      await drainOutbox(ctx());
      const followerToken = unsubscribeLink(mailsTo('follower.unsub@example.com').at(-1) as CapturedMail);
      const filerToken = unsubscribeLink(mailsTo('filer.unsub@example.com').at(-1) as CapturedMail);

      const unsubscribe = (token: unknown, language = 'pt') =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/unsubscribe',
          payload: { token },
          headers: { 'accept-language': language },
        });
      const done = await unsubscribe(followerToken);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ requestId: id });
      const used = await unsubscribe(followerToken, 'en');
      expect(used.statusCode).toBe(404);
      expect(used.json().message).toBe('This unsubscribe link is not valid or has already been used');
      expect((await unsubscribe(filerToken)).statusCode).toBe(200);
      // A filer's token for another number, or altered, is not accepted.
      expect((await unsubscribe(filerToken.replace(`r${id}.`, `r${id + 1}.`))).statusCode).toBe(404);
      expect((await unsubscribe(`${filerToken.slice(0, -1)}${filerToken.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(
        404,
      );
      expect((await unsubscribe('nonsense')).statusCode).toBe(404);
      expect((await unsubscribe(42)).statusCode).toBe(400);

      const before = smtp.messages.length;
      await setStatus(id, 'completed');
      await drainOutbox(ctx());
      const after = smtp.messages.slice(before);
      expect(after.filter((m) => m.envelopeTo.includes('follower.unsub@example.com'))).toEqual([]);
      expect(after.filter((m) => m.envelopeTo.includes('filer.unsub@example.com'))).toEqual([]);
      expect((await detail(id)).json().followerCount).toBe(0);
    });

    it('refuses to follow a closed, unknown or malformed request, or a bad e-mail, with a clear 4xx', async () => {
      const id = await file(HERE);
      const bad = await follow(id, 'not-an-email', 'en');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.email).toMatch(/e-mail/i);
      expect((await follow(id, '')).statusCode).toBe(400);
      expect((await follow(999_999, 'x@example.com')).statusCode).toBe(404);
      expect((await follow('abc', 'x@example.com')).statusCode).toBe(400);
      await setStatus(id, 'completed');
      const closed = await follow(id, 'x@example.com');
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe('Esta solicitação já foi encerrada e não pode mais ser acompanhada');
      expect((await detail(id)).json().followerCount).toBe(0);
    });

    it(`holds the cap of ${FOLLOWERS_MAX} followers under concurrent follows`, async () => {
      const id = await file(HERE);
      const now = new Date().toISOString();
      await ctx()
        .db.insertInto('requestFollowers')
        .values(
          Array.from({ length: FOLLOWERS_MAX - 1 }, (_, i) => ({
            requestId: id,
            email: `pre${i}@example.com`,
            language: 'pt',
            unsubscribeTokenHash: `pre-${id}-${i}`,
            viaRequestId: null,
            createdAt: now,
          })),
        )
        .execute();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => follow(id, `race${i}@example.com`)).map(async (r) => (await r).statusCode),
      );
      expect(answers.filter((s) => s === 202)).toHaveLength(1);
      expect(answers.filter((s) => s === 409)).toHaveLength(5);
      expect((await detail(id)).json().followerCount).toBe(FOLLOWERS_MAX);
    });

    it('anonymising a request deletes its followers and gives up their waiting e-mails', async () => {
      const id = await file(HERE);
      expect((await follow(id, 'gone.follower@example.com')).statusCode).toBe(202);
      const admin = await signedIn(ctx(), { role: 'admin' });
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/admin/repair-requests/${id}/anonymize`,
        headers: admin.headers,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await ctx().db.selectFrom('requestFollowers').select('id').where('requestId', '=', id).execute()).toEqual(
        [],
      );
      const queued = await ctx()
        .db.selectFrom('emailOutbox')
        .select(['toAddress', 'status', 'textBody'])
        .where('requestId', '=', id)
        .execute();
      expect(queued.length).toBeGreaterThan(0);
      for (const row of queued) {
        expect(row.toAddress).toBe('');
        expect(row.textBody).toBe('');
        expect(row.status).not.toBe('pending');
      }
    });
  },
  { env: { RATE_LIMIT_NEARBY_MAX: '4' } },
);
