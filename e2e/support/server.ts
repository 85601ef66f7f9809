// The built server as the browser journeys run it: a fresh SQLite database in a temporary
// data folder, removed again on stop. Starting and stopping the process is
// tests/support/built-server.ts's, which the hardening suites use too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, type BuiltServer, freePort, startBuiltServer } from '../../tests/support/built-server.ts';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-admin-password';

export interface RunningServer extends BuiltServer {
  dataDir: string;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  assertBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'acende-e2e-'));
  const server = await startBuiltServer({
    port,
    databaseUrl: `sqlite:${join(dataDir, 'acende.db')}`,
    dataDir,
    readyMs: 30_000,
    env: {
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_CREATE_MAX: '10000',
      RATE_LIMIT_LOOKUP_MAX: '10000',
      RATE_LIMIT_NEARBY_MAX: '10000',
      LOGIN_MAX_FAILURES_PER_IP: '10000',
      TILE_URL: `http://127.0.0.1:${port}/__no-tiles__/{z}/{x}/{y}.png`,
      ...env,
    },
  });
  return {
    ...server,
    dataDir,
    // Killed, not stopped: the journeys throw the server away with its data folder, and a
    // graceful stop would wait out the 5 s drain and the 1.25 s refuse window each time.
    async stop() {
      await server.kill9();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
