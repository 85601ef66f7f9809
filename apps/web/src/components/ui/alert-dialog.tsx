// Not on react-hook-form (issue 34): a UI primitive; FormDialog hosts a form that the screen builds (transfer-request.tsx).
// A confirmation that must be answered before going on (Radix AlertDialog: focus moves into
// it and stays there, Escape and Cancel close it, the page behind is inert), in place of the
// browser's window.confirm, which cannot be styled, translated in its buttons or read well.
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { type ReactNode, useRef } from 'react';
import { Button } from './button.tsx';

/**
 * These dialogs open from the page (`open`), not from a Radix trigger, so Radix has nothing
 * to give focus back to and it fell to <body> on Escape or Cancel (issue 35): what had focus
 * when the dialog opened (the button that asked) gets it back, when it is still on the page,
 * unless `focusAfter` names another element. Give the result to Content's onCloseAutoFocus.
 */
function useReturnFocus(open: boolean, focusAfter?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  if (open && opener.current === null && document.activeElement instanceof HTMLElement) {
    opener.current = document.activeElement;
  }
  return (event: Event) => {
    const target = focusAfter?.() ?? opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}

export interface ConfirmDialogProps {
  /** Open while set; closing (Cancel, Escape) calls onCancel. */
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button's look: danger for what cannot be undone. */
  variant?: 'primary' | 'danger';
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * What takes the focus once it closes, in place of what opened it: read after the answer
   * (a radio the answer checked or kept).
   */
  returnFocus?: () => HTMLElement | null;
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  variant = 'danger',
  onConfirm,
  onCancel,
  returnFocus: focusAfter,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open, focusAfter);
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialogPrimitive.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 grid w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-theme bg-white p-6 shadow-lg focus-visible:outline-3 focus-visible:outline-blue-700"
        >
          {/* A title may name an address (a webhook's URL): it wraps anywhere rather than overflow. */}
          <AlertDialogPrimitive.Title className="font-heading text-lg font-bold wrap-anywhere">
            {title}
          </AlertDialogPrimitive.Title>
          {description ? (
            <AlertDialogPrimitive.Description className="text-gray-700">{description}</AlertDialogPrimitive.Description>
          ) : (
            <AlertDialogPrimitive.Description className="sr-only">{title}</AlertDialogPrimitive.Description>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action asChild>
              <Button variant={variant} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

export interface FormDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  pending?: boolean;
  /** The form's fields. */
  children: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * A confirmation that asks for a few fields first (a transfer's company and reason): the
 * same modal behaviour as ConfirmDialog, but it stays open until the caller closes it, so a
 * refused submission shows its errors in place.
 */
export function FormDialog({
  open,
  title,
  description,
  submitLabel,
  cancelLabel,
  pending,
  children,
  onSubmit,
  onCancel,
}: FormDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialogPrimitive.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-theme bg-white p-6 shadow-lg focus-visible:outline-3 focus-visible:outline-blue-700"
        >
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            <AlertDialogPrimitive.Title className="font-heading text-lg font-bold">{title}</AlertDialogPrimitive.Title>
            {description ? (
              <AlertDialogPrimitive.Description className="text-gray-700">
                {description}
              </AlertDialogPrimitive.Description>
            ) : (
              <AlertDialogPrimitive.Description className="sr-only">{title}</AlertDialogPrimitive.Description>
            )}
            {children}
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialogPrimitive.Cancel asChild>
                <Button variant="secondary">{cancelLabel}</Button>
              </AlertDialogPrimitive.Cancel>
              <Button type="submit" disabled={pending}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
