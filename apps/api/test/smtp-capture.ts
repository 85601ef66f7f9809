// A real SMTP server for tests (smtp-server on 127.0.0.1, a free port) that keeps every
// message it accepts, decoded enough to read the subject, headers, text and HTML.
// `refuse(true)` makes it answer every message with a temporary failure.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  host: string;
  port: number;
  messages: CapturedMail[];
  /** Attempts refused so far. */
  refused: number;
  refuse(on: boolean): void;
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: parseHeaders(raw), body: '' };
  const separator = raw.slice(at).startsWith('\r\n\r\n') ? 4 : 2;
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at + separator) };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Text and HTML parts of a message (single part or multipart, nested once or more). */
function collectParts(entity: { headers: Record<string, string>; body: string }, into: { text: string; html: string }) {
  const type = entity.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = entity.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      collectParts(splitEntity(piece.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  const decoded = decodeBody(entity.headers, entity.body);
  if (type.toLowerCase().startsWith('text/html')) into.html += decoded;
  else if (type.toLowerCase().startsWith('text/plain')) into.text += decoded;
}

export function parseMail(raw: string, envelopeFrom = '', envelopeTo: string[] = []): CapturedMail {
  const entity = splitEntity(raw);
  const parts = { text: '', html: '' };
  collectParts(entity, parts);
  return {
    envelopeFrom,
    envelopeTo,
    raw,
    headers: entity.headers,
    subject: decodeWords(entity.headers.subject ?? ''),
    messageId: entity.headers['message-id'] ?? '',
    text: parts.text,
    html: parts.html,
  };
}

export async function startSmtpCapture(options: { user?: string; pass?: string } = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  const capture: Partial<SmtpCapture> = { messages, refused: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.user,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onMailFrom(_address, _session, callback) {
      if (refusing) {
        (capture as SmtpCapture).refused += 1;
        const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
        error.responseCode = 451;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
        for (const waiter of waiters) waiter();
        callback();
      });
    },
  });
  // A sender that goes away mid-session (a server instance stopped or killed by a test)
  // resets its connection; smtp-server reports that as an 'error' event, which unheard
  // would crash the test run. The mail it was sending is simply not captured.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(capture, {
    host: '127.0.0.1',
    port,
    refuse(on: boolean) {
      refusing = on;
    },
    waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs = 15_000) {
      return new Promise<CapturedMail>((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpCapture;
}
