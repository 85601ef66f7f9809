import { type ClassValue, clsx } from 'clsx';

/** Joins class names; callers avoid conflicting utilities rather than paying for tailwind-merge in the bundle. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
