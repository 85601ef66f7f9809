// A company's coloured icon: iconClass mapped to the displayed icon name (spec section 3,
// shared iconNameFor), drawn as inline SVG (no icon font or image to fetch). Used by the
// wizard's step 3 and the registry's preview, so operators see what citizens will see.
import { iconNameFor } from '@acende/shared/icons';

export const COLOR_CLASSES = ['blue', 'green', 'orange', 'yellow', 'red', 'purple', 'gray', 'teal', 'indigo'] as const;

const COLORS: Record<string, string> = {
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  orange: 'bg-orange-100 text-orange-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  red: 'bg-red-100 text-red-800',
  purple: 'bg-purple-100 text-purple-800',
  gray: 'bg-gray-100 text-gray-800',
  teal: 'bg-teal-100 text-teal-800',
  indigo: 'bg-indigo-100 text-indigo-800',
};

const PATHS: Record<string, string> = {
  flash_on: 'M7 2v11h3v9l7-12h-4l4-8z',
  bolt: 'M11 21h-1l1-7H7.5c-.6 0-.6-.3-.4-.6L13 3h1l-1 7h3.5c.5 0 .6.3.4.6z',
  wb_sunny:
    'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM11 1h2v3h-2zM11 20h2v3h-2zM1 11h3v2H1zM20 11h3v2h-3zM4.2 5.6l1.4-1.4 2.1 2.1-1.4 1.4zM16.3 17.7l1.4-1.4 2.1 2.1-1.4 1.4zM16.3 6.3l2.1-2.1 1.4 1.4-2.1 2.1zM4.2 18.4l2.1-2.1 1.4 1.4-2.1 2.1z',
  lightbulb:
    'M9 21c0 .6.4 1 1 1h4c.6 0 1-.4 1-1v-1H9zm3-19a7 7 0 0 0-4 12.7V17c0 .6.4 1 1 1h6c.6 0 1-.4 1-1v-2.3A7 7 0 0 0 12 2z',
  power: 'M16 7V3h-2v4h-4V3H8v4c-1 0-2 1-2 2v5.5L9.5 18v3h5v-3l3.5-3.5V9c0-1-1-2-2-2z',
  power_settings_new: 'M13 3h-2v10h2zm4.8 2.2-1.4 1.4A7 7 0 1 1 7.6 6.6L6.2 5.2A9 9 0 1 0 17.8 5.2z',
};

export function CompanyIcon({ iconClass, colorClass }: { iconClass: string; colorClass: string }) {
  const name = iconNameFor(iconClass);
  return (
    <span
      aria-hidden="true"
      data-icon={name}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${COLORS[colorClass] ?? COLORS.blue}`}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true">
        <path d={PATHS[name] ?? PATHS.flash_on} />
      </svg>
    </span>
  );
}
