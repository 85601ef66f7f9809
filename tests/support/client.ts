// Talking to a running server from the outside: JSON calls, signing in (a session
// cookie), accounts made through the users API as the first admin, and requests filed
// the way the wizard files them.
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { requestBySchool } from '../../apps/api/test/requests.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server.ts';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON (tests read what they expect). */
  // biome-ignore lint/suspicious/noExplicitAny: an answer's shape is what each test asserts
  json: any;
}

export interface CallOptions {
  body?: unknown;
  /** A body sent as is (no JSON encoding). */
  raw?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/**
 * The headers Node's fetch sends when a call does not set them, so a server sees what it saw
 * when `call` was fetch.
 */
const FETCH_DEFAULTS: Record<string, string> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};
/**
 * Calls go through node:http on keep-alive sockets, not fetch: the fuzzer's client spent as much
 * CPU as the server it fuzzed, half of it in undici's fetch (decision 0045).
 */
const agent = new Agent({ keepAlive: true });

export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  const named = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
  if (body !== undefined && !named.has('content-type')) headers['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(FETCH_DEFAULTS)) if (!named.has(name)) headers[name] = value;
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
  if (payload) headers['content-length'] = String(payload.length);
  const url = new URL(`${base}${path}`);
  const { status, rawHeaders, bytes } = await send(url, method, headers, payload);
  const answerHeaders = new Headers();
  for (let i = 0; i < rawHeaders.length; i += 2)
    answerHeaders.append(rawHeaders[i] as string, rawHeaders[i + 1] as string);
  const text = decodedBody(bytes, answerHeaders.get('content-encoding')).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers: answerHeaders, text, json };
}

interface Raw {
  status: number;
  rawHeaders: string[];
  bytes: Buffer;
}

/**
 * One request on the agent's sockets. A socket kept alive may be closed by the server just as
 * it is reused; then the request never reached it and goes again once on a new socket, as
 * Node's documentation advises (`reusedSocket`). A server that died answers the second try with
 * ECONNREFUSED.
 */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  payload: Buffer | undefined,
  onKeptSocket = true,
): Promise<Raw> {
  return new Promise<Raw>((resolve, reject) => {
    const req = request(url, { method, headers, agent: onKeptSocket ? agent : false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, bytes: Buffer.concat(chunks) }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === 'ECONNRESET') resolve(send(url, method, headers, payload, false));
      else reject(error);
    });
    req.end(payload);
  });
}

/** A body as fetch hands it over: its gzip, deflate or brotli undone (an empty body stays empty). */
export function decodedBody(bytes: Buffer, encoding: string | null | undefined): Buffer {
  if (bytes.length === 0) return bytes;
  if (encoding === 'gzip') return gunzipSync(bytes);
  if (encoding === 'deflate') return inflateSync(bytes);
  if (encoding === 'br') return brotliDecompressSync(bytes);
  return bytes;
}

/** The session cookie (name=value) a sign-in answer set. */
export function sessionCookieOf(answer: Answer): string {
  const set = answer.headers.getSetCookie().find((c) => /acende_session=/.test(c));
  if (!set) throw new Error(`no session cookie in ${answer.status} ${answer.text}`);
  return set.split(';')[0] as string;
}

export async function signIn(base: string, username = ADMIN_USERNAME, password = ADMIN_PASSWORD): Promise<string> {
  const res = await call(base, 'POST', '/api/admin/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${res.text}`);
  return sessionCookieOf(res);
}

let counter = 0;

export interface Account {
  id: number;
  username: string;
  password: string;
  cookie: string;
}

/**
 * Creates an account through POST /api/admin/users as `adminCookie` and signs it in. A 'crew'
 * account (decision 0068) gets a new crew of the first of `companies` (company 1 without one).
 */
export async function createAccount(
  base: string,
  adminCookie: string,
  role: 'admin' | 'user' | 'viewer' | 'crew',
  companies: number[] = [],
): Promise<Account> {
  counter += 1;
  const username = `${role}-${companies.join('-') || 'all'}-${process.pid}-${counter}`;
  const password = `Pw-${username}-Zz9`;
  let crew: { crewId?: number; companies: number[] } = { companies };
  if (role === 'crew') {
    const companyId = companies[0] ?? 1;
    const made = await call(base, 'POST', '/api/admin/crews', {
      cookie: adminCookie,
      body: { companyId, name: `Equipe ${username}` },
    });
    if (made.status !== 201) throw new Error(`create crew for ${username}: ${made.status} ${made.text}`);
    crew = { crewId: made.json.id, companies: [] };
  }
  const res = await call(base, 'POST', '/api/admin/users', {
    cookie: adminCookie,
    body: { username, password, name: `Conta ${username}`, role, ...crew },
  });
  if (res.status !== 201) throw new Error(`create ${username}: ${res.status} ${res.text}`);
  return { id: res.json.id, username, password, cookie: await signIn(base, username, password) };
}

/** The request these suites file (the e-mail tests of the API file it too). */
export const validRequest = requestBySchool;

export async function fileRequest(
  base: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; trackingToken: string }> {
  const res = await call(base, 'POST', '/api/repair-requests', { body: { ...validRequest, ...overrides } });
  if (res.status !== 201) throw new Error(`file request: ${res.status} ${res.text}`);
  return res.json;
}
