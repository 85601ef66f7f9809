// Attack review: the follow answer must be the same whether the e-mail already followed the
// request or not (decision 0034, followResponseSchema): `emailQueued` told a stranger whether
// a given address follows a given request.
import { afterAll, beforeAll, expect } from 'vitest';
import { configureSmtp } from '../../../test/email.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';

describeEachEngine('the follow answer as an oracle', (ctx) => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    await configureSmtp(ctx(), smtp);
  });
  afterAll(async () => smtp.close());

  it('answers a known follower exactly as a new one', async () => {
    const filed = await ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: validRequest });
    const { id } = filed.json() as { id: number };
    const follow = (email: string) =>
      ctx().app.inject({ method: 'POST', url: `/api/repair-requests/${id}/followers`, payload: { email } });
    // The victim follows; later a stranger asks about the victim's address and a fresh one.
    expect((await follow('victim@example.com')).statusCode).toBe(202);
    const known = await follow('victim@example.com');
    const fresh = await follow('someone.else@example.com');
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.json()).toEqual(fresh.json());
  });
});
