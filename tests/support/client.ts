// Talking to a running server from the outside: JSON calls, signing in (a session
// cookie), accounts made through the users API as the first admin, and requests filed
// the way the wizard files them.
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

export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
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

/** Creates an account through POST /api/admin/users as `adminCookie` and signs it in. */
export async function createAccount(
  base: string,
  adminCookie: string,
  role: 'admin' | 'user' | 'viewer',
  companies: number[] = [],
): Promise<Account> {
  counter += 1;
  const username = `${role}-${companies.join('-') || 'all'}-${process.pid}-${counter}`;
  const password = `Pw-${username}-Zz9`;
  const res = await call(base, 'POST', '/api/admin/users', {
    cookie: adminCookie,
    body: { username, password, name: `Conta ${username}`, role, companies },
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
