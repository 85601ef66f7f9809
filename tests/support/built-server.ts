// Starts the built server (apps/api/dist/main.js) as its own process on loopback, keeps what
// it prints and stops it. The suites add their settings on top: server.ts for hardening and
// reliability, e2e/support/server.ts for the browser journeys. Imports no database helper, so
// the browser journeys do not look for PostgreSQL.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { nodeLineEnv } from '../../apps/api/test/node-line-env.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
export const MAIN = join(ROOT, 'apps/api/dist/main.js');

/** Throws unless both the API and the web app are built; call it before making folders for a server. */
export function assertBuilt(): void {
  if (!existsSync(MAIN) || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` first.');
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface BuiltServerOptions {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** Settings on top of the loopback, NODE_ENV=test and CAPTCHA=off ones; they win. */
  env: Record<string, string>;
  /** Where everything the process prints is appended too. */
  logFile?: string;
  /** How long /api/ready may take to answer 200. */
  readyMs?: number;
}

export interface BuiltServer {
  url: string;
  port: number;
  child: ChildProcess;
  env: Record<string, string>;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

/** Starts dist/main.js and waits until /api/ready answers 200. */
export async function startBuiltServer(options: BuiltServerOptions): Promise<BuiltServer> {
  const { port, logFile } = options;
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    PUBLIC_URL: url,
    CAPTCHA: 'off',
    // `npm test` runs the hardening suite and the citizen journeys once more with FAST_PATH=off.
    ...(process.env.FAST_PATH ? { FAST_PATH: process.env.FAST_PATH } : {}),
    ...nodeLineEnv(),
    ...options.env,
  };
  let output = '';
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const deadline = Date.now() + (options.readyMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start:\n${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    port,
    child,
    env,
    output: () => output,
    exited,
    async stop() {
      if (running()) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (running()) child.kill('SIGKILL');
        await exited;
      }
    },
    async kill9() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
  };
}
