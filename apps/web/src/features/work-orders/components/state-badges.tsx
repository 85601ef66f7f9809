// The badges of this screen, in words and colour (never colour alone): a crew on or off, a
// work order's state, a stop overdue.
import type { WorkOrderState } from '@acende/shared/schemas/work-orders';
import { BADGE_SHAPE } from '../../../components/ui/badge.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const ORDER_STYLES: Record<WorkOrderState, string> = {
  planned: 'border-blue-300 bg-blue-50 text-blue-900',
  in_progress: 'border-amber-300 bg-amber-50 text-amber-900',
  done: 'border-green-300 bg-green-50 text-green-900',
  cancelled: 'border-gray-400 bg-gray-100 text-gray-900',
};

export function CrewStateBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        BADGE_SHAPE,
        active ? 'border-green-300 bg-green-50 text-green-900' : 'border-gray-400 bg-gray-100 text-gray-900',
      )}
    >
      {t(active ? 'admin-work.page.crews.on' : 'admin-work.page.crews.off')}
    </span>
  );
}

export function WorkOrderStateBadge({ state }: { state: WorkOrderState }) {
  const { t } = useTranslation();
  return <span className={cn(BADGE_SHAPE, ORDER_STYLES[state])}>{t(`admin-work.page.states.${state}`)}</span>;
}

export function OverdueBadge() {
  const { t } = useTranslation();
  return (
    <span className={cn(BADGE_SHAPE, 'border-red-300 bg-red-50 text-red-900')}>
      {t('admin-work.page.detail.overdue')}
    </span>
  );
}
