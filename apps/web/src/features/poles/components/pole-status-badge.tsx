// A pole's status as a badge with its word (colour is never the only signal).
import { BADGE_SHAPE } from '../../../components/ui/badge.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export function PoleStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        BADGE_SHAPE,
        active ? 'border-green-300 bg-green-50 text-green-900' : 'border-gray-400 bg-gray-100 text-gray-900',
      )}
    >
      {active ? t('admin-poles.poles.registry.active') : t('admin-poles.poles.registry.inactive')}
    </span>
  );
}
