// How the page writes its figures, in the reader's language: hours with one decimal,
// shares as percentages with at most one decimal, the computing time in São Paulo's clock.
import type { Language } from '@acende/shared/enums';

const locale = (language: Language) => (language === 'en' ? 'en-US' : 'pt-BR');

export function formatHours(seconds: number, language: Language): string {
  return new Intl.NumberFormat(locale(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    seconds / 3600,
  );
}

export function formatShare(share: number, language: Language): string {
  return new Intl.NumberFormat(locale(language), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

export function formatInstant(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));
}
