// A request status as a coloured badge with its words (colour is never the only signal).
import type { RequestStatus } from '@acende/shared/enums';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { BADGE_SHAPE } from '../ui/badge.ts';

const STYLES: Record<RequestStatus, string> = {
  open: 'border-blue-300 bg-blue-50 text-blue-900',
  in_progress: 'border-amber-300 bg-amber-50 text-amber-900',
  completed: 'border-green-300 bg-green-50 text-green-900',
  cancelled: 'border-gray-400 bg-gray-100 text-gray-900',
};

export function StatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return (
    <span data-status={status} className={cn(BADGE_SHAPE, STYLES[status])}>
      {t(`common.status.${status}`)}
    </span>
  );
}
