import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'acende-config-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_URL: 'sqlite:./data/acende.db',
      dialect: 'sqlite',
      PUBLIC_URL: 'http://localhost:3000',
      ADMIN_USERNAME: 'admin',
      SEED_EXAMPLES: true,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      SHUTDOWN_DRAIN_MS: 5000,
      REQUEST_TIMEOUT_MS: 30_000,
      CONNECTION_TIMEOUT_MS: 60_000,
      KEEP_ALIVE_TIMEOUT_MS: 72_000,
    });
    expect(config.sqlitePath).toMatch(/data\/acende\.db$/);
    expect(config.APP_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a timeout of 0 (never) or below a second', () => {
    for (const name of ['REQUEST_TIMEOUT_MS', 'CONNECTION_TIMEOUT_MS', 'KEEP_ALIVE_TIMEOUT_MS']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: '0' }), name).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: '999' }), name).toThrow(name);
      expect(loadConfig({ DATA_DIR: dataDir(), [name]: '1500' })[name as 'REQUEST_TIMEOUT_MS']).toBe(1500);
    }
  });

  it('honours a moved clock (TEST_CLOCK_OFFSET_FILE) only under NODE_ENV=test, and has the fault settings (decision 0048)', () => {
    const file = join(dataDir(), 'offset');
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', TEST_CLOCK_OFFSET_FILE: file })).toThrow(
      'TEST_CLOCK_OFFSET_FILE',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), TEST_CLOCK_OFFSET_FILE: file })).toThrow(ConfigError);
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', TEST_CLOCK_OFFSET_FILE: file }).TEST_CLOCK_OFFSET_FILE,
    ).toBe(file);
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      GEOCODER_TIMEOUT_MS: 5000,
      DEPENDENCY_BREAKER_RESET_MS: 30_000,
      DATABASE_CONNECT_TIMEOUT_MS: 3000,
    });
  });

  it('generates APP_SECRET into the data folder once and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).APP_SECRET;
    expect(readFileSync(join(dir, 'app-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).APP_SECRET).toBe(first);
  });

  it('refuses a shutdown drain outside 0 to 60 s, naming the setting', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
    for (const bad of ['-1', '60001', 'soon']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_MS: bad })).toThrow(/SHUTDOWN_DRAIN_MS/);
    }
  });

  it('turns metrics on only with a METRICS_TOKEN of 16 characters or more', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'a-long-enough-token' }).METRICS_TOKEN).toBe(
      'a-long-enough-token',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('takes LOG_FORMAT auto, pretty or json', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).LOG_FORMAT).toBe('auto');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'fancy' })).toThrow(/LOG_FORMAT/);
  });

  it('serves the public calls on the hot path unless FAST_PATH=off', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).FAST_PATH).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), FAST_PATH: 'off' }).FAST_PATH).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir(), FAST_PATH: 'slow' })).toThrow(/FAST_PATH/);
  });

  it('selects PostgreSQL from the URL and derives PUBLIC_URL from PORT', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h:5432/db', PORT: '8080' });
    expect(config.dialect).toBe('postgres');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('keeps the limits in the database unless REDIS_URL is set (empty is unset)', () => {
    const unset = loadConfig({ DATA_DIR: dataDir() });
    expect(unset.REDIS_URL).toBeUndefined();
    expect(unset.REDIS_KEY_PREFIX).toBe('acende:');
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: 'redis://cache:6379/2' }).REDIS_URL).toBe(
      'redis://cache:6379/2',
    );
  });

  it('takes a VAPID key pair whole or not at all, and a push CA file only under NODE_ENV=test (decision 0063)', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'A'.repeat(43);
    const both = loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
    expect([both.VAPID_PUBLIC_KEY, both.VAPID_PRIVATE_KEY]).toEqual([publicKey, privateKey]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: publicKey })).toThrow('set both or neither');
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      'VAPID_PUBLIC_KEY',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'admin@example.org' })).toThrow('VAPID_SUBJECT');
    expect(() => loadConfig({ DATA_DIR: dataDir(), TEST_PUSH_CA_FILE: '/tmp/ca.pem' })).toThrow('TEST_PUSH_CA_FILE');
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', TEST_PUSH_CA_FILE: '/tmp/ca.pem' }).TEST_PUSH_CA_FILE,
    ).toBe('/tmp/ca.pem');
  });

  it('stops with a message naming every bad setting', () => {
    const bad = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        APP_SECRET: 'short',
        SEED_EXAMPLES: 'maybe',
        REDIS_URL: 'http://127.0.0.1:6379',
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'APP_SECRET', 'SEED_EXAMPLES', 'REDIS_URL'])
        expect(message).toContain(name);
    }
  });
});
