// A step's own check before Next or Submit, GOV.UK's way: a refused attempt counts (the error
// summary takes the focus on each), and from then on the errors follow what the citizen mends.
import { useState } from 'react';
import type { SummaryError } from '../../../components/ui/error-summary.tsx';

export function useStepCheck(check: () => SummaryError[]) {
  const [attempt, setAttempt] = useState(0);
  const errors = attempt > 0 ? check() : [];
  return {
    attempt,
    errors,
    /** The error of one control (its id), for the words under it. */
    errorAt: (target: string) => errors.find((error) => error.target === target)?.message,
    /** Whether the step may go on; if not, the attempt is counted. */
    passes: () => {
      const pass = check().length === 0;
      if (!pass) setAttempt((count) => count + 1);
      return pass;
    },
  };
}
