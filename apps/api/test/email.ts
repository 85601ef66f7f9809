// E-mail helpers for API tests: point the app at a captured SMTP server through the
// settings API as an admin, file requests, and run the outbox worker until it is idle.
import { expect } from 'vitest';
import { processOutboxOnce } from '../src/features/email/outbox-worker.ts';
import { signedIn } from './accounts.ts';
import type { TestContext } from './engines.ts';
import { requestBySchool } from './requests.ts';
import type { SmtpCapture } from './smtp-capture.ts';

export async function configureSmtp(
  ctx: TestContext,
  smtp: Pick<SmtpCapture, 'host' | 'port'>,
  overrides: { enabled?: boolean; user?: string; pass?: string } = {},
) {
  const admin = await signedIn(ctx, { role: 'admin' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/email-settings',
    headers: admin.headers,
    payload: {
      enabled: overrides.enabled ?? true,
      host: smtp.host,
      port: smtp.port,
      secure: false,
      auth: { user: overrides.user ?? '', pass: overrides.pass ?? '' },
      from: 'Acende <no-reply@acende.test>',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return admin;
}

export async function fileRequest(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
  language: 'pt' | 'en' = 'pt',
): Promise<{ id: number; trackingToken: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/repair-requests',
    payload: { ...requestBySchool, ...overrides },
    headers: { 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Runs worker rounds until one sends nothing. */
export async function drainOutbox(ctx: Pick<TestContext, 'app'>) {
  let total = 0;
  for (;;) {
    const round = await processOutboxOnce(ctx.app.deps);
    total += round.sent;
    if (round.sent === 0) return total;
  }
}
