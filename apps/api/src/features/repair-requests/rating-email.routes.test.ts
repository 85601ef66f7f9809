// The completion e-mail's "rate the repair" link (issue 35, decision 0050): the filer's
// completion e-mail carries a link to the tracking page's rating section with a token that
// rates that request only, and shows no contact data; other status e-mails carry none.
import { expect } from 'vitest';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { fileTracked, setStatusAsAdmin } from '../../../test/requests.ts';

describeEachEngine('the completion e-mail’s rating link', (ctx) => {
  const enableEmail = () =>
    ctx()
      .db.insertInto('siteSettings')
      .values({
        key: 'email',
        value: JSON.stringify({ enabled: true, host: 'smtp.example.test', port: 587, from: 'acende@example.test' }),
        updatedAt: ctx().clock.now().toISOString(),
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  const file = (language = 'pt') => fileTracked(ctx().app, {}, language);
  const setStatus = (id: number, status: string) => setStatusAsAdmin(ctx(), id, status);
  const lastStatusEmail = async (id: number) =>
    (
      await ctx()
        .db.selectFrom('emailOutbox')
        .select(['textBody', 'htmlBody'])
        .where('requestId', '=', id)
        .where('kind', '=', 'status_update')
        .orderBy('id', 'desc')
        .limit(1)
        .execute()
    )[0];
  const ratingLink = (text: string, id: number) => {
    const match = new RegExp(`http://acende\\.test/track/${id}\\?r=([A-Za-z0-9_-]+)#avaliacao`).exec(text);
    return match?.[1];
  };
  const rate = (id: number, token: string, score = 5) =>
    ctx().app.inject({ method: 'POST', url: `/api/repair-requests/${id}/rating`, payload: { token, score } });

  it('links the completion e-mail to the rating, whose token rates that request and unmasks nothing', async () => {
    await enableEmail();
    const { id } = await file();
    const other = await file();
    await setStatus(id, 'in_progress');
    const progress = await lastStatusEmail(id);
    expect(progress?.textBody).not.toContain('Avalie o reparo');
    expect(ratingLink(progress?.textBody ?? '', id)).toBeUndefined();

    await setStatus(id, 'completed');
    await setStatus(other.id, 'completed');
    const done = await lastStatusEmail(id);
    expect(done?.textBody).toContain('Avalie o reparo');
    expect(done?.htmlBody).toContain('Avalie o reparo');
    const token = ratingLink(done?.textBody ?? '', id) as string;
    expect(token).toBeTruthy();

    // It shows no contact data: the tracking read takes it for no token.
    const read = await ctx().app.inject({ url: `/api/repair-requests/${id}?t=${token}` });
    expect(read.json()).toMatchObject({ masked: true, rating: null });
    // Another request's rating token is refused.
    expect((await rate(other.id, token)).statusCode).toBe(403);
    const res = await rate(id, token, 5);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ masked: true, rating: { score: 5 } });
    expect((await rate(id, token, 4)).statusCode).toBe(409);
  });

  it('words the link in the filer’s language', async () => {
    await enableEmail();
    const { id } = await file('en');
    await setStatus(id, 'completed');
    const done = await lastStatusEmail(id);
    expect(done?.textBody).toContain('Rate the repair');
    expect(ratingLink(done?.textBody ?? '', id)).toBeTruthy();
  });
});
