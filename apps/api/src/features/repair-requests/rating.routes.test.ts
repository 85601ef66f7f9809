// A rating after the repair (issue 35, decision 0050): with the tracking link's token or the
// completion e-mail's rating link, only a completed request, once (two at once store one); the
// score is public (tracking, open data), the comment only the operators' detail shows.
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { fileTracked, setStatusAsAdmin } from '../../../test/requests.ts';

describeEachEngine('rating a completed repair', (ctx) => {
  const file = () => fileTracked(ctx().app);
  const setStatus = (id: number, status: string) => setStatusAsAdmin(ctx(), id, status);
  const rate = (id: number, payload: object, language = 'pt') =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/repair-requests/${id}/rating`,
      payload,
      headers: { 'accept-language': language },
    });
  const ratings = (id: number) =>
    ctx().db.selectFrom('requestRatings').selectAll().where('requestId', '=', id).execute();

  it('stores the score and the comment; the score is public, the comment only the operators’ detail shows', async () => {
    const { id, trackingToken } = await file();
    await setStatus(id, 'completed');

    const res = await rate(id, { token: trackingToken, score: 4, comment: '  Resolveram\u0007 rápido,\nobrigado  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'completed', rating: { score: 4 } });
    expect(res.body).not.toContain('Resolveram');
    expect(await ratings(id)).toMatchObject([{ score: 4, comment: 'Resolveram rápido,\nobrigado' }]);

    // The tracking read, with the token and without (the hot path when it is on), says it was rated.
    for (const url of [`/api/repair-requests/${id}?t=${trackingToken}`, `/api/repair-requests/${id}`]) {
      const track = await ctx().app.inject({ url });
      expect(track.json().rating).toMatchObject({ score: 4 });
      expect(track.body).not.toContain('Resolveram');
    }

    const admin = await signedIn(ctx(), { role: 'admin' });
    const detail = await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers });
    expect(detail.json().rating).toMatchObject({ score: 4, comment: 'Resolveram rápido,\nobrigado' });
    const audit = await ctx()
      .db.selectFrom('auditLog')
      .select(['kind', 'actorId', 'after'])
      .where('kind', '=', 'request.rating')
      .where('objectId', '=', String(id))
      .execute();
    expect(audit).toEqual([
      { kind: 'request.rating', actorId: null, after: JSON.stringify({ score: 4, comment: true }) },
    ]);
  });

  it('refuses without the token or with another request’s, in the reader’s language, storing nothing', async () => {
    const { id } = await file();
    const other = await file();
    await setStatus(id, 'completed');

    const missing = await rate(id, { score: 5 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.token).toBe(
      'Para avaliar, use o link de acompanhamento ou o link de avaliação do e-mail',
    );
    const wrong = await rate(id, { token: other.trackingToken, score: 5 }, 'en');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('To rate, use the tracking link or the rating link in the e-mail');
    const pt = await rate(id, { token: other.trackingToken, score: 5 });
    expect(pt.json().message).toBe('Para avaliar, use o link de acompanhamento ou o link de avaliação do e-mail');
    expect(await ratings(id)).toHaveLength(0);
  });

  it('refuses a request not completed, and a score outside 1–5 or a comment too long', async () => {
    const { id, trackingToken } = await file();
    const open = await rate(id, { token: trackingToken, score: 5 });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe('Só um reparo concluído pode ser avaliado');
    await setStatus(id, 'cancelled');
    const cancelled = await rate(id, { token: trackingToken, score: 5 }, 'en');
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('Only a completed repair can be rated');

    await setStatus(id, 'completed');
    for (const score of [0, 6, 2.5, '5', null]) {
      const res = await rate(id, { token: trackingToken, score });
      expect(res.statusCode, String(score)).toBe(400);
      expect(res.json().errors.score).toMatch(/^(A nota vai de 1 a 5|Escolha uma nota de 1 a 5)$/);
    }
    const en = await rate(id, { token: trackingToken, score: 9 }, 'en');
    expect(en.json().errors.score).toBe('The rating goes from 1 to 5');
    const long = await rate(id, { token: trackingToken, score: 3, comment: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.comment).toBeDefined();
    expect(await ratings(id)).toHaveLength(0);
    expect((await rate(id, { token: trackingToken, score: 1, comment: 'x'.repeat(500) })).statusCode).toBe(200);
  });

  it('refuses a second rating, also after a reopen and a new completion, keeping the first', async () => {
    const { id, trackingToken } = await file();
    await setStatus(id, 'completed');
    expect((await rate(id, { token: trackingToken, score: 2 })).statusCode).toBe(200);
    const again = await rate(id, { token: trackingToken, score: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este reparo já foi avaliado: vale uma avaliação por solicitação');
    const en = await rate(id, { token: trackingToken, score: 5 }, 'en');
    expect(en.json().message).toBe('This repair has already been rated: one rating per request');

    const reopened = await ctx().app.inject({
      method: 'POST',
      url: `/api/repair-requests/${id}/reopen`,
      payload: { token: trackingToken, note: 'Apagou de novo' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().rating).toMatchObject({ score: 2 });
    await setStatus(id, 'completed');
    expect((await rate(id, { token: trackingToken, score: 5 })).statusCode).toBe(409);
    expect(await ratings(id)).toMatchObject([{ score: 2 }]);
  });

  it('stores one of several ratings sent at once', async () => {
    const { id, trackingToken } = await file();
    await setStatus(id, 'completed');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((score) => rate(id, { token: trackingToken, score, comment: `Nota ${score}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const stored = await ratings(id);
    expect(stored).toHaveLength(1);
    const winner = answers.find((a) => a.statusCode === 200);
    expect(winner?.json().rating.score).toBe(stored[0]?.score);
  });

  it('drops the comment when the request is anonymised, keeps the score, and takes no rating after', async () => {
    const rated = await file();
    const later = await file();
    await setStatus(rated.id, 'completed');
    await setStatus(later.id, 'completed');
    expect(
      (await rate(rated.id, { token: rated.trackingToken, score: 5, comment: 'Ligue 51 99999-0000' })).statusCode,
    ).toBe(200);
    const admin = await signedIn(ctx(), { role: 'admin' });
    for (const id of [rated.id, later.id]) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/admin/repair-requests/${id}/anonymize`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await ratings(rated.id)).toMatchObject([{ score: 5, comment: null }]);
    const closed = await rate(later.id, { token: later.trackingToken, score: 4 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Esta solicitação não recebe mais avaliações');
  });
});
