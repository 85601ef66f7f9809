// Binds the fields of ui/field.tsx to a react-hook-form form: `field('name')` gives a
// control its id (the form's prefix and the name), its error (the client's zod message or
// the server's, put there by lib/form-errors.ts) and its registration, so a field reads
// `<TextField label={…} {...field('email')} />` and a misspelt name fails the type check.
import { type FieldPath, type FieldValues, get, type RegisterOptions, type UseFormReturn } from 'react-hook-form';

export type BoundField = ReturnType<UseFormReturn['register']> & { id: string; error: string | undefined };

/** Call during render: reading the form's errors is what re-renders the form when they change. */
export function fieldBinder<T extends FieldValues>(form: UseFormReturn<T>, idPrefix: string) {
  const { errors } = form.formState;
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>): BoundField => ({
    id: `${idPrefix}-${kebab(name)}`,
    error: (get(errors, name) as { message?: string } | undefined)?.message,
    ...form.register(name, options),
  });
}

/** `auth.user` → `auth-user`, `fullName` → `full-name`. */
const kebab = (name: string) => name.replace(/\./g, '-').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
