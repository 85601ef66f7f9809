// The server's own output as a person starting it reads it (decision 0019): main.ts run as a
// process (through tsx) on a fresh SQLite database. The first start, with LOG_FORMAT=pretty,
// prints one readable line per event, the start-up summary and the first admin's generated
// password; the second, on the same database with stdout a pipe, prints JSON lines and no
// password. Both keep URLs' secrets out (plugins/log-redaction.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeLineEnv } from '../test/node-line-env.ts';
import { verifyPassword } from './lib/passwords.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'acende-startup-'));
const file = join(dir, 'acende.db');
const SECRETS = { tracking: 'Tracking-Secret-9x7', reset: 'Reset-Secret-4k2', password: 'Wrong-Password-Secret-1z' };

interface Run {
  output: () => string;
  url: string;
  stop: () => Promise<void>;
}

/** Starts main.ts and resolves once it has said where it runs. */
function start(env: Record<string, string>): Promise<Run> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/api/src/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      // Node 24's stage of npm test hands the server its better-sqlite3 build (decision 0020).
      ...nodeLineEnv(),
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `sqlite:${file}`,
      DATA_DIR: dir,
      PUBLIC_URL: 'http://acende.test',
      WEB_DIST: join(dir, 'no-web'),
      SHUTDOWN_DRAIN_MS: '0',
      METRICS_TOKEN: 'startup-test-metrics-token',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no start-up line in:\n${output}`));
    }, 45_000);
    const check = setInterval(() => {
      const url = /Acende is running at (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (!url) return;
      clearInterval(check);
      clearTimeout(timer);
      resolve({
        output: () => output,
        url,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    }, 50);
    child.on('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`exited ${code} before starting:\n${output}`));
    });
  });
}

/** Calls whose URLs carry secrets, and a sign-in with a wrong password. */
async function callWithSecrets(url: string): Promise<void> {
  expect((await fetch(`${url}/api/repair-requests/1?t=${SECRETS.tracking}`)).status).toBe(404);
  expect((await fetch(`${url}/admin/reset-password/${SECRETS.reset}`)).status).toBe(404);
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `acende_session=${SECRETS.password}` },
    body: JSON.stringify({ username: 'admin', password: SECRETS.password }),
  });
  // Captcha is on (ALTCHA by default): refused before the password is checked, body and all.
  expect(login.status).toBe(400);
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/** One start: the calls with secrets in their URLs, then the stop; what it printed. */
async function startCallStop(env: Record<string, string>): Promise<{ run: Run; output: string }> {
  const run = await start(env);
  try {
    await callWithSecrets(run.url);
    // The request lines come after the answers; give the last one a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    await run.stop();
  }
  return { run, output: run.output() };
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the server started by hand', () => {
  let password = '';

  it('prints readable lines: where it runs, its database, what is on, the first admin once', async () => {
    const { run, output } = await startCallStop({ LOG_FORMAT: 'pretty' });
    if (process.env.SHOW_STARTUP_LOG) console.log(output);
    // One line per event: a time, a level, the words; no JSON.
    for (const line of lines(output)) expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] (INFO|WARN): \S/);
    expect(output).toContain(`INFO: Acende is running at ${run.url} (public address http://acende.test)`);
    expect(output).toContain(`INFO: Database: SQLite, file ${file}`);
    expect(output).toContain('INFO: Captcha: on (ALTCHA)');
    expect(output).toContain('INFO: E-mail: off (set it up in the e-mail settings)');
    expect(output).toContain('INFO: Metrics: on at /metrics (Bearer METRICS_TOKEN)');
    expect(output).not.toContain('startup-test-metrics-token');
    // The generated password, readable on its own line, and the one stored.
    const shown = /WARN: First admin account created\. Username: admin {2}Password: (\S+) /.exec(output)?.[1];
    expect(shown).toBeDefined();
    password = shown as string;
    const db = new SQLite(file, { readonly: true });
    const { passwordHash } = db.prepare('select password_hash as passwordHash from admins').get() as {
      passwordHash: string;
    };
    db.close();
    expect(await verifyPassword(passwordHash, password)).toBe(true);
    // Requests, each way on a line, with their secrets redacted.
    expect(output).toMatch(/INFO: → GET \/api\/repair-requests\/1\?t=\[redacted\] \[[0-9a-f]{8}\]/);
    expect(output).toMatch(/INFO: → GET \/admin\/reset-password\/\[redacted\] \[[0-9a-f]{8}\]/);
    expect(output).toMatch(/INFO: ← 400 in [\d.]+ ms \[[0-9a-f]{8}\]/);
    for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
  }, 90_000);

  it('prints JSON lines when stdout is no terminal, and never the password again', async () => {
    expect(password).not.toBe('');
    const { output } = await startCallStop({});
    const events = lines(output).map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    const messages = events.map((event) => event.msg);
    expect(messages).toContain(`Database: SQLite, file ${file}`);
    expect(messages).toContain('Captcha: on (ALTCHA)');
    expect(messages.some((m) => m.startsWith('First admin'))).toBe(false);
    expect(output).not.toContain(password);
    const urls = events.flatMap((event) => (event.req ? [event.req.url] : []));
    expect(urls).toContain('/api/repair-requests/1?t=[redacted]');
    expect(urls).toContain('/admin/reset-password/[redacted]');
    for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
  }, 90_000);
});
