// The toasts on screen, as spec section 9 sets them: one at a time (a new toast replaces
// the one shown). toast() is all a page needs; the Radix viewport that draws them
// (toaster.tsx) is loaded after the first paint, and shows what was queued before it came.
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /**
   * A link under the words (the work order just made). The toasts are drawn outside the router,
   * so `navigate` (the page's useNavigate) follows it without reloading the page.
   */
  link?: { label: string; href: string; navigate?: (href: string) => void };
}
export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a toast; the limit of one means a new toast replaces the one on screen. */
export function toast(input: ToastInput): void {
  items = [{ ...input, id: nextId++, open: true }];
  emit();
}

export function dismiss(id: number) {
  items = items.filter((item) => item.id !== id);
  emit();
}

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toasts to draw now. */
export const currentToasts = (): readonly ToastItem[] => items;
