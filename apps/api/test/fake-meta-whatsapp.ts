// A stand-in for Meta's WhatsApp Cloud API, as its documentation describes it, for the WhatsApp
// suites (as smtp-server stands in for a mail server): POST /{version}/{phone-number-id}/messages
// with a Bearer access token and a JSON template message. 200 answers {messaging_product,
// contacts: [{input, wa_id}], messages: [{id: "wamid…"}]}; errors answer {error: {message, type,
// code, error_subcode, fbtrace_id}}: 401 code 190 for a bad token, 400 code 100 for a malformed
// body, 132001 for a template not approved in that language, 132000 for a wrong parameter count,
// 131026 for a number without WhatsApp. The templates it knows are the ones the business had
// approved (given at start). `reply` posts a citizen's message to the webhook as Meta does,
// signed in X-Hub-Signature-256 with the app secret; `answerNext` makes the next calls answer a
// 429, a 500 and the like.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WHATSAPP_TEMPLATE_TEXTS, WHATSAPP_TEMPLATES } from '../src/core/channels/whatsapp.templates.ts';

export interface SentWhatsapp {
  to: string;
  template: string;
  language: string;
  params: string[];
  /** The approved text filled in: what the citizen reads. */
  text: string;
  /** The quick-reply button's payload the message carries. */
  buttonPayload: string | null;
  id: string;
}

/** Approved templates: name → language code → text with {{1}}, {{2}}… */
export type ApprovedTemplates = Record<string, Record<string, string>>;

