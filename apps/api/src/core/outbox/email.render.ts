// An e-mail from blocks, as subject + plain text + HTML in the reader's language. Every value
// that came from a person is HTML-escaped and loses its control characters (line breaks too,
// but in notes), and the subject has no line breaks (decision 0043). The e-mails themselves
// are in email.templates.ts; a feature may render its own (the sign-in link, decision 0042).
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { multiLine, singleLine } from '../../lib/control-chars.ts';
import { escapeHtml, headerSafe } from './email.text.ts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

type Params = Record<string, string | number>;

/** A block of an e-mail: a paragraph, a labelled list, a button-link, or preformatted notes. */
export type Block =
  | { kind: 'p'; key: MessageKey; params?: Params }
  | { kind: 'text'; value: string }
  | { kind: 'fields'; title: string; rows: [label: string, value: string][] }
  | { kind: 'link'; intro: string; label: string; url: string }
  | { kind: 'notes'; title: string; value: string }
  | { kind: 'unsubscribe'; url: string };

export function render(
  language: Language,
  subjectKey: MessageKey,
  subjectParams: Params,
  blocks: Block[],
): RenderedEmail {
  const t = (key: MessageKey, params?: Params) => translate(language, key, params);
  const oneLine = (params?: Params) =>
    params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, singleLine(String(v))]));
  const escaped = (params?: Params) =>
    params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(singleLine(String(v)))]));
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'p':
        text.push(t(block.key, oneLine(block.params)));
        html.push(`<p style="margin:0 0 16px">${t(block.key, escaped(block.params))}</p>`);
        break;
      case 'text':
        text.push(singleLine(block.value));
        html.push(`<p style="margin:0 0 16px">${escapeHtml(singleLine(block.value))}</p>`);
        break;
      case 'fields': {
        const rows = block.rows.map(([label, value]) => [label, singleLine(value)] as const);
        text.push([`${block.title}:`, ...rows.map(([label, value]) => `- ${label}: ${value}`)].join('\n'));
        html.push(
          `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(block.title)}</h2>`,
          '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">',
          ...rows.map(
            ([label, value]) =>
              `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
          ),
          '</table>',
        );
        break;
      }
      case 'link':
        text.push(`${block.intro}\n${block.url}`);
        html.push(
          `<p style="margin:0 0 8px">${escapeHtml(block.intro)}</p>`,
          `<p style="margin:0 0 16px"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:#1f5fbf;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(block.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${escapeHtml(block.url)}">${escapeHtml(block.url)}</a></p>`,
        );
        break;
      case 'unsubscribe':
        text.push(t('followers.email.unsubscribe', { url: block.url }));
        html.push(
          `<p style="margin:24px 0 0;font-size:12px;color:#555555">${escapeHtml(t('followers.email.unsubscribeLabel'))} <a href="${escapeHtml(block.url)}">${escapeHtml(t('followers.email.unsubscribeButton'))}</a></p>`,
        );
        break;
      case 'notes': {
        const value = multiLine(block.value);
        text.push(`${block.title}:\n${value}`);
        html.push(
          `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(block.title)}</h2>`,
          `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(value)}</p>`,
        );
        break;
      }
    }
  }
  const footer = t('email.email.footer');
  const subject = headerSafe(t(subjectKey, subjectParams));
  const lang = language === 'en' ? 'en' : 'pt-BR';
  return {
    subject,
    text: `${text.join('\n\n')}\n\n--\n${footer}\n`,
    html: [
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
      '<body style="margin:0;padding:24px;background:#f8f9fa;font-family:Helvetica,Arial,sans-serif;color:#333333">',
      '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:4px">',
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(t('email.email.appName'))}</h1>`,
      ...html,
      `<hr style="border:none;border-top:1px solid #dddddd;margin:24px 0 12px"><p style="font-size:12px;color:#555555;margin:0">${escapeHtml(footer)}</p>`,
      '</div></body></html>',
    ].join('\n'),
  };
}
