// Item 6 of issue "Trust under attack": a client that sends its headers and half a body (or
// half its headers) and then stalls held its connection, and the body parser waiting on it,
// for ever (Fastify's timeouts default to 0). With REQUEST_TIMEOUT_MS set short, the built
// server answers 408 and closes the connection within that time, on the server the tracking
// fast path installs (serverFactory) as well, and goes on serving everyone else.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, fileRequest } from '../support/client.ts';
import { ENGINES, type Engine, startFresh } from '../support/server.ts';

const TIMEOUT_MS = 1500;

interface Stalled {
  /** Everything the server sent before the connection closed. */
  received: string;
  /** From the last byte the client sent to the connection's end. */
  elapsedMs: number;
}

/** Sends `parts` over one connection (each after the server answered the one before when asked), then stalls. */
function stallAfter(port: number, parts: { text: string; awaitAnswer?: boolean }[]): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let stalledAt = 0;
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was still open ${TIMEOUT_MS * 10} ms after the client stalled`));
    }, TIMEOUT_MS * 10);
    const sendFrom = (i: number) => {
      const part = parts[i];
      if (!part) {
        stalledAt = performance.now();
        return;
      }
      socket.write(part.text);
      if (!part.awaitAnswer) sendFrom(i + 1);
      else {
        const before = received.length;
        const wait = setInterval(() => {
          if (received.length > before && received.includes('\r\n\r\n', before)) {
            clearInterval(wait);
            setTimeout(() => sendFrom(i + 1), 50);
          }
        }, 10);
      }
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => {
      // A reset is a close too; 'close' follows.
    });
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ received, elapsedMs: performance.now() - stalledAt });
    });
    socket.on('connect', () => sendFrom(0));
  });
}

const head = (port: number, lines: string[]) => [...lines, `Host: 127.0.0.1:${port}`].join('\r\n');

describe.each(ENGINES)('a client that stalls mid-request [%s]', (engine: Engine) => {
  let env: Awaited<ReturnType<typeof startFresh>>;
  let port: number;

  beforeAll(async () => {
    env = await startFresh(engine, { label: 'timeouts', env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } });
    port = env.server.port;
  });
  afterAll(async () => {
    await env?.close();
  });

  const expectTimedOut = (result: Stalled, label: string) => {
    // 408 from the server, or (once an answer has begun) just the close; never a hang.
    expect(result.received.startsWith('HTTP/1.1 408') || result.received === '', label).toBe(true);
    expect(result.elapsedMs, label).toBeLessThan(TIMEOUT_MS + 2500);
  };

  it('answers 408 and closes when the body stops half-way', async () => {
    const body = JSON.stringify({ name: 'Lenta', phone: '(51) 3333-4444', address: 'Rua Lenta, 1' });
    const result = await stallAfter(port, [
      {
        text: `${head(port, ['POST /api/repair-requests HTTP/1.1', 'Content-Type: application/json', `Content-Length: ${body.length}`])}\r\n\r\n${body.slice(0, 20)}`,
      },
    ]);
    expectTimedOut(result, 'half a body');
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 and closes when the headers stop half-way', async () => {
    const result = await stallAfter(port, [
      { text: `POST /api/admin/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: a` },
    ]);
    expectTimedOut(result, 'half the headers');
  });

  it('closes a kept-alive connection that stalls after a tracking read (the fast path’s server)', async () => {
    const filed = await fileRequest(env.server.url);
    const result = await stallAfter(port, [
      { text: `${head(port, [`GET /api/repair-requests/${filed.id} HTTP/1.1`])}\r\n\r\n`, awaitAnswer: true },
      {
        text: `${head(port, ['POST /api/repair-requests HTTP/1.1', 'Content-Type: application/json', 'Content-Length: 50'])}\r\n\r\n{"st`,
      },
    ]);
    expect(result.received).toMatch(/^HTTP\/1\.1 200/);
    const second = result.received.slice(result.received.indexOf('HTTP/1.1', 10));
    expect(second === result.received || second.startsWith('HTTP/1.1 408'), second.slice(0, 40)).toBe(true);
    expect(result.elapsedMs).toBeLessThan(TIMEOUT_MS + 2500);
  });

  it('100 stalled clients at once: all timed out, and everyone else is served meanwhile', async () => {
    const stalled = Array.from({ length: 100 }, () =>
      stallAfter(port, [
        {
          text: `${head(port, ['POST /api/repair-requests HTTP/1.1', 'Content-Type: application/json', 'Content-Length: 100'])}\r\n\r\n{`,
        },
      ]),
    );
    expect((await call(env.server.url, 'GET', '/api/health')).status).toBe(200);
    expect((await fileRequest(env.server.url)).id).toBeGreaterThan(0);
    for (const result of await Promise.all(stalled)) expectTimedOut(result, 'one of 100');
    expect(env.server.child.exitCode).toBeNull();
  });
});