/** Acende's templates as the business had them approved (docs/whatsapp-templates.md): pt_BR and en. */
export function acendeTemplates(): ApprovedTemplates {
  const out: ApprovedTemplates = {};
  for (const [kind, name] of Object.entries(WHATSAPP_TEMPLATES)) {
    const key = kind as keyof typeof WHATSAPP_TEMPLATES;
    out[name] = { pt_BR: WHATSAPP_TEMPLATE_TEXTS.pt[key], en: WHATSAPP_TEMPLATE_TEXTS.en[key] };
  }
  return out;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeMetaWhatsapp {
  url: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  sent: SentWhatsapp[];
  calls: { path: string; status: number }[];
  /** Numbers (digits) without WhatsApp: sending to them answers 131026. */
  notOnWhatsapp: Set<string>;
  /** A citizen's message as Meta posts it to a webhook: its body and headers, signed. */
  signedEvent(
    from: string,
    message: { text: string } | { button: string },
    secret?: string,
  ): { body: string; headers: Record<string, string> };
  /** A citizen's message as Meta posts it to the webhook; `button` for a quick-reply tap. */
  reply(
    webhookUrl: string,
    from: string,
    message: { text: string } | { button: string },
    secret?: string,
  ): Promise<{ status: number }>;
  answerNext(...answers: Answer[]): void;
  /** While on, every call answers 503 (an outage), counted in `refused`. */
  refuse(on: boolean): void;
  refused: number;
  /** Each accepted message is answered this much later (a provider under load; 0 by default). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeMetaWhatsapp(templates: ApprovedTemplates): Promise<FakeMetaWhatsapp> {
  const phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e9));
  const accessToken = `EAAG${randomBytes(24).toString('hex')}`;
  const appSecret = randomBytes(16).toString('hex');
  const sent: SentWhatsapp[] = [];
  const calls: FakeMetaWhatsapp['calls'] = [];
  const notOnWhatsapp = new Set<string>();
  const queued: Answer[] = [];
  let refusing = false;

  const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string, type = 'OAuthException') =>
    answer(res, status, { error: { message, type, code, fbtrace_id: randomBytes(8).toString('base64url') } });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const record = (status: number) => calls.push({ path, status });
    const match = /^\/(v\d+\.\d)\/(\d+)\/messages$/.exec(path);
    if (req.method !== 'POST' || !match) {
      record(400);
      return error(res, 400, 100, 'Unsupported post request.', 'GraphMethodException');
    }
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      record(401);
      return error(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    if (match[2] !== phoneNumberId) {
      record(400);
      return error(res, 400, 100, `Unsupported post request. Object with ID '${match[2]}' does not exist`);
    }
    if (refusing) {
      fake.refused += 1;
      record(503);
      return error(res, 503, 131016, 'Service unavailable', 'OAuthException');
    }
    const next = queued.shift();
    if (next) {
      record(next.status);
      return answer(
        res,
        next.status,
        next.body ?? { error: { message: 'An unknown error occurred', code: 1 } },
        next.headers,
      );
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      record(400);
      return error(res, 400, 100, 'Invalid parameter');
    }
    const fail = (code: number, message: string) => {
      record(400);
      error(res, 400, code, message);
    };
    const template = body.template as
      | { name?: unknown; language?: { code?: unknown }; components?: Record<string, unknown>[] }
      | undefined;
    const to = typeof body.to === 'string' ? body.to.replace(/^\+/, '') : '';
    if (body.messaging_product !== 'whatsapp') return fail(100, 'The parameter messaging_product is required.');
    if (!/^\d{8,15}$/.test(to)) return fail(100, 'Invalid parameter: to');
    if (body.type !== 'template' || !template) return fail(131047, 'Re-engagement message');
    const name = String(template.name ?? '');
    const language = String(template.language?.code ?? '');
    const approved = templates[name]?.[language];
    if (approved === undefined)
      return fail(132001, `Template name does not exist in the translation: ${name} ${language}`);
    const bodyPart = template.components?.find((c) => c.type === 'body');
    const params = ((bodyPart?.parameters as { type?: string; text?: unknown }[] | undefined) ?? []).map((p) =>
      String(p.text ?? ''),
    );
    const wanted = new Set(approved.match(/\{\{\d+\}\}/g) ?? []).size;
    if (params.length !== wanted)
      return fail(132000, 'Number of parameters does not match the expected number of params');
    if (notOnWhatsapp.has(to)) return fail(131026, 'Message undeliverable');
    const button = template.components?.find((c) => c.type === 'button' && c.sub_type === 'quick_reply');
    const payload = (button?.parameters as { payload?: unknown }[] | undefined)?.[0]?.payload;
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    const text = approved.replace(/\{\{(\d+)\}\}/g, (_, n) => params[Number(n) - 1] ?? '');
    sent.push({
      to,
      template: name,
      language,
      params,
      text,
      buttonPayload: typeof payload === 'string' ? payload : null,
      id,
    });
    record(200);
    answer(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: to }], messages: [{ id }] });
  };

  /** A message event as Meta posts it, signed with `secret` (the app secret unless a test says otherwise). */
  const signedEvent: FakeMetaWhatsapp['signedEvent'] = (from, message, secret = appSecret) => {
    const content =
      'text' in message
        ? { type: 'text', text: { body: message.text } }
        : { type: 'button', button: { text: message.button, payload: message.button } };
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '555140000000', phone_number_id: phoneNumberId },
                contacts: [{ profile: { name: 'Cidadão' }, wa_id: from }],
                messages: [
                  { from, id: `wamid.${randomBytes(12).toString('base64url')}`, timestamp: '1764500000', ...content },
                ],
              },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    return { body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } };
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeMetaWhatsapp = {
    url: `http://127.0.0.1:${port}`,
    apiVersion: 'v23.0',
    phoneNumberId,
    accessToken,
    appSecret,
    sent,
    calls,
    notOnWhatsapp,
    answerNext: (...answers) => queued.push(...answers),
    refused: 0,
    delayMs: 0,
    refuse: (on) => {
      refusing = on;
    },
    signedEvent,
    async reply(webhookUrl, from, message, secret = appSecret) {
      const event = signedEvent(from, message, secret);
      const res = await fetch(webhookUrl, { method: 'POST', headers: event.headers, body: event.body });
      await res.arrayBuffer();
      return { status: res.status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
