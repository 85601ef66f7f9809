// A stand-in for Twilio's Messages API, as its documentation describes it, for the SMS suites
// (as smtp-server stands in for a mail server): POST /2010-04-01/Accounts/{AccountSid}/Messages.json,
// form-encoded, HTTP Basic auth with the Account SID and Auth Token. 201 answers the message
// resource (sid SM…, status "queued"); errors answer {code, message, more_info, status}: 401
// code 20003 for bad credentials, 400 with 21211 (To is no number), 21602 (no Body), 21603/21604
// (no From), 21610 (the recipient replied STOP). `answerNext` makes the next calls answer a
// 429 with Retry-After, a 500 and the like, as Twilio does under load or in an outage.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export interface SentSms {
  to: string;
  from: string;
  body: string;
  sid: string;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** The messages accepted, in order. */
  sent: SentSms[];
  /** Every call, accepted or not (path and status). */
  calls: { path: string; status: number }[];
  /** Numbers that replied STOP at Twilio: sending to them answers 21610. */
  unsubscribed: Set<string>;
  /**
   * A citizen's reply to our number, as Twilio forwards it to the inbound webhook at `url`:
   * form-encoded, signed in X-Twilio-Signature by Twilio's reference library. Answers the
   * webhook's status and body (TwiML).
   */
  reply(url: string, from: string, body: string): Promise<{ status: number; body: string }>;
  /** Each accepted message is answered this much later (a provider under load; 0 by default). */
  delayMs: number;
  /** While on, every call answers 503 (an outage), counted in `refused`. */
  refuse(on: boolean): void;
  refused: number;
  /** The next calls answer these instead (a 429 with Retry-After, a 500, ...). */
  answerNext(...answers: { status: number; headers?: Record<string, string>; body?: unknown }[]): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{7,14}$/;

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const sent: SentSms[] = [];
  const calls: FakeTwilio['calls'] = [];
  const unsubscribed = new Set<string>();
  const queued: { status: number; headers?: Record<string, string>; body?: unknown }[] = [];
  let refusing = false;

  const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    answer(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const record = (status: number) => calls.push({ path, status });
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (req.method !== 'POST' || !match) {
      record(404);
      return error(res, 404, 20404, `The requested resource ${path} was not found`);
    }
    const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
    const [user, pass] = Buffer.from(encoded ?? '', 'base64')
      .toString()
      .split(':');
    if (scheme !== 'Basic' || user !== accountSid || pass !== authToken || match[1] !== accountSid) {
      record(401);
      return error(res, 401, 20003, 'Authenticate');
    }
    if (refusing) {
      fake.refused += 1;
      record(503);
      return error(res, 503, 20503, 'Service Unavailable');
    }
    const next = queued.shift();
    if (next) {
      record(next.status);
      return answer(
        res,
        next.status,
        next.body ?? { code: 20500, message: 'Internal Server Error', status: next.status },
        next.headers,
      );
    }
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      record(400);
      return error(res, 400, 20001, 'Invalid content type');
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
    const body = form.get('Body') ?? '';
    const fail = (code: number, message: string) => {
      record(400);
      error(res, 400, code, message);
    };
    if (!E164.test(to)) return fail(21211, `The 'To' number ${to} is not a valid phone number.`);
    if (from === '') return fail(21603, "The 'From' phone number is required.");
    if (body === '') return fail(21602, 'Message body is required.');
    if (body.length > 1600) return fail(21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (unsubscribed.has(to)) return fail(21610, 'Attempt to send to unsubscribed recipient');
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    const sid = `SM${randomBytes(16).toString('hex')}`;
    sent.push({ to, from, body, sid });
    record(201);
    answer(res, 201, {
      sid,
      account_sid: accountSid,
      to,
      from: form.get('From'),
      messaging_service_sid: form.get('MessagingServiceSid'),
      body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      date_created: new Date().toUTCString(),
      error_code: null,
      error_message: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeTwilio = {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    sent,
    calls,
    unsubscribed,
    refused: 0,
    delayMs: 0,
    refuse: (on) => {
      refusing = on;
    },
    answerNext: (...answers) => queued.push(...answers),
    async reply(url, from, body) {
      const params = {
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        AccountSid: accountSid,
        From: from,
        To: '+5551400000000',
        Body: body,
        NumMedia: '0',
      };
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, params),
        },
        body: new URLSearchParams(params),
      });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
