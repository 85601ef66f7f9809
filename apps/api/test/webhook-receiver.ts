// A company's system receiving Acende's webhooks, for the webhook suites (decision 0065): an
// HTTP server on 127.0.0.1 at a random port that keeps every call and answers as told — 2xx,
// 500, 429 with Retry-After, or nothing at all (past the sender's time-out). `verify` checks a
// call with the `standardwebhooks` reference library, at the app's (test) clock's time.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The status answered, or null when the call was left hanging. */
  status: number | null;
}

export type Answer =
  | {
      status: number;
      retryAfter?: string;
      delayMs?: number /** The status, then a body that never ends. */;
      endless?: boolean;
    }
  | 'hang';

export interface WebhookReceiver {
  url: string;
  port: number;
  calls: ReceivedWebhook[];
  /** How the next calls are answered, one answer each; then `otherwise`. */
  answerNext(...answers: Answer[]): void;
  /** The answer once the queued ones are used (204 unless set). */
  otherwise: Answer;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const queued: Answer[] = [];
  const hanging = new Set<ServerResponse>();
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    calls: [],
    answerNext: (...answers) => queued.push(...answers),
    otherwise: { status: 204 },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const answer = queued.shift() ?? receiver.otherwise;
      const call: ReceivedWebhook = {
        path: req.url ?? '/',
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body,
        status: answer === 'hang' ? null : answer.status,
      };
      receiver.calls.push(call);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      if (answer.endless) {
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.flushHeaders();
        hanging.add(res);
        return;
      }
      const reply = () => {
        res.writeHead(answer.status, answer.retryAfter ? { 'retry-after': answer.retryAfter } : {});
        res.end(answer.status >= 400 ? 'falhou' : '');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}`;
  return receiver;
}

/**
 * Verifies a call as a receiver would, with the reference library, as if now were `at` (the
 * library checks the timestamp against its own clock: the suites move the app's). Throws when
 * the signature does not match; answers the parsed body.
 */
export function verifyWebhook(secret: string, call: ReceivedWebhook, at: Date): unknown {
  const realNow = Date.now;
  Date.now = () => at.getTime();
  try {
    return new Webhook(secret).verify(call.body, call.headers);
  } finally {
    Date.now = realNow;
  }
}
