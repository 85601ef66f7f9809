// The environment, parsed once at boot by one zod schema. A bad value stops the
// process with a message naming the setting, before anything listens.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { parseNetworks } from './lib/ip-networks.ts';
import { ensurePrivateDir } from './lib/private-files.ts';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const urlOrEmpty = z.union([z.url(), z.literal('')]).optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, 'must start with sqlite: or postgres://')
    .default('sqlite:./data/acende.db'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: urlOrEmpty,
  ADMIN_USERNAME: z.string().trim().min(1).max(64).default('admin'),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GEOCODER_URL: z.url().default('https://nominatim.openstreetmap.org'),
  TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  SEED_EXAMPLES: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: one readable line per event; json: JSON lines; auto: pretty in a terminal outside production. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /**
   * Turns on GET /metrics (Prometheus), which asks for `Authorization: Bearer <token>`;
   * unset, there is no such path.
   */
  METRICS_TOKEN: z
    .union([z.string().min(16, 'must be at least 16 characters'), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  TRUST_PROXY: bool(false),
  RATE_LIMIT_CREATE_MAX: int(20, 1, 1_000_000),
  RATE_LIMIT_LOOKUP_MAX: int(120, 1, 1_000_000),
  RATE_LIMIT_WINDOW_MS: int(60_000, 1000, 86_400_000),
  /** "Already reported nearby" reads per client per window (decision 0034): it must not dump the requests. */
  RATE_LIMIT_NEARBY_MAX: int(30, 1, 1_000_000),
  /** Open311 filings per API key per window, and per client address (decision 0038). */
  RATE_LIMIT_OPEN311_MAX: int(120, 1, 1_000_000),
  /** Calls of a company's system per integration key per window, and per client address (decision 0066). */
  RATE_LIMIT_INTEGRATION_MAX: int(120, 1, 1_000_000),
  /** Open-data files (whole or 304) per client per window (decision 0039): each full file reads every request. */
  RATE_LIMIT_OPEN_DATA_MAX: int(30, 1, 1_000_000),
  /** Bytes of open-data first chunks (header + first page per version) each instance keeps (decision 0039); 0: none. */
  OPEN_DATA_FIRST_CHUNK_CACHE_BYTES: int(4_194_304, 0, 268_435_456),
  /** Where instances share their limits' counters; unset: PostgreSQL's tables (or memory on SQLite). */
  REDIS_URL: z
    .union([z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://'), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  /** Put before every key the app writes to Redis (several deployments or test runs on one Redis). */
  REDIS_KEY_PREFIX: z.string().max(100).default('acende:'),
  BODY_LIMIT_BYTES: int(65_536, 1024, 10_485_760),
  /** How long one call to the geocoder may take before it is abandoned (decision 0048). */
  GEOCODER_TIMEOUT_MS: int(5000, 100, 60_000),
  /**
   * After repeated failures or time-outs of an outside service (geocoder, map tiles), how long
   * its circuit breaker stays open, answering at once without calling it (decision 0048).
   */
  DEPENDENCY_BREAKER_RESET_MS: int(30_000, 1000, 3_600_000),
  /** How long a query waits for a new PostgreSQL connection before the answer is 503 (decision 0048). */
  DATABASE_CONNECT_TIMEOUT_MS: int(3000, 100, 60_000),
  /**
   * PostgreSQL connections an instance's pool opens at most (the exports' reader, the settings'
   * LISTEN connection and the checks' own are apart): keep instances × (this + 2) under the
   * server's `max_connections`.
   */
  DATABASE_POOL_SIZE: int(10, 1, 500),
  /** How long the admin's SMTP connection test and test e-mail may take; every failure answers after exactly this. */
  SMTP_CHECK_TIMEOUT_MS: int(10_000, 100, 120_000),
  /** A request's headers and body must arrive within this time, or it is answered 408 and closed. */
  REQUEST_TIMEOUT_MS: int(30_000, 1000, 3_600_000),
  /** A connection on which nothing moves for this long is closed. */
  CONNECTION_TIMEOUT_MS: int(60_000, 1000, 3_600_000),
  /** How long an idle kept-alive connection waits for its next request (above a proxy's own idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: int(72_000, 1000, 3_600_000),
  /** Failed sign-ins from one client address, on any accounts, in 15 minutes before it is refused (on one account: 5). */
  LOGIN_MAX_FAILURES_PER_IP: int(20, 5, 100_000),
  /**
   * On SIGTERM, how long the server keeps serving (readiness answering 503, every answer
   * closing its connection) before it stops accepting and finishes what it holds.
   */
  SHUTDOWN_DRAIN_MS: int(5000, 0, 60_000),
  /**
   * Exports (report CSV/PDF, photos PDF, pole labels, audit CSV) running at once for one
   * account, and in all, counted across every instance (decision 0044); past either, 429.
   */
  EXPORTS_PER_ACCOUNT: int(2, 1, 100),
  EXPORTS_TOTAL: int(4, 1, 1000),
  /**
   * How often each instance looks for requests whose area the geocoder could not name at
   * filing (down, rate-limited) and tries again; 0 turns the retry off.
   */
  AREA_RETRY_INTERVAL_MS: int(30_000, 0, 86_400_000),
  /**
   * How often each instance runs the retention sweep (decision 0027: anonymises the contact
   * data of requests closed longer ago than the setting, deletes old audit rows); 0 turns it off.
   */
  RETENTION_INTERVAL_MS: int(86_400_000, 0, 7 * 86_400_000),
  WEB_DIST: z.string().optional(),
  /** Tests only (NODE_ENV=test): a file holding milliseconds by which the server's clock is moved (issue 39). */
  TEST_CLOCK_OFFSET_FILE: z.string().optional(),
  /** CAPTCHA=off turns captcha off whatever the stored setting says (automated tests and load only). */
  CAPTCHA: bool(true),
  /**
   * FAST_PATH=off serves the public calls through the plain routes and Kysely, one call at a
   * time (src/hot-path): to compare with the fast path, or to rule it out.
   */
  FAST_PATH: bool(true),
  /**
   * SQLite: checkpoints on a thread of their own (decision 0073). Off, the writer checkpoints
   * inside its commits as SQLite does by default (the API tests' many short-lived apps).
   */
  SQLITE_CHECKPOINT_THREAD: bool(true),
  /** Stands in for the captcha provider's verification endpoint (tests); unset means the provider's own. */
  CAPTCHA_VERIFY_URL: urlOrEmpty,
  /**
   * Where citizens' photos are kept (decision 0033): db (the database, every instance reads
   * them) or dir (files under PHOTO_DIR, which every instance must share).
   */
  PHOTO_STORE: z.enum(['db', 'dir']).default('db'),
  /** The folder of PHOTO_STORE=dir; unset: DATA_DIR/photos. */
  PHOTO_DIR: z.string().optional(),
  /**
   * Browser push's VAPID key pair (decision 0063), both or neither; unset: made at first start
   * and kept in the database, so every instance on it signs with the same pair.
   */
  VAPID_PUBLIC_KEY: z
    .union([z.string().regex(/^B[\w-]{86}$/, 'must be a P-256 public key, 65 bytes in base64url'), z.literal('')])
    .optional(),
  VAPID_PRIVATE_KEY: z
    .union([z.string().regex(/^[\w-]{43}$/, 'must be a P-256 private key, 32 bytes in base64url'), z.literal('')])
    .optional(),
  /** Whom the push services may contact about our sends: mailto: or https:; unset: PUBLIC_URL (https) or mailto:. */
  VAPID_SUBJECT: z
    .union([z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must start with mailto: or https://'), z.literal('')])
    .optional(),
  /** Push services accepted beside the browsers' own (comma-separated host names; decision 0063). */
  PUSH_EXTRA_HOSTS: z.string().default(''),
  /** Tests only (NODE_ENV=test): a PEM certificate the push sender trusts (a local push service). */
  TEST_PUSH_CA_FILE: z.string().optional(),
  /** Networks webhooks may reach beside public addresses (CIDRs, comma-separated; decision 0065). */
  WEBHOOK_ALLOWED_NETWORKS: z
    .string()
    .default('')
    .superRefine((text, ctx) => {
      try {
        parseNetworks(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  /** How long one webhook delivery attempt may take (ms) before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: int(10_000, 100, 60_000),
  /** How often (ms) each instance's webhook worker looks for due deliveries. 0: no worker. */
  WEBHOOK_INTERVAL_MS: int(2000, 0, 3_600_000),
});

export type Env = z.infer<typeof envSchema>;
export type Config = Omit<Env, 'PUBLIC_URL' | 'APP_SECRET'> & {
  PUBLIC_URL: string;
  APP_SECRET: string;
  dialect: 'sqlite' | 'postgres';
  sqlitePath: string | null;
};

export class ConfigError extends Error {}

/** Parses the given environment; throws ConfigError listing every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.TEST_CLOCK_OFFSET_FILE && e.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK_OFFSET_FILE: only honoured with NODE_ENV=test');
  }
  if (e.TEST_PUSH_CA_FILE && e.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration:\n  TEST_PUSH_CA_FILE: only honoured with NODE_ENV=test');
  }
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  const dialect = e.DATABASE_URL.startsWith('sqlite:') ? 'sqlite' : 'postgres';
  const sqlitePath =
    dialect === 'sqlite'
      ? (() => {
          const raw = e.DATABASE_URL.slice('sqlite:'.length);
          return raw === ':memory:' ? raw : resolve(raw);
        })()
      : null;
  return {
    ...e,
    dialect,
    sqlitePath,
    PUBLIC_URL: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    APP_SECRET: e.APP_SECRET ?? readOrCreateSecret(e.DATA_DIR),
  };
}

/** APP_SECRET, when unset, is generated once into the data folder and kept there. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(resolve(dataDir), 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensurePrivateDir(dirname(file));
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
