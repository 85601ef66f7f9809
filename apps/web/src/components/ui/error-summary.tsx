// GOV.UK's error summary: at the top of a form a refused submit could not get past, every
// problem as a link that moves focus to its field. It takes the focus on each refused attempt
// (not as the errors change while the person types), so the problems are read out at once.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { errorWords } from './field.tsx';

export interface SummaryError {
  /** A catalogue key (validation.*, errors.*) or words, as a field's error. */
  message: string;
  /** The id of the control its link moves focus to; none for a problem of no field on the screen. */
  target?: string;
}

export interface ErrorSummaryProps {
  /** "There is a problem", in the screen's words. */
  title: string;
  errors: readonly SummaryError[];
  /** Counts the refused attempts: each new one moves focus to the summary. Keep the summary mounted. */
  attempt: number;
  /** Told whether the summary shows, and false when it goes (a screen's title says "Error: " meanwhile). */
  onShown?: (shown: boolean) => void;
}

export function ErrorSummary({ title, errors, attempt, onShown }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;

  useEffect(() => {
    if (attempt > 0) box.current?.focus();
  }, [attempt]);

  useEffect(() => {
    onShown?.(shown);
  }, [shown, onShown]);
  useEffect(() => () => onShown?.(false), [onShown]);

  if (!shown) return null;
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className="grid gap-2 rounded-theme border-4 border-red-700 bg-white p-4 focus:outline-3 focus:outline-offset-2 focus:outline-blue-700"
    >
      <h2 id={titleId} className="font-heading text-lg font-bold">
        {title}
      </h2>
      <ul className="grid gap-1">
        {errors.map((error) => (
          <li key={`${error.target ?? ''}${error.message}`} className="font-semibold text-red-700">
            {error.target ? (
              <a
                href={`#${error.target}`}
                className="underline underline-offset-2 hover:no-underline"
                onClick={(event) => {
                  // Focus, not only a scroll to the anchor: typing goes straight into the field.
                  const control = document.getElementById(error.target ?? '');
                  if (!control) return;
                  event.preventDefault();
                  control.focus();
                }}
              >
                {errorWords(t, error.message)}
              </a>
            ) : (
              errorWords(t, error.message)
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
