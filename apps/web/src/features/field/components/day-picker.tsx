// Yesterday, today, tomorrow: the day whose work orders are shown (?dia=), today by default.

import { Link } from '../../../components/ui/link.tsx';
import { cn } from '../../../lib/cn.ts';
import { serviceDay } from '../../../lib/service-day.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { dayLabel, shiftDay } from '../lib/field-day.ts';

export function DayPicker({ day }: { day: string }) {
  const { t, i18n } = useTranslation();
  const today = serviceDay();
  const days = [
    { value: shiftDay(today, -1), label: t('field-app.day.yesterday') },
    { value: today, label: t('field-app.day.today') },
    { value: shiftDay(today, 1), label: t('field-app.day.tomorrow') },
  ];
  return (
    <nav aria-label={t('field-app.day.label')}>
      <ul className="grid grid-cols-3 gap-2">
        {days.map((option) => (
          <li key={option.value}>
            <Link
              to={option.value === today ? '/campo' : `/campo?dia=${option.value}`}
              aria-current={option.value === day ? 'date' : undefined}
              className={cn(
                'flex min-h-12 flex-col items-center justify-center rounded-theme border-2 px-1 py-1 text-center font-semibold no-underline',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
                option.value === day
                  ? 'border-blue-900 bg-blue-900 text-white'
                  : 'border-gray-700 bg-white text-gray-950',
              )}
            >
              {option.label}
              <span className="text-xs font-normal">{dayLabel(option.value, i18n.language)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
