// Dates as an operator reads them, in the chosen language and the browser's time zone.
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}

const AGE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago `iso` was, in its largest whole unit ("há 3 dias", "2 hours ago"); null under a minute. */
export function formatAge(iso: string, now: number, language: string): string | null {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  for (const [unit, size] of AGE_UNITS) {
    if (elapsed >= size) {
      return new Intl.RelativeTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', { numeric: 'always' }).format(
        -Math.floor(elapsed / size),
        unit,
      );
    }
  }
  return null;
}
