// Toasts as spec section 9 sets them: one at a time, 5 s, a viewport at most 420 px
// wide, swipe right past 50 px to dismiss, F8 to focus (Radix Toast's hotkey). Its own
// chunk (Radix included), loaded after the first paint: pages call toast() from toast.tsx.

import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '@acende/shared/constants';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { currentToasts, dismiss, subscribe, type ToastItem } from './toast.tsx';

export function Toaster() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(subscribe, currentToasts, currentToasts);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('public.toast.close')}
    >
      {current.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-theme border p-4 pr-10 shadow-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full',
            item.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : item.variant === 'success'
                ? 'border-green-800 bg-green-50 text-green-950'
                : 'border-gray-300 bg-white text-gray-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm">{item.description}</ToastPrimitive.Description>
            ) : null}
            {item.link ? <ToastLink id={item.id} link={item.link} /> : null}
          </div>
          <ToastPrimitive.Close
            aria-label={t('public.toast.close')}
            className="absolute top-2 right-2 rounded p-1 leading-none opacity-80 hover:opacity-100 focus-visible:outline-2"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={[TOAST_HOTKEY]}
        // F8 (the hotkey) focuses the viewport: its ring shows where focus went, toasts or none.
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-[420px] flex-col gap-2 p-4 outline-none focus:outline-3 focus:outline-solid focus:-outline-offset-3 focus:outline-blue-700"
      />
    </ToastPrimitive.Provider>
  );
}

/** A toast's link: a plain click goes through the page's router (when given) and closes the toast. */
function ToastLink({ id, link }: { id: number; link: NonNullable<ToastItem['link']> }) {
  const { navigate } = link;
  return (
    <a
      href={link.href}
      className="text-sm font-medium underline underline-offset-2 focus-visible:outline-2"
      onClick={(event) => {
        const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
        if (!navigate || !plain) return;
        event.preventDefault();
        navigate(link.href);
        dismiss(id);
      }}
    >
      {link.label}
    </a>
  );
}
