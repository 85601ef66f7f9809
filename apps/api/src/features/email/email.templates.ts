// The four e-mails, as subject + plain text + HTML in the reader's language. Pure:
// every value that came from a person is HTML-escaped, and the subject has no line
// breaks, so nothing a citizen types can change the markup or add a header.
import type { Language, ProblemType, RequestStatus } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** One line, no control characters: safe for a header (Subject, To). */
export function headerSafe(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

type Params = Record<string, string | number>;

/** A block of an e-mail: a paragraph, a labelled list, a button-link, or preformatted notes. */
type Block =
  | { kind: 'p'; key: MessageKey; params?: Params }
  | { kind: 'text'; value: string }
  | { kind: 'fields'; title: string; rows: [label: string, value: string][] }
  | { kind: 'link'; intro: string; label: string; url: string }
  | { kind: 'notes'; title: string; value: string }
  | { kind: 'unsubscribe'; url: string };

function render(language: Language, subjectKey: MessageKey, subjectParams: Params, blocks: Block[]): RenderedEmail {
  const t = (key: MessageKey, params?: Params) => translate(language, key, params);
  const escaped = (params?: Params) =>
    params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(String(v))]));
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'p':
        text.push(t(block.key, block.params));
        html.push(`<p style="margin:0 0 16px">${t(block.key, escaped(block.params))}</p>`);
        break;
      case 'text':
        text.push(block.value);
        html.push(`<p style="margin:0 0 16px">${escapeHtml(block.value)}</p>`);
        break;
      case 'fields':
        text.push([`${block.title}:`, ...block.rows.map(([label, value]) => `- ${label}: ${value}`)].join('\n'));
        html.push(
          `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(block.title)}</h2>`,
          '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">',
          ...block.rows.map(
            ([label, value]) =>
              `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
          ),
          '</table>',
        );
        break;
      case 'link':
        text.push(`${block.intro}\n${block.url}`);
        html.push(
          `<p style="margin:0 0 8px">${escapeHtml(block.intro)}</p>`,
          `<p style="margin:0 0 16px"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:#1f5fbf;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(block.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${escapeHtml(block.url)}">${escapeHtml(block.url)}</a></p>`,
        );
        break;
      case 'unsubscribe':
        text.push(t('email.unsubscribe', { url: block.url }));
        html.push(
          `<p style="margin:24px 0 0;font-size:12px;color:#555555">${escapeHtml(t('email.unsubscribeLabel'))} <a href="${escapeHtml(block.url)}">${escapeHtml(t('email.unsubscribeButton'))}</a></p>`,
        );
        break;
      case 'notes':
        text.push(`${block.title}:\n${block.value}`);
        html.push(
          `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(block.title)}</h2>`,
          `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(block.value)}</p>`,
        );
        break;
    }
  }
  const footer = t('email.footer');
  const subject = headerSafe(t(subjectKey, subjectParams));
  const lang = language === 'en' ? 'en' : 'pt-BR';
  return {
    subject,
    text: `${text.join('\n\n')}\n\n--\n${footer}\n`,
    html: [
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
      '<body style="margin:0;padding:24px;background:#f8f9fa;font-family:Helvetica,Arial,sans-serif;color:#333333">',
      '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:4px">',
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(t('email.appName'))}</h1>`,
      ...html,
      `<hr style="border:none;border-top:1px solid #dddddd;margin:24px 0 12px"><p style="font-size:12px;color:#555555;margin:0">${escapeHtml(footer)}</p>`,
      '</div></body></html>',
    ].join('\n'),
  };
}

/** The unsubscribe line every e-mail to a citizen ends with (decision 0034), when it has a link. */
const unsubscribe = (url: string | undefined): Block[] => (url ? [{ kind: 'unsubscribe', url }] : []);

const greeting = (
  prefix: 'email.confirmation' | 'email.statusUpdate' | 'email.transfer' | 'email.duplicate',
  name: string | null | undefined,
): Block =>
  name?.trim()
    ? { kind: 'p', key: `${prefix}.greeting`, params: { name: name.trim() } }
    : { kind: 'p', key: `${prefix}.greetingNoName` };

export interface ConfirmationData {
  id: number;
  name: string | null;
  phone: string;
  address: string;
  reference: string | null;
  problemType: ProblemType;
  companyName: string;
  trackingUrl: string;
  unsubscribeUrl?: string;
}

export function renderConfirmation(language: Language, data: ConfirmationData): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  const rows: [string, string][] = [
    [t('email.confirmation.number'), String(data.id)],
    [t('email.confirmation.phone'), data.phone],
    [t('email.confirmation.address'), data.address],
  ];
  if (data.reference) rows.push([t('email.confirmation.reference'), data.reference]);
  rows.push(
    [t('email.confirmation.problemType'), t(`problemType.${data.problemType}`)],
    [t('email.confirmation.company'), data.companyName],
  );
  return render(language, 'email.confirmation.subject', { id: data.id }, [
    greeting('email.confirmation', data.name),
    { kind: 'p', key: 'email.confirmation.intro', params: { id: data.id } },
    { kind: 'fields', title: t('email.confirmation.details'), rows },
    {
      kind: 'link',
      intro: t('email.confirmation.trackIntro'),
      label: t('email.confirmation.trackButton'),
      url: data.trackingUrl,
    },
    { kind: 'p', key: 'email.confirmation.keepLink' },
    ...unsubscribe(data.unsubscribeUrl),
  ]);
}

export interface StatusUpdateData {
  id: number;
  name: string | null;
  status: RequestStatus;
  notes: string | null;
  trackingUrl: string;
  unsubscribeUrl?: string;
}

export function renderStatusUpdate(language: Language, data: StatusUpdateData): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  const status = t(`status.${data.status}`);
  const blocks: Block[] = [
    greeting('email.statusUpdate', data.name),
    { kind: 'p', key: 'email.statusUpdate.intro', params: { id: data.id, status } },
  ];
  if (data.notes?.trim())
    blocks.push({ kind: 'notes', title: t('email.statusUpdate.notes'), value: data.notes.trim() });
  blocks.push({
    kind: 'link',
    intro: t('email.statusUpdate.trackIntro'),
    label: t('email.statusUpdate.trackButton'),
    url: data.trackingUrl,
  });
  blocks.push(...unsubscribe(data.unsubscribeUrl));
  return render(language, 'email.statusUpdate.subject', { id: data.id, status }, blocks);
}

export interface TransferData {
  id: number;
  name: string | null;
  status: RequestStatus;
  companyName: string;
  reason: string;
  trackingUrl: string;
  unsubscribeUrl?: string;
}

/** The notice that a request went to another company ("not ours"), with the operator's reason. */
export function renderTransfer(language: Language, data: TransferData): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  const params = { id: data.id, company: data.companyName, status: t(`status.${data.status}`) };
  return render(language, 'email.transfer.subject', params, [
    greeting('email.transfer', data.name),
    { kind: 'p', key: 'email.transfer.intro', params },
    { kind: 'notes', title: t('email.transfer.reason'), value: data.reason.trim() },
    {
      kind: 'link',
      intro: t('email.transfer.trackIntro'),
      label: t('email.transfer.trackButton'),
      url: data.trackingUrl,
    },
    ...unsubscribe(data.unsubscribeUrl),
  ]);
}

/** To a citizen who just followed a request (decision 0034): no notes, no contact, only its number. */
export function renderFollowConfirmation(
  language: Language,
  data: { id: number; trackingUrl: string; unsubscribeUrl: string },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  return render(language, 'email.follow.subject', { id: data.id }, [
    { kind: 'p', key: 'email.follow.intro', params: { id: data.id } },
    { kind: 'link', intro: t('email.follow.trackIntro'), label: t('email.follow.trackButton'), url: data.trackingUrl },
    ...unsubscribe(data.unsubscribeUrl),
  ]);
}

/** A followed request's new status, to a follower: the operator's notes are the filer's only. */
export function renderFollowerStatusUpdate(
  language: Language,
  data: { id: number; status: RequestStatus; trackingUrl: string; unsubscribeUrl: string },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  const status = t(`status.${data.status}`);
  return render(language, 'email.followerStatus.subject', { id: data.id, status }, [
    { kind: 'p', key: 'email.followerStatus.intro', params: { id: data.id, status } },
    {
      kind: 'link',
      intro: t('email.followerStatus.trackIntro'),
      label: t('email.followerStatus.trackButton'),
      url: data.trackingUrl,
    },
    ...unsubscribe(data.unsubscribeUrl),
  ]);
}

/** To the filer of a request marked as a duplicate: it was merged, and they now follow the original. */
export function renderDuplicateNotice(
  language: Language,
  data: { id: number; name: string | null; originalId: number; trackingUrl: string; unsubscribeUrl: string },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  const params = { id: data.id, original: data.originalId };
  return render(language, 'email.duplicate.subject', params, [
    greeting('email.duplicate', data.name),
    { kind: 'p', key: 'email.duplicate.intro', params },
    { kind: 'p', key: 'email.duplicate.follow', params },
    {
      kind: 'link',
      intro: t('email.duplicate.trackIntro'),
      label: t('email.duplicate.trackButton'),
      url: data.trackingUrl,
    },
    ...unsubscribe(data.unsubscribeUrl),
  ]);
}

export function renderPasswordReset(
  language: Language,
  data: { name: string; username: string; resetUrl: string },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  return render(language, 'email.passwordReset.subject', {}, [
    { kind: 'p', key: 'email.passwordReset.greeting', params: { name: data.name } },
    { kind: 'p', key: 'email.passwordReset.intro', params: { username: data.username } },
    {
      kind: 'link',
      intro: t('email.passwordReset.linkIntro'),
      label: t('email.passwordReset.action'),
      url: data.resetUrl,
    },
    { kind: 'p', key: 'email.passwordReset.validity' },
    { kind: 'p', key: 'email.passwordReset.ignore' },
  ]);
}

export function renderTestEmail(
  language: Language,
  data: { host: string; port: number; secure: boolean },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  return render(language, 'email.test.subject', {}, [
    { kind: 'p', key: 'email.test.intro' },
    {
      kind: 'fields',
      title: t('email.appName'),
      rows: [
        [t('email.test.server'), data.host],
        [t('email.test.port'), String(data.port)],
        [t('email.test.secure'), data.secure ? t('email.test.yes') : t('email.test.no')],
      ],
    },
  ]);
}
