// The pole list's selection bar: "select all on this page", how many are chosen, and what can be done with them.
import type { AdminPole } from '@acende/shared/schemas/poles';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { PoleSelection } from './pole-selection.ts';
import { PrintLabelsButton } from './print-labels-button.tsx';

/** "Select all on this page", how many are chosen, and the actions on them. */
export function SelectionBar({
  selection,
  rows,
  canWrite,
}: {
  selection: PoleSelection;
  rows: readonly AdminPole[];
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const chosenHere = rows.filter((pole) => selection.isSelected(pole.id)).length;
  const all = chosenHere === rows.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosenHere > 0 && !all;
  }, [chosenHere, all]);
  const count = selection.poles.length;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="flex min-h-11 items-center gap-2">
        <input
          ref={box}
          id={`${id}-page`}
          type="checkbox"
          className="h-5 w-5 accent-blue-700"
          checked={all}
          onChange={(event) => selection.setMany(rows, event.target.checked)}
        />
        <label htmlFor={`${id}-page`}>{t('admin-poles.poles.registry.selectPage')}</label>
      </div>
      {count > 0 ? (
        <>
          <span className="text-sm" aria-live="polite">
            {t('admin-poles.poles.registry.selected', { count })}
          </span>
          <Button variant="secondary" size="sm" onClick={selection.clear}>
            {t('admin-poles.poles.registry.clearSelection')}
          </Button>
          {/* Actions on the chosen poles (selection.poles) go here. */}
          {canWrite ? <PrintLabelsButton poleIds={selection.poles.map((pole) => pole.id)} size="sm" /> : null}
        </>
      ) : null}
    </div>
  );
}
