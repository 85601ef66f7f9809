// "Print QR labels" for the poles selected in the registry list: one PDF, the labels in
// the list's order. Off (with the reason beside it) when nothing or too much is selected.
import { POLE_LABELS_SELECTION_MAX } from '@acende/shared/schemas/pole-labels';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePrintPoleLabels } from '../api/print-labels.ts';
import { LabelsOutcome } from './labels-outcome.tsx';

export function PrintLabelsButton({
  poleIds,
  className,
  size,
}: {
  poleIds: readonly number[];
  className?: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const id = useId();
  const printer = usePrintPoleLabels();
  const count = poleIds.length;
  const tooMany = count > POLE_LABELS_SELECTION_MAX;
  const hint =
    count === 0
      ? t('admin-poles.poles.labels.selectFirst')
      : tooMany
        ? t('admin-poles.poles.labels.tooMany', { max: POLE_LABELS_SELECTION_MAX })
        : undefined;
  return (
    <div className={className ?? 'grid gap-1'}>
      <Button
        variant="secondary"
        size={size}
        className="justify-self-start"
        onClick={() => printer.mutate({ poleIds: [...poleIds] })}
        disabled={count === 0 || tooMany || printer.isPending}
        aria-busy={printer.isPending}
        aria-describedby={`${id}-outcome`}
      >
        {printer.isPending
          ? t('admin-poles.poles.labels.preparing')
          : count === 0
            ? t('admin-poles.poles.labels.printSelectionNone')
            : t('admin-poles.poles.labels.printSelection', { count })}
      </Button>
      <LabelsOutcome id={`${id}-outcome`} printer={printer} hint={hint} />
    </div>
  );
}
