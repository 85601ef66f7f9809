// Binds the fields of ui/field.tsx to a react-hook-form form: `field('name')` gives a
// control its id (the form's prefix and the name), its error (the client's zod message or
// the server's, put there by lib/form-errors.ts) and its registration, so a field reads
// `<TextField label={…} {...field('email')} />` and a misspelt name fails the type check.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';

export type BoundField = ReturnType<UseFormReturn['register']> & { id: string; error: string | undefined };

/** Call during render: reading the form's errors is what re-renders the form when they change. */
export function fieldBinder<T extends FieldValues, O = T>(form: UseFormReturn<T, unknown, O>, idPrefix: string) {
  const { errors } = form.formState;
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>): BoundField => ({
    id: `${idPrefix}-${kebab(name)}`,
    error: (get(errors, name) as { message?: string } | undefined)?.message,
    ...form.register(name, options),
  });
}

/** `auth.user` → `auth-user`, `fullName` → `full-name`. */
const kebab = (name: string) => name.replace(/\./g, '-').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * A resolver that checks what the form would send, `toPayload(values)` (text turned into the
 * payload's numbers, fields the form does not show added), with the payload's shared schema:
 * its errors land on the fields of the same names, and the submit handler gets the form's values.
 */
export function payloadResolver<T extends FieldValues>(
  schema: Parameters<typeof zodResolver>[0],
  toPayload: (values: T) => unknown,
  /** The field that shows a payload path's error, when the names differ (the first error per field wins). */
  fieldOf: (path: string) => FieldPath<T> = (path) => path as FieldPath<T>,
): Resolver<T> {
  const check = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await check(toPayload(values) as FieldValues, context, options as never);
    if (Object.keys(result.errors).length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, error] of Object.entries(result.errors)) errors[fieldOf(path)] ??= error;
    return { values: {}, errors: errors as never };
  };
}
