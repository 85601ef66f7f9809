// A stand-in for Zenvia's API v2, as its documentation describes it, for the SMS suites:
// POST /v2/channels/sms/messages with the X-API-TOKEN header and a JSON body {from, to,
// contents: [{type: 'text', text}]} (`to` in digits with the country code). 200 answers the
// message (its `id`); errors answer {code, message}: 401 UNAUTHENTICATED without the token,
// 400 VALIDATION_ERROR for a body the API refuses; `answerNext` makes the next calls answer a
// 429 with Retry-After, a 500 and the like.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeZenvia {
  url: string;
  token: string;
  sent: { from: string; to: string; text: string; id: string }[];
  answerNext(...answers: { status: number; headers?: Record<string, string>; body?: unknown }[]): void;
  /** A reply as Zenvia's subscription posts it to `url`, with the header the subscription was given. */
  reply(url: string, from: string, text: string, header: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** A subscription's MESSAGE event for an incoming SMS, as Zenvia posts it. */
export function zenviaEvent(from: string, text: string) {
  return {
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    type: 'MESSAGE',
    subscriptionId: randomUUID(),
    channel: 'sms',
    direction: 'IN',
    message: {
      id: randomUUID(),
      from,
      to: 'acende',
      direction: 'IN',
      channel: 'sms',
      contents: [{ type: 'text', text }],
    },
  };
}

export async function startFakeZenvia(): Promise<FakeZenvia> {
  const token = `zenvia-${randomUUID()}`;
  const sent: FakeZenvia['sent'] = [];
  const queued: { status: number; headers?: Record<string, string>; body?: unknown }[] = [];
  const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, path: string, message: string) =>
    answer(res, 400, {
      code: 'VALIDATION_ERROR',
      message: 'Validation error',
      details: [{ code: 'INVALID_FIELD', path, message }],
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/v2/channels/sms/messages') {
      return answer(res, 404, { code: 'NOT_FOUND', message: 'Not found' });
    }
    if (req.headers['x-api-token'] !== token) {
      return answer(res, 401, { code: 'UNAUTHENTICATED', message: 'No authorization token was found' });
    }
    const next = queued.shift();
    if (next)
      return answer(res, next.status, next.body ?? { code: 'INTERNAL_ERROR', message: 'Internal error' }, next.headers);
    let body: { from?: unknown; to?: unknown; contents?: { type?: unknown; text?: unknown }[] };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(res, 400, { code: 'VALIDATION_ERROR', message: 'Invalid JSON' });
    }
    if (typeof body.from !== 'string' || body.from === '') return refuse(res, 'from', 'is required');
    if (typeof body.to !== 'string' || !/^\d{10,15}$/.test(body.to)) return refuse(res, 'to', 'must be digits');
    const text = body.contents?.[0];
    if (!Array.isArray(body.contents) || text?.type !== 'text' || typeof text.text !== 'string' || text.text === '') {
      return refuse(res, 'contents', 'a text content is required');
    }
    const id = randomUUID();
    sent.push({ from: body.from, to: body.to, text: text.text, id });
    answer(res, 200, {
      id,
      from: body.from,
      to: body.to,
      direction: 'OUT',
      channel: 'sms',
      contents: body.contents,
      timestamp: new Date().toISOString(),
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
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    sent,
    answerNext: (...answers) => queued.push(...answers),
    async reply(url, from, text, header) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-acende-webhook-token': header },
        body: JSON.stringify(zenviaEvent(from, text)),
      });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
