// A labelled group of checkboxes that picks several values (a webhook's events): native
// checkboxes in a fieldset, so Tab and Space work and a screen reader hears the legend; each
// choice may carry a line under it, read as its description, and the group's error is read
// with the legend.
import { FieldError, RequiredMark } from './field.tsx';

export interface CheckboxChoice {
  value: string;
  label: string;
  /** One line under the label (what the choice means). */
  hint?: string;
}

export function CheckboxGroup({
  id,
  legend,
  hint,
  choices,
  value,
  onChange,
  error,
  required,
}: {
  id: string;
  legend: string;
  hint?: string;
  choices: readonly CheckboxChoice[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** A catalogue key or words (FieldError). */
  error?: string;
  required?: boolean;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const toggle = (choice: string, checked: boolean) =>
    onChange(
      checked
        ? choices.map((c) => c.value).filter((v) => v === choice || value.includes(v))
        : value.filter((v) => v !== choice),
    );
  return (
    <fieldset
      id={id}
      className="grid gap-2"
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 font-medium">
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {choices.map((choice) => {
        const choiceId = `${id}-${choice.value.replace(/[^\w-]/g, '-')}`;
        return (
          <div key={choice.value} className="flex items-start gap-3">
            <input
              type="checkbox"
              id={choiceId}
              className="mt-3 h-5 w-5 shrink-0 accent-blue-700"
              checked={value.includes(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
              aria-describedby={choice.hint ? `${choiceId}-hint` : undefined}
            />
            <div className="grid min-w-0">
              <label htmlFor={choiceId} className="flex min-h-11 items-center font-medium">
                {choice.label}
              </label>
              {choice.hint ? (
                <p id={`${choiceId}-hint`} className="text-sm text-gray-700">
                  {choice.hint}
                </p>
              ) : null}
            </div>
          </div>
        );
      })}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
