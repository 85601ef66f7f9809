// What a screen shows when its data did not load: the reason, announced, and a button to try again.
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export function LoadError({
  message,
  retryLabel,
  onRetry,
  children,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  /** Shown above the message (a screen's heading when nothing else of it is shown). */
  children?: ReactNode;
}) {
  return (
    <div role="alert" className="grid justify-items-start gap-2">
      {children}
      <p className="text-red-700">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
