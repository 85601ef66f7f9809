// Text from a person made safe for an e-mail: escaped for HTML, or one line for a header.
import { singleLine } from '../../lib/control-chars.ts';

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

/** One line, no control characters (C0, DEL, C1, line separators): safe for a header (Subject, To). */
export function headerSafe(value: string): string {
  return singleLine(value).trim();
}
