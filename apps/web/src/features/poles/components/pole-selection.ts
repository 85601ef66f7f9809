// The poles chosen on the registry list (/admin/poles), kept in that page's state: across
// pages and filters, until cleared. Actions on the chosen poles (printing their QR labels,
// say) read `selection.poles` and go in the list's selection bar (poles-page.tsx, marked).
import type { AdminPole } from '@acende/shared/schemas/poles';
import { useCallback, useMemo, useState } from 'react';

export interface PoleSelection {
  /** The chosen poles, in the order they were chosen. */
  poles: AdminPole[];
  isSelected: (id: number) => boolean;
  toggle: (pole: AdminPole, selected: boolean) => void;
  /** Chooses (or lets go of) every pole of `rows`: the page's "select all". */
  setMany: (rows: readonly AdminPole[], selected: boolean) => void;
  clear: () => void;
}

export function usePoleSelection(): PoleSelection {
  const [chosen, setChosen] = useState<ReadonlyMap<number, AdminPole>>(new Map());
  const setMany = useCallback((rows: readonly AdminPole[], selected: boolean) => {
    setChosen((current) => {
      const next = new Map(current);
      for (const pole of rows) {
        if (selected) next.set(pole.id, pole);
        else next.delete(pole.id);
      }
      return next;
    });
  }, []);
  return useMemo(
    () => ({
      poles: [...chosen.values()],
      isSelected: (id: number) => chosen.has(id),
      toggle: (pole: AdminPole, selected: boolean) => setMany([pole], selected),
      setMany,
      clear: () => setChosen(new Map()),
    }),
    [chosen, setMany],
  );
}
