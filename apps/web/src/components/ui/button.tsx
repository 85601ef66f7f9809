import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { Link, type LinkProps } from './link.tsx';

const VARIANTS = {
  primary: 'bg-primary-strong text-white hover:opacity-90',
  secondary: 'border border-gray-400 bg-white text-fg hover:bg-gray-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-fg hover:bg-gray-100',
  link: 'text-blue-800 underline underline-offset-2 hover:text-blue-950 px-0 min-h-0',
} as const;

interface ButtonLook {
  variant?: keyof typeof VARIANTS;
  size?: 'sm' | 'md';
}

/** A button's classes, for a button or for a link that looks like one. */
function buttonClass({ variant = 'primary', size = 'md' }: ButtonLook, className: string | undefined) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-theme font-medium no-underline transition-colors',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
    'disabled:cursor-not-allowed disabled:opacity-50',
    size === 'md' ? 'min-h-11 px-4 py-2 text-base' : 'min-h-9 px-3 py-1 text-sm',
    VARIANTS[variant],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  ref?: React.Ref<HTMLButtonElement>;
}

export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonClass({ variant, size }, className)} {...props} />;
}

export interface LinkButtonProps extends LinkProps, ButtonLook {}

/** A link (it goes somewhere) drawn as a button. */
export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'disabled'> {
  /** While the form is being sent: the button is off and says `pendingLabel`. */
  pending: boolean;
  pendingLabel: string;
}

/** A form's send button: off, with words that say so, while the form is on its way. */
export function SubmitButton({ pending, pendingLabel, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
