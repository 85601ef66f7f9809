// A labelled form control with its hint and error wired for assistive technology
// (aria-invalid, aria-describedby). Errors arrive as catalogue keys (the client's zod
// messages) or words (the server's, set by lib/form-errors.ts); FieldError shows either.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { messageKey } from '../../lib/i18n-types.ts';

export const inputClass =
  'w-full rounded-theme border border-gray-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-blue-700 aria-[invalid=true]:border-red-700';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A catalogue key (validation.*) or text. */
  error?: string;
  ref?: React.Ref<HTMLInputElement>;
}

export function TextField({ id, label, hint, error, className, ...input }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-1', className)}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A control's error under it: a catalogue key (validation.*, errors.*) translated, words as they are. */
export function FieldError({ id, error }: { id?: string; error: string | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {/^(validation|errors)\./.test(error) ? t(messageKey(error)) : error}
    </p>
  );
}
