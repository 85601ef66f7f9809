// Contact details a citizen typed into free text (the location's reference, the address),
// hidden from public answers, and the address an anonymised request keeps (decision 0043).

/** What a phone number, an e-mail address or a CPF typed into free text becomes in public. */
export const HIDDEN_CONTACT = '•••';

// Not part of a longer code: no letter, digit or joining mark (".", "-", "/", "_") on either
// side, so a pole's "CEEE-3232-4545" or a protocol "2024/000123" is not a phone.
const BEFORE = String.raw`(?<![\p{L}\p{N}_./-])`;
const AFTER = String.raw`(?![\p{L}\p{N}_]|[./-]\p{N})`;

const EMAIL = /[\p{L}\p{N}._%+-]+\s?@\s?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

// 000.000.000-00, and 11 digits in a row (also a mobile with its area code: hidden either way).
const CPF = new RegExp(String.raw`${BEFORE}(?:\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})${AFTER}`, 'gu');

// Brazilian phones: +55 or 55, then an area code (11–99, with a trunk 0 or not) in parentheses
// or followed by a space, dot or dash, then 8 digits or 9 starting with 9, split or not.
// Without an area code the halves must be split ("3232-4545"), or it is a mobile's nine
// digits ("912345678"). Bare runs of 8 or 10 digits are as often a protocol or a date
// (20240312) and stay; 11 bare digits go as a CPF, +55 with 10 or 11 as a phone. Two years
// ("2019-2020") stay too, unless an area code comes first: "(11) 2000.2000" is a phone.
const COUNTRY = String.raw`(?:\+\s?55[\s.-]?|55[\s.-])?`;
const AREA = String.raw`(?:\(\s?0?[1-9][1-9]\s?\)[\s.-]?|0?[1-9][1-9][\s.-])`;
const NOT_YEARS = String.raw`(?!(?:19|20)\d\d[\s.-](?:19|20)\d\d(?!\d))`;
const WITH_AREA = String.raw`${COUNTRY}${AREA}(?:9[\s.]?\d{4}|[2-9]\d{3})[\s.-]?\d{4}`;
const WITHOUT_AREA = String.raw`${NOT_YEARS}(?:9[\s.]?\d{4}[\s.-]?\d{4}|[2-9]\d{3}[\s.-]\d{4})`;
const INTERNATIONAL = String.raw`\+?55[1-9][1-9]9?\d{8}`;
const PHONE = new RegExp(`${BEFORE}(?:${WITH_AREA}|${WITHOUT_AREA}|${INTERNATIONAL})${AFTER}`, 'gu');

/** `text` with every phone number, e-mail address and CPF in it replaced by HIDDEN_CONTACT. */
export function maskContactsInText(text: string): string;
export function maskContactsInText(text: string | null): string | null;
export function maskContactsInText(text: string | null): string | null {
  if (!text) return text;
  let out = text.includes('@') ? text.replace(EMAIL, HIDDEN_CONTACT) : text;
  // Every form holds three digits in a row: most references have none.
  if (!/\d{3}/.test(out)) return out;
  out = out.replace(CPF, HIDDEN_CONTACT);
  return out.replace(PHONE, HIDDEN_CONTACT);
}

// An address part that is no street or area: a house number ("1234", "nº 45", "s/n"), a
// postcode, or a complement ("apto 302", "bloco B", "fundos").
const NUMBER_PART = /^(?:n[º°o]?\.?\s*)?\d+\s?\p{L}?(?:\s?[/-]\s?\d+)?$|^s\.?\/?n\.?$/iu;
const POSTCODE_PART = /^(?:cep:?\s*)?\d{2}\.?\d{3}-?\d{3}$/iu;
const COMPLEMENT_WORDS =
  'apto?|apartamento|casa|bloco|bl|sala|sl|conj(?:unto)?|lote|lt|quadra|qd|andar|loja|box|km|compl(?:emento)?';
const COMPLEMENT_PART = new RegExp(
  String.raw`^(?:(?:${COMPLEMENT_WORDS})\.?(?:\s|\d|$)|fundos$|frente$|t[ée]rreo$|cobertura$)`,
  'iu',
);
// Inside the street's own part: a complement and what follows it, then a trailing number.
const COMPLEMENT_TAIL = new RegExp(String.raw`\s+(?:(?:${COMPLEMENT_WORDS})\.?\s*\d.*|fundos.*)$`, 'iu');
const NUMBER_TAIL = /[\s,]+(?:n[º°o]?\.?\s*)?(?:\d+\s?\p{L}?|s\.?\/?n\.?)$/iu;

function keptPart(part: string): boolean {
  return /\p{L}/u.test(part) && !NUMBER_PART.test(part) && !POSTCODE_PART.test(part) && !COMPLEMENT_PART.test(part);
}

/**
 * The address an anonymised request keeps: its street and area, without the house number
 * or complement. The area is the geocoder's district and city when known, else the text's
 * other parts. Contacts typed into it are hidden as in public answers.
 */
export function cutAddress(address: string, district: string | null, city: string | null): string {
  const parts = maskContactsInText(address)
    .split(/\s*[,;\n]\s*|\s+[-–—]\s+/)
    .map((part) => part.trim())
    .filter(keptPart);
  const street = (parts[0] ?? '').replace(COMPLEMENT_TAIL, '').replace(NUMBER_TAIL, '').trim();
  const area = district || city ? [district, city] : parts.slice(1);
  const kept: string[] = [];
  for (const part of [street, ...area]) {
    const clean = part?.trim();
    if (clean && !kept.some((k) => k.toLowerCase() === clean.toLowerCase())) kept.push(clean);
  }
  return kept.join(', ');
}
