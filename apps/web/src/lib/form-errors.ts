// Puts the field errors of a refused call (the API's `{ message, errors: { path: message } }`,
// read by apiRequest into ApiError.fieldErrors) on a react-hook-form form, so a server
// refusal shows under its field as a client one does.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** Which server paths land on which form field: a list keeps those names, a map also renames. */
export type ServerFields = readonly string[] | Readonly<Record<string, string>>;

/**
 * Sets each field error of `error` (an ApiError; anything else sets none) on its field,
 * only those `fields` names when given. Returns the form fields that received an error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: ServerFields,
): FieldPath<T>[] {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
  const applied: FieldPath<T>[] = [];
  for (const [path, message] of Object.entries(fieldErrors ?? {})) {
    const field = formField(path, fields) as FieldPath<T> | undefined;
    if (field === undefined) continue;
    setError(field, { message });
    applied.push(field);
  }
  return applied;
}

function formField(path: string, fields: ServerFields | undefined): string | undefined {
  if (fields === undefined) return path;
  if (isList(fields)) return fields.includes(path) ? path : undefined;
  return Object.hasOwn(fields, path) ? fields[path] : undefined;
}

const isList = (fields: ServerFields): fields is readonly string[] => Array.isArray(fields);
