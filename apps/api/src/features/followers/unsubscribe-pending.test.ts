// Attack review: after the unsubscribe link is used, the e-mails still waiting in the queue for
// that follower and request (or the filer's status e-mails) must not go out any more.
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { configureSmtp } from '../../../test/email.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { filerUnsubscribeToken, followerUnsubscribeToken } from '../../core/followers/unsubscribe-tokens.ts';

describeEachEngine('unsubscribe and the waiting e-mails', (ctx) => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    await configureSmtp(ctx(), smtp);
  });
  afterAll(async () => smtp.close());

  const pendingTo = (id: number, address: string) =>
    ctx()
      .db.selectFrom('emailOutbox')
      .select(['kind'])
      .where('requestId', '=', id)
      .where('toAddress', '=', address)
      .where('status', '=', 'pending')
      .execute();

  it('gives up the follower’s and the filer’s waiting e-mails of that request', async () => {
    const filed = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...validRequest, email: 'filer.pending@example.com' },
    });
    const { id } = filed.json() as { id: number };
    const follower = 'follower.pending@example.com';
    expect(
      (
        await ctx().app.inject({
          method: 'POST',
          url: `/api/repair-requests/${id}/followers`,
          payload: { email: follower },
        })
      ).statusCode,
    ).toBe(202);
    const admin = await signedIn(ctx(), { role: 'admin' });
    const read = await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers });
    await ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/repair-requests/${id}`,
      headers: admin.headers,
      payload: { status: 'in_progress', updatedAt: read.json().updatedAt },
    });
    expect((await pendingTo(id, follower)).length).toBeGreaterThan(0);
    const secret = ctx().config.APP_SECRET;
    for (const token of [followerUnsubscribeToken(secret, id, follower), filerUnsubscribeToken(secret, id)]) {
      const res = await ctx().app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await pendingTo(id, follower)).toEqual([]);
    // The filer keeps only the filing's confirmation, if still waiting: not their status e-mails.
    expect((await pendingTo(id, 'filer.pending@example.com')).map((r) => r.kind)).not.toContain('status_update');
  });
});
