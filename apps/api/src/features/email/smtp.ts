// A nodemailer transport from the current settings, with timeouts short enough that a
// dead SMTP server never holds the outbox worker for long.

import { headerSafe } from '../../core/outbox/email.text.ts';
import type { SmtpSettings } from '../../core/outbox/email-settings.service.ts';
import { loadOnUse } from '../../lib/load-on-use.ts';

/** Loaded by the first e-mail or settings check, not at start-up (decision 0055). */
const nodemailer = loadOnUse<typeof import('nodemailer')>('nodemailer');

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
  verify(): Promise<void>;
  close(): void;
}

/**
 * How many SMTP connections the outbox keeps open while it sends: one connection per message
 * (nodemailer's default) sent ~10 e-mails a second; a few kept open send several at once.
 */
export const OUTBOX_SMTP_CONNECTIONS = 3;

/**
 * `limitMs` caps every timeout (the admin's checks); the outbox keeps the defaults and sends
 * over a pool of OUTBOX_SMTP_CONNECTIONS connections (`pooled`).
 */
export function createMailer(settings: SmtpSettings, limitMs = Number.POSITIVE_INFINITY, pooled = false): Mailer {
  const transport = nodemailer().createTransport({
    ...(pooled ? { pool: true as const, maxConnections: OUTBOX_SMTP_CONNECTIONS, maxMessages: 100 } : {}),
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
    connectionTimeout: Math.min(15_000, limitMs),
    greetingTimeout: Math.min(10_000, limitMs),
    socketTimeout: Math.min(30_000, limitMs),
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: headerSafe(settings.from),
        to: headerSafe(message.to),
        subject: headerSafe(message.subject),
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}

/** A short, single-line description of a sending failure, for the outbox row and the admin. */
export function describeSmtpError(error: unknown): string {
  const e = error as { message?: string; responseCode?: number; code?: string };
  const text = headerSafe(e?.message ?? String(error));
  return text.slice(0, 500) || e?.code || 'unknown error';
}
