// A request acknowledged with 201 survives `kill -9` of the server, on both engines:
// the server runs as its own process, is killed in the middle of a burst of requests,
// restarted on the same database, and every acknowledged number is read back.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeLineEnv } from './node-line-env.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './test-databases.ts';

const API_ROOT = join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(databaseUrl: string, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'durability-admin',
      CAPTCHA: 'off',
      LOG_LEVEL: 'error',
      RATE_LIMIT_CREATE_MAX: '100000',
      RATE_LIMIT_LOOKUP_MAX: '100000',
      GEOCODER_URL: 'http://127.0.0.1:9',
      ...nodeLineEnv(),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return child;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const body = {
  phone: '(51) 3333-4444',
  address: 'Rua Voluntários da Pátria, 500, Porto Alegre',
  problemType: 'NO_LAMP',
  latitude: '-30.02',
  longitude: '-51.22',
  company: '1',
};

describe.each(ENGINES)('durability across kill -9 [%s]', (engine) => {
  let database: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await database?.drop();
  });

  it('keeps every request answered 201', { timeout: 90_000 }, async () => {
    database = await createTestDatabase(engine);
    const dataDir = mkdtempSync(join(tmpdir(), 'acende-durability-'));
    const port = await freePort();
    child = await startServer(database.url, port, dataDir);
    const server = child;

    const acknowledged: number[] = [];
    let killed = false;
    const send = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/repair-requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (res.status === 201) {
          acknowledged.push(((await res.json()) as { id: number }).id);
          if (acknowledged.length >= 40 && !killed) {
            killed = true;
            server.kill('SIGKILL');
          }
        }
      } catch {
        // connection cut by the kill: not acknowledged, so nothing is promised
      }
    };
    const giveUpAt = Date.now() + 30_000;
    const workers = Array.from({ length: 8 }, async () => {
      while (!killed && Date.now() < giveUpAt) await send();
    });
    await Promise.all(workers);
    expect(killed, `only ${acknowledged.length} requests acknowledged in 30 s`).toBe(true);
    await new Promise((resolve) =>
      server.exitCode !== null || server.signalCode !== null ? resolve(null) : server.once('exit', resolve),
    );

    child = await startServer(database.url, port, dataDir);
    for (const id of acknowledged) {
      const res = await fetch(`http://127.0.0.1:${port}/api/repair-requests/${id}`);
      expect(res.status, `request ${id}`).toBe(200);
    }
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
  });
});
