// A dialog that shows something and closes (Radix Dialog: focus moves in and stays, Escape and
// the close button close it, focus returns to the opener, the page behind is inert).
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export interface DialogProps {
  /** What opens it, a button (Radix puts the focus back on it on close). */
  trigger: ReactNode;
  title: string;
  closeLabel: string;
  children: ReactNode;
}

export function Dialog({ trigger, title, closeLabel, children }: DialogProps) {
  return (
    <DialogPrimitive.Root>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[94vh] w-[min(96vw,64rem)] -translate-x-1/2 -translate-y-1/2 gap-3 overflow-auto rounded-theme bg-white p-4 shadow-lg focus-visible:outline-3 focus-visible:outline-blue-700"
        >
          <div className="flex items-center justify-between gap-3">
            <DialogPrimitive.Title className="font-heading text-lg font-bold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="secondary" size="sm">
                {closeLabel}
              </Button>
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
