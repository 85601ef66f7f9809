import { sql } from 'kysely';
import { expect } from 'vitest';
import { insertPole } from '../../../test/citizen-poles.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest as valid } from '../../../test/requests.ts';
import { idempotencyKeyHash } from '../../lib/tokens.ts';

describeEachEngine('public repair requests', (ctx) => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: body as object, headers });

  it('answers 400 with the spec message when the phone is missing, in Portuguese by default', async () => {
    const { phone: _omit, ...body } = valid;
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'O telefone é obrigatório', errors: { phone: 'O telefone é obrigatório' } });
  });

  it('answers in English with Accept-Language: en', async () => {
    const res = await post({ ...valid, phone: '' }, { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Phone number is required');
  });

  it.each([
    ['address', { address: '' }, 'O endereço é obrigatório', 'Address is required'],
    ['latitude', { latitude: undefined }, 'A latitude é obrigatória', 'Latitude is required'],
    ['longitude', { longitude: '' }, 'A longitude é obrigatória', 'Longitude is required'],
    ['company', { company: undefined }, 'A concessionária é obrigatória', 'Please select an energy company'],
    ['email', { email: 'not-an-email' }, 'O formato do e-mail é inválido', 'The e-mail format is invalid'],
    ['problemType', { problemType: undefined }, 'O tipo de problema é obrigatório', 'Please select a problem type'],
    [
      'problemType',
      { problemType: 'BROKEN' },
      'Selecione um tipo de problema válido',
      'Please select a valid problem type',
    ],
    [
      'latitude',
      { latitude: '91' },
      'A latitude deve ser um número entre -90 e 90',
      'Latitude must be a number between -90 and 90',
    ],
  ])('validates %s: %j', async (field, change, pt, en) => {
    const body = { ...valid, ...change };
    const resPt = await post(body);
    expect(resPt.statusCode).toBe(400);
    expect(resPt.json().errors[field]).toBe(pt);
    const resEn = await post(body, { 'accept-language': 'en' });
    expect(resEn.json().errors[field]).toBe(en);
  });

  it('accepts a request without name, e-mail and reference', async () => {
    const res = await post({ ...valid, name: '', email: '', reference: '' });
    expect(res.statusCode).toBe(201);
    const read = await ctx().app.inject({ url: `/api/repair-requests/${res.json().id}?t=${res.json().trackingToken}` });
    expect(read.json()).toMatchObject({ name: null, email: null, reference: null });
  });

  it('stores a valid request and reads it back masked without its token and whole with it', async () => {
    const res = await post(valid, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ id: expect.any(Number), companyName: 'CEEE' });
    expect(created.trackingToken).toMatch(/^[A-Za-z0-9_-]{24,}$/);

    const masked = await ctx().app.inject({ url: `/api/repair-requests/${created.id}` });
    expect(masked.statusCode).toBe(200);
    const m = masked.json();
    expect(m).toMatchObject({
      id: created.id,
      name: 'Maria D. S. S.',
      phone: '•••• 4321',
      email: 'm•••@example.com',
      address: valid.address,
      problemType: 'LIGHT_OUT',
      latitude: '-30.0277',
      longitude: '-51.2287',
      company: '1',
      companyName: 'CEEE',
      status: 'open',
      masked: true,
    });
    expect(JSON.stringify(m)).not.toContain('99876');
    expect(m.timeline).toEqual([{ status: 'open', at: m.createdAt }]);

    const wrong = await ctx().app.inject({ url: `/api/repair-requests/${created.id}?t=not-the-token-at-all` });
    expect(wrong.json()).toEqual(m);

    const whole = await ctx().app.inject({ url: `/api/repair-requests/${created.id}?t=${created.trackingToken}` });
    expect(whole.json()).toMatchObject({
      name: valid.name,
      phone: valid.phone,
      email: valid.email,
      masked: false,
    });
    const row = await ctx()
      .db.selectFrom('repairRequests')
      .select(['language', 'trackingTokenHash'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('en');
    expect(row.trackingTokenHash).not.toContain(created.trackingToken);
  });

  it('keeps accepted text byte for byte', async () => {
    const address = 'Av. João Pessoa, 15 — "Bloco B" <sala 3> & fundos ção 🌃';
    const res = await post({ ...valid, address, name: "  D'Ávila  " });
    const read = await ctx().app.inject({ url: `/api/repair-requests/${res.json().id}?t=${res.json().trackingToken}` });
    expect(read.json().address).toBe(address);
    expect(read.json().name).toBe("D'Ávila");
  });

  it('writes a "created" event with the request', async () => {
    const res = await post(valid);
    const events = await ctx()
      .db.selectFrom('requestEvents')
      .selectAll()
      .where('requestId', '=', res.json().id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'created', toStatus: 'open' });
  });

  it('returns the same request for a retried Idempotency-Key and refuses the key with other data', async () => {
    const key = 'retry-key-0001-abcdef';
    const first = await post(valid, { 'idempotency-key': key });
    const again = await post(valid, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const count = await ctx()
      .db.selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotencyKeyHash', '=', idempotencyKeyHash(key))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const other = await post({ ...valid, phone: '51 3333-2222' }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Esta chave de idempotência já foi usada com outros dados');
  });

  it('files requests sent at once independently: refused ones and a same-key race do not undo the others', async () => {
    // On SQLite these share one transaction (grouped commit), each in its own savepoint.
    const before = await ctx()
      .db.selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const key = 'same-instant-key-0001';
    const bodies = Array.from({ length: 24 }, (_, i) => ({
      ...valid,
      phone: `(51) 3000-${String(i).padStart(4, '0')}`,
    }));
    const answers = await Promise.all([
      ...bodies.map((body) => post(body)),
      post({ ...valid, company: '999' }),
      post({ ...valid, company: '998' }),
      post(valid, { 'idempotency-key': key }),
      post(valid, { 'idempotency-key': key }),
    ]);
    const filed = answers.slice(0, 24);
    expect(filed.map((r) => r.statusCode)).toEqual(Array(24).fill(201));
    expect(new Set(filed.map((r) => r.json().id)).size).toBe(24);
    expect(answers[24]?.statusCode).toBe(400);
    expect(answers[25]?.statusCode).toBe(400);
    expect(answers[26]?.statusCode).toBe(201);
    expect(answers[27]?.json()).toEqual(answers[26]?.json());
    for (const [i, res] of filed.entries()) {
      const read = await ctx().app.inject({
        url: `/api/repair-requests/${res.json().id}?t=${res.json().trackingToken}`,
      });
      expect(read.json().phone).toBe(bodies[i]?.phone);
      expect(read.json().timeline).toEqual([{ status: 'open', at: expect.any(String) }]);
    }
    const after = await ctx()
      .db.selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(25);
  });

  it('refuses alone a filing the database refuses; the others sent with it are stored', async () => {
    // A rule of this test's own makes the database refuse one name: on PostgreSQL the
    // batch statement fails as a whole and each filing is tried again alone; on SQLite the
    // refused one's savepoint is rolled back inside the shared transaction.
    const { db, engine } = ctx();
    const refused = 'Recusada Pelo Banco';
    if (engine === 'postgres') {
      await sql`alter table repair_requests add constraint test_refuse check (name is distinct from ${sql.lit(refused)})`.execute(
        db,
      );
    } else {
      await sql`create trigger test_refuse before insert on repair_requests when new.name = ${sql.lit(refused)}
        begin select raise(abort, 'refused by the test'); end`.execute(db);
    }
    try {
      const bodies = Array.from({ length: 6 }, (_, i) => ({
        ...valid,
        name: i === 2 ? refused : valid.name,
        phone: `(51) 3200-000${i}`,
      }));
      const answers = await Promise.all(bodies.map((body) => post(body)));
      expect(answers.map((r) => r.statusCode === 201)).toEqual([true, true, false, true, true, true]);
      expect(answers[2]?.statusCode).toBeGreaterThanOrEqual(500);
      const stored = await db
        .selectFrom('repairRequests')
        .select('phone')
        .where('phone', 'like', '(51) 3200-000%')
        .orderBy('phone')
        .execute();
      expect(stored.map((r) => r.phone)).toEqual([
        '(51) 3200-0000',
        '(51) 3200-0001',
        '(51) 3200-0003',
        '(51) 3200-0004',
        '(51) 3200-0005',
      ]);
    } finally {
      if (engine === 'postgres') await sql`alter table repair_requests drop constraint test_refuse`.execute(db);
      else await sql`drop trigger test_refuse`.execute(db);
    }
  });

  it('answers tracking reads sent at once each with its own request, and 404 for a missing one', async () => {
    // On PostgreSQL the reads of one instant go as one query (id = any($1)).
    const filed = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post({ ...valid, phone: `(51) 3100-000${i}` }).then((r) => r.json())),
    );
    const ids = [...filed.map((f) => f.id as number), 2_000_000_000, filed[0]?.id as number];
    const reads = await Promise.all(ids.map((id) => ctx().app.inject({ url: `/api/repair-requests/${id}` })));
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 404, 200]);
    const maskedPhone = new Map(filed.map((f, i) => [f.id as number, `•••• 000${i}`]));
    reads.forEach((read, i) => {
      if (read.statusCode !== 200) return;
      expect(read.json().id).toBe(ids[i]);
      expect(read.json().phone).toBe(maskedPhone.get(ids[i] as number));
    });
    expect(reads[6]?.json().message).toBe('Solicitação não encontrada');
  });

  it('refuses an inactive or unknown company', async () => {
    await ctx().db.updateTable('energyCompanies').set({ active: 0 }).where('id', '=', 3).execute();
    for (const company of ['3', '999']) {
      const res = await post({ ...valid, company });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.company).toBe('A concessionária selecionada não existe ou não está ativa');
    }
    await ctx().db.updateTable('energyCompanies').set({ active: 1 }).where('id', '=', 3).execute();
  });

  it('files a request about a pole: stores its id and number, and the tracking page shows the number', async () => {
    const { db } = ctx();
    const poleId = await insertPole(db, { companyId: 2, number: 'RGE-7' });
    const res = await post({ ...valid, company: '2', pole: String(poleId) });
    expect(res.statusCode).toBe(201);
    const { id, trackingToken } = res.json();
    const row = await db
      .selectFrom('repairRequests')
      .select(['poleId', 'poleNumber'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ poleId, poleNumber: 'RGE-7' });
    expect((await ctx().app.inject({ url: `/api/repair-requests/${id}` })).json()).toMatchObject({
      poleNumber: 'RGE-7',
      masked: true,
    });
    expect((await ctx().app.inject({ url: `/api/repair-requests/${id}?t=${trackingToken}` })).json().poleNumber).toBe(
      'RGE-7',
    );
    // A request without a pole reads back without one.
    const plain = await post(valid);
    expect((await ctx().app.inject({ url: `/api/repair-requests/${plain.json().id}` })).json().poleNumber).toBeNull();
  });

  it('refuses with 422 a pole that is unknown, out of service or of another company, and 400 a malformed one', async () => {
    const { db } = ctx();
    const other = await insertPole(db, { companyId: 2, number: 'RGE-8' });
    const off = await insertPole(db, { companyId: 1, number: 'CEEE-OFF', active: false });
    const before = await db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const pole of [String(other), String(off), '999999']) {
      const res = await post({ ...valid, company: '1', pole });
      expect(res.statusCode, pole).toBe(422);
      expect(res.json()).toEqual({
        message: 'Este poste não está em serviço ou não pertence à concessionária selecionada',
        errors: { pole: 'Este poste não está em serviço ou não pertence à concessionária selecionada' },
      });
      const en = await post({ ...valid, company: '1', pole }, { 'accept-language': 'en' });
      expect(en.json().message).toBe('This pole is not in service or does not belong to the selected energy company');
    }
    for (const pole of ['abc', '0', '1.5', '', '99999999999']) {
      const res = await post({ ...valid, pole }, { 'accept-language': 'en' });
      expect(res.statusCode, pole).toBe(400);
      expect(res.json().errors.pole).toBe('Invalid pole');
    }
    const after = await db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers a retried Idempotency-Key about a pole with its request, even once the pole is out of service', async () => {
    const { db } = ctx();
    const poleId = await insertPole(db, { companyId: 1, number: 'CEEE-RETRY' });
    const key = 'pole-retry-key-0001';
    const body = { ...valid, pole: String(poleId) };
    const first = await post(body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect((await post(body, { 'idempotency-key': key })).json()).toEqual(first.json());
    // The same key about no pole, or another, is other data.
    expect((await post(valid, { 'idempotency-key': key })).statusCode).toBe(409);
    await db.updateTable('poles').set({ active: 0 }).where('id', '=', poleId).execute();
    const late = await post(body, { 'idempotency-key': key });
    expect(late.statusCode).toBe(201);
    expect(late.json()).toEqual(first.json());
  });

  it('answers 404 for a missing number and 400 for a non-numeric one', async () => {
    const missing = await ctx().app.inject({
      url: '/api/repair-requests/987654',
      headers: { 'accept-language': 'en' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Request not found');
    for (const id of ['abc', '12a', '-1', '0', '1.5', '99999999999']) {
      const bad = await ctx().app.inject({ url: `/api/repair-requests/${id}` });
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().message).toBe('O número da solicitação deve conter apenas dígitos');
    }
  });

  it('refuses bodies that are not JSON, malformed JSON and oversized bodies with clear 4xx', async () => {
    const form = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: 'phone=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    const text = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const broken = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: '{"phone": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('O conteúdo enviado não é um JSON válido');
    const huge = await post({ ...valid, reference: 'x'.repeat(200_000) });
    expect(huge.statusCode).toBe(413);
    const long = await post({ ...valid, reference: 'x'.repeat(501) }, { 'accept-language': 'en' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.reference).toBe('Text too long (at most 500 characters)');
  });

  it('lists active companies ordered by short name', async () => {
    const res = await ctx().app.inject({ url: '/api/energy-companies' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['CEEE', 'Certel', 'RGE']);
    expect(res.json()[0]).toEqual({
      id: 1,
      name: 'CEEE',
      fullName: 'CEEE Equatorial Energia',
      colorClass: 'blue',
      iconClass: 'bolt',
    });
  });
});

describeEachEngine(
  'request creation rate limit',
  (ctx) => {
    it('answers 429 with Retry-After past the limit', async () => {
      const body = { ...valid };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: body });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.headers['retry-after']).toBeDefined();
          expect(res.json().message).toMatch(/^Muitas solicitações\. Tente novamente em \d+ segundos\.$/);
        }
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    });
  },
  { env: { RATE_LIMIT_CREATE_MAX: '3' } },
);
