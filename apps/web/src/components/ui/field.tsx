// Labelled form controls with their hint and error wired for assistive technology
// (aria-invalid, aria-describedby): TextField, TextAreaField, SelectField, CheckboxField.
// Errors arrive as catalogue keys (the client's zod messages) or words (the server's, set
// by lib/form-errors.ts); FieldError shows either. form-binding.ts binds them to a form.

import type { TFunction } from 'i18next';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { messageKey } from '../../lib/i18n-types.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const controlBase =
  'w-full rounded-theme border border-gray-500 bg-white focus-visible:outline-3 focus-visible:outline-blue-700 aria-[invalid=true]:border-red-700';
export const inputClass = `${controlBase} px-3 py-2 text-base`;
const controlClass = (compact: boolean | undefined) => (compact ? `${controlBase} px-2 py-1.5` : inputClass);

/** What every field takes besides its control's own attributes. */
interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A catalogue key (validation.*, errors.*) or text. */
  error?: string;
  /** Marks the label with an asterisk (and "required" for screen readers). */
  required?: boolean;
  /** Says "(optional)" in the label, as GOV.UK asks of a field one may leave empty. */
  optional?: boolean;
  /** A smaller label and control, for a row of filters. */
  compact?: boolean;
  className?: string;
}

/** The attributes that suit a kind of text input: the browser's autofill, keyboard and spelling. */
const KINDS = {
  text: {},
  /** A sign-in name: the browser may fill it in. */
  username: { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false },
  /** A name typed as it is (a host, someone else's username): no autofill, no capitals, no spelling. */
  verbatim: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
  'current-password': { type: 'password', autoComplete: 'current-password' },
  'new-password': { type: 'password', autoComplete: 'new-password' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  number: { type: 'number', inputMode: 'numeric' },
  /** An authenticator app's code: digits, and the browser may offer one it received. */
  'one-time-code': { autoComplete: 'one-time-code', inputMode: 'numeric', autoCapitalize: 'none', spellCheck: false },
} as const satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

export type TextFieldKind = keyof typeof KINDS;

export interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  kind?: TextFieldKind;
  ref?: React.Ref<HTMLInputElement>;
}

export function TextField({ kind = 'text', ...props }: TextFieldProps) {
  const { frame, control } = splitField(props);
  return (
    <FieldFrame {...frame}>
      <input {...KINDS[kind]} {...control} />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  ref?: React.Ref<HTMLTextAreaElement>;
}

export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control } = splitField(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} />
    </FieldFrame>
  );
}

export interface Choice {
  value: string | number;
  label: string;
}

export interface SelectFieldProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  /** The options, after `empty` and before `children`. */
  choices?: readonly Choice[];
  /** A first option with the empty value ("any status", "choose..."). */
  empty?: string;
  ref?: React.Ref<HTMLSelectElement>;
}

/** A native select: the phone's own picker, and every option reachable by keyboard. */
export function SelectField({ choices, empty, children, ...props }: SelectFieldProps) {
  const { frame, control } = splitField(props);
  return (
    <FieldFrame {...frame}>
      <select {...control}>
        {empty === undefined ? null : <option value="">{empty}</option>}
        {choices?.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
        {children}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  ref?: React.Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it (a 44 px target) and its hint and error under the label. */
export function CheckboxField({ id, label, hint, error, className, compact: _, ...input }: CheckboxFieldProps) {
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input type="checkbox" className="mt-3 h-5 w-5 accent-blue-700" {...input} {...described(id, hint, error)} />
      <div className="grid gap-1">
        <label htmlFor={id} className="flex min-h-11 items-center font-medium">
          {label}
        </label>
        <FieldNotes id={id} hint={hint} error={error} />
      </div>
    </div>
  );
}

/** A field's own props apart from its control's, and the control's with its class and descriptions. */
function splitField<P extends FieldProps>({
  id,
  label,
  hint,
  error,
  required,
  optional,
  compact,
  className,
  ...rest
}: P) {
  return {
    frame: { id, label, hint, error, required, optional, compact, className },
    control: { className: controlClass(compact), required, ...rest, ...described(id, hint, error) },
  };
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  required,
  optional,
  compact,
  className,
  children,
}: FieldProps & { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={cn('grid gap-1', className)}>
      <label htmlFor={id} className={compact ? 'text-sm font-medium' : 'font-medium'}>
        {label}
        {required ? <RequiredMark /> : optional ? ` (${t('public.contact.optional')})` : null}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The asterisk after a required field's label, read as "(required)". */
export function RequiredMark() {
  const { t } = useTranslation();
  return (
    <>
      {' '}
      <span className="text-red-700" aria-hidden="true">
        *
      </span>
      <span className="sr-only"> ({t('public.contact.required')})</span>
    </>
  );
}

function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </>
  );
}

/** The control's id, its invalid state, and the hint and error that describe it. */
function described(id: string, hint: ReactNode, error: string | undefined) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/** An error in words: a catalogue key (validation.*, errors.*) translated, words as they are. */
export function errorWords(t: TFunction, error: string): string {
  return /^[\w-]+\.(validation|errors)\./.test(error) ? t(messageKey(error)) : error;
}

/** A control's error under it, in words (errorWords). */
export function FieldError({ id, error }: { id?: string; error: string | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {errorWords(t, error)}
    </p>
  );
}
