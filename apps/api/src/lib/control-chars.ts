// Control characters a citizen's text may hold (C0, DEL, C1: a wizard field pasted from
// anywhere), taken out where text leaves the server as a file or an e-mail (decision 0043).

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROLS_BUT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line: every run of control characters, line breaks and tabs included, becomes a space. */
export function singleLine(text: string): string {
  return ANY_CONTROL.test(text) ? text.replace(CONTROL_RUNS, ' ') : text;
}

/** Several lines: line breaks (as "\n") and tabs stay, every other control character goes. */
export function multiLine(text: string): string {
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(CONTROLS_BUT_BREAKS, '');
}

/** Keeps tab, line feed and carriage return (a quoted CSV cell holds them), drops every other control. */
export function withoutControls(text: string): string {
  return ANY_CONTROL.test(text) ? text.replace(CONTROLS_BUT_BREAKS, '') : text;
}
