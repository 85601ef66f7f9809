// A labelled group of radio buttons that show what they choose (a colour swatch, an icon)
// with its name beside it: native radios inside a fieldset, so arrows move between them,
// Space picks one and a screen reader hears "name, radio, n of m" and the group's legend.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldError } from './field.tsx';

export interface VisualChoice {
  value: string;
  label: string;
  /** What the choice looks like (hidden from screen readers: `label` says it). */
  visual: ReactNode;
}

export function ChoiceGroup({
  id,
  legend,
  name,
  choices,
  value,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  name: string;
  choices: readonly VisualChoice[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 font-medium">{legend}</legend>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2">
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-theme border p-2',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blue-700',
                checked ? 'border-blue-800 bg-blue-50 font-semibold' : 'border-gray-300 hover:bg-gray-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                className="sr-only"
              />
              <span aria-hidden="true" className="shrink-0">
                {choice.visual}
              </span>
              <span className="min-w-0 break-words">{choice.label}</span>
              {checked ? (
                <span aria-hidden="true" className="ml-auto text-blue-800">
                  ✓
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
