// The WhatsApp templates as docs/whatsapp-templates.md lists them for Meta's approval are the
// ones Acende sends: same names, same texts in both languages, two parameters each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WHATSAPP_TEMPLATE_TEXTS, WHATSAPP_TEMPLATES, whatsappNotice } from './whatsapp.templates.ts';

const doc = readFileSync(join(import.meta.dirname, '../../../../../docs/whatsapp-templates.md'), 'utf8');

describe('WhatsApp templates', () => {
  it('are listed in the docs for approval exactly as they are sent', () => {
    const rows = [...doc.matchAll(/^\| `(\w+)` \| (.+?) \| (.+?) \|$/gm)].map(([, name, pt, en]) => ({ name, pt, en }));
    const sent = Object.entries(WHATSAPP_TEMPLATES).map(([kind, name]) => ({
      name,
      pt: WHATSAPP_TEMPLATE_TEXTS.pt[kind as keyof typeof WHATSAPP_TEMPLATES],
      en: WHATSAPP_TEMPLATE_TEXTS.en[kind as keyof typeof WHATSAPP_TEMPLATES],
    }));
    expect(rows).toEqual(sent);
    for (const row of sent) {
      expect(row.pt.match(/\{\{\d\}\}/g)).toEqual(['{{1}}', '{{2}}']);
      expect(row.en.match(/\{\{\d\}\}/g)).toEqual(['{{1}}', '{{2}}']);
    }
  });

  it('name the approved language, with the number and address as parameters', () => {
    const notice = whatsappNotice('en', 'completed', 12, 'https://x.test/track/12?r=t#avaliacao');
    expect(notice).toEqual({
      template: 'acende_concluida',
      language: 'en',
      params: ['12', 'https://x.test/track/12?r=t#avaliacao'],
    });
    expect(whatsappNotice('pt', 'open', 3, 'u').language).toBe('pt_BR');
  });
});
