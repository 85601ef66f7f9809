// What an SMS costs: its characters in the GSM 03.38 alphabet (7 bits, 160 a segment, 153 each
// when split) or else UCS-2 (70, 67). Portuguese's ã, õ, á, ê, ç and the like are outside GSM-7,
// so one of them would make a 140-character notice three UCS-2 segments: `toGsm7` writes such a
// letter without its accent where GSM-7 has no form of it (é, à, ü and Ç stay as they are).

/** GSM 03.38's basic set (one septet each). */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ ÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table (an escape septet and one more: two each). */
const EXTENDED = '^{}\\[~]|€\f';

const basic = new Set(BASIC);
const extended = new Set(EXTENDED);

/** Whether every character has a GSM-7 form. */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!basic.has(char) && !extended.has(char)) return false;
  return true;
}

/** The text in GSM-7 where it can be: a letter GSM-7 lacks loses its accent; other characters stay. */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    if (basic.has(char) || extended.has(char)) {
      out += char;
      continue;
    }
    const bare = char.normalize('NFD').replace(/\p{Mn}/gu, '');
    out += bare !== char && isGsm7(bare) ? bare : (TYPOGRAPHY[char] ?? char);
  }
  return out;
}

const TYPOGRAPHY: Record<string, string> = {
  º: 'o',
  ª: 'a',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
};

export interface Segments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** How many segments `text` goes in, as a handset or a provider counts them. */
export function countSegments(text: string): Segments {
  if (isGsm7(text)) {
    let units = 0;
    for (const char of text) units += extended.has(char) ? 2 : 1;
    return { encoding: 'GSM-7', units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
