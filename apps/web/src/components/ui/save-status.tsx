// Where focus goes after a Save (issue 35): the Save button is disabled while the request
// runs, so focus fell to <body> and a keyboard or screen-reader user was left nowhere. A
// Save's success is said in a role=status line at the top of the screen, which takes focus
// (tabIndex -1): read out, and Tab goes on from there. `announceSaved()` says it and shows the toast.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { toast } from './toast.tsx';

interface Saved {
  id: number;
  message: string;
}

let current: Saved | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => current;

/** A Save went through: the toast, and the status line that takes focus. */
export function announceSaved(message: string): void {
  current = { id: nextId++, message };
  for (const listener of listeners) listener();
  toast({ title: message, variant: 'success' });
}

/**
 * The status line; one per layout, above the screen. A Save that goes on to another screen
 * (a form back to its list) says it there, as the line still has the focus; moving on from
 * elsewhere (a link) empties it.
 */
export function SaveStatus() {
  const entry = useSyncExternalStore(subscribe, read, read);
  const element = useRef<HTMLParagraphElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once per Save
  useEffect(() => {
    if (entry) element.current?.focus();
  }, [entry?.id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of screen only
  useEffect(() => {
    if (current && document.activeElement !== element.current) {
      current = null;
      for (const listener of listeners) listener();
    }
  }, [pathname]);
  // Nothing until a Save: an empty status would be one more for a reader (and a test) to sort out.
  if (!entry) return null;
  return (
    <p
      ref={element}
      role="status"
      tabIndex={-1}
      data-testid="save-status"
      className="mb-4 rounded-theme border border-green-800 bg-green-50 px-3 py-2 font-medium text-green-950 focus-visible:outline-3 focus-visible:outline-blue-700"
    >
      {entry.message}
    </p>
  );
}
