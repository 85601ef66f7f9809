// A local Web Push service (RFC 8030) standing in for a browser's (FCM, Mozilla's autopush),
// for the push suites. It makes subscriptions as a browser would (a P-256 key pair and a
// 16-byte auth secret per endpoint) and checks each push as a push service and the browser
// do: HTTPS with its own certificate (caFile), `Authorization: vapid t=<JWT>, k=<key>` (RFC
// 8292: an ES256 JWT verified with k, `aud` the endpoint's origin, `exp` within 24 h, `sub` a
// mailto: or https: contact), `Content-Encoding: aes128gcm`, a TTL, at most 4096 bytes; then
// it decrypts the body with the subscription's private key and auth secret (RFC 8291, written
// here from the RFC with node:crypto, not with the library that encrypted it) and answers 201
// with a Location. A push it refuses is kept in `refused` with the reason. `answerNext` makes
// an endpoint's next pushes answer a 404, 410, 429 with Retry-After, 500 and the like; `gone`
// makes it answer 410 from then on, as a browser that unsubscribed.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, as the browser's service worker reads it. */
  text: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID token's claims and the key it was signed with. */
  claims: { aud: string; exp: number; sub: string };
  publicKey: string;
}

export interface PushAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface FakePushService {
  origin: string;
  /** The certificate the sender must trust (TEST_PUSH_CA_FILE). */
  caFile: string;
  /** A browser's new subscription at this service. */
  subscribe(): BrowserSubscription;
  /** Pushes accepted and decrypted, in order. */
  received: ReceivedPush[];
  /** Pushes refused for breaking the protocol (never the ones answerNext chose). */
  refused: { endpoint: string; reason: string }[];
  /** The endpoint's next pushes answer these instead. */
  answerNext(endpoint: string, ...answers: PushAnswer[]): void;
  /** The browser unsubscribed: 410 from now on. */
  gone(endpoint: string): void;
  close(): Promise<void>;
}

interface Browser {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  gone: boolean;
  queued: PushAnswer[];
}

const MAX_PAYLOAD = 4096;
const DAY_S = 24 * 60 * 60;

let certificate: { key: Buffer; cert: Buffer; caFile: string } | undefined;

/** A self-signed certificate for 127.0.0.1, made once per test process with openssl. */
export function pushServiceCertificate() {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'acende-push-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      caFile,
    ],
    { stdio: 'ignore' },
  );
  certificate = { key: readFileSync(keyFile), cert: readFileSync(caFile), caFile };
  return certificate;
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** RFC 8292 §3: `vapid t=<JWT>, k=<key>`, checked as a push service does. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush['claims'] & { publicKey: string } {
  const params = Object.fromEntries(
    [...(header ?? '').replace(/^vapid\s+/i, '').matchAll(/(\w+)=([^,\s]+)/g)].map((m) => [m[1], m[2]]),
  );
  if (!header?.toLowerCase().startsWith('vapid ') || !params.t || !params.k) throw new Error('no VAPID authorization');
  const [head, body, signature] = params.t.split('.');
  if (!head || !body || !signature) throw new Error('the token is not a JWT');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (header64.alg !== 'ES256') throw new Error(`the JWT is signed with ${header64.alg}, not ES256`);
  const raw = Buffer.from(params.k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) },
    format: 'jwk',
  });
  const signed = Buffer.from(`${head}.${body}`);
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    throw new Error('the JWT signature does not verify with k');
  }
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + DAY_S + 60) {
    throw new Error('exp is not within the next 24 hours');
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error('no sub contact');
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, publicKey: params.k };
}

/** RFC 8291 with RFC 8188's aes128gcm framing, as the browser decrypts a push message. */
function decrypt(body: Buffer, browser: Browser): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] as number;
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error("the keyid is not the sender's P-256 public key");
  if (record.length > rs) throw new Error('more than one record');
  const secret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error("the record does not end with the last record's delimiter");
  return plain.subarray(0, end).toString('utf8');
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert, caFile } = pushServiceCertificate();
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService['refused'] = [];
  let messages = 0;
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const endpoint = `${origin}${req.url ?? ''}`;
    const browser = browsers.get(endpoint);
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, reason });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    if (req.method !== 'POST' || !browser) return refuse(404, 'no such subscription');
    const forced = browser.queued.shift();
    if (forced) return void res.writeHead(forced.status, forced.headers ?? {}).end(forced.body ?? '');
    if (browser.gone) return void res.writeHead(410).end('push subscription has unsubscribed or expired');
    let claims: ReturnType<typeof checkVapid>;
    try {
      claims = checkVapid(req.headers.authorization, origin);
    } catch (error) {
      return refuse(401, (error as Error).message);
    }
    const ttl = req.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return refuse(400, 'no TTL');
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
    if (body.length > MAX_PAYLOAD) return refuse(413, 'payload too large');
    let text: string;
    try {
      text = decrypt(body, browser);
    } catch (error) {
      return refuse(400, `not decrypted: ${(error as Error).message}`);
    }
    const topic = req.headers.topic;
    received.push({
      endpoint,
      text,
      ttl: Number(ttl),
      urgency: req.headers.urgency as string | undefined,
      topic: typeof topic === 'string' ? topic : undefined,
      claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub },
      publicKey: claims.publicKey,
    });
    messages += 1;
    res.writeHead(201, { location: `${origin}/message/${messages}` }).end();
  };

  const server = createServer({ key, cert }, (req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    caFile,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/wpush/v2/${randomBytes(24).toString('base64url')}`;
      browsers.set(endpoint, { ecdh, publicKey, auth, gone: false, queued: [] });
      return { endpoint, expirationTime: null, keys: { p256dh: b64(publicKey), auth: b64(auth) } };
    },
    answerNext(endpoint, ...answers) {
      browsers.get(endpoint)?.queued.push(...answers);
    },
    gone(endpoint) {
      const browser = browsers.get(endpoint);
      if (browser) browser.gone = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
