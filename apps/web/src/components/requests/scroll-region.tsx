// A wide table's horizontal scroll area: a named region reachable by keyboard, so people
// without a pointer can scroll it (WCAG 2.1.1), at 360 px as on a desktop. Positioned, so
// visually hidden labels inside (absolute) stay in it instead of widening the page.
import type { ReactNode } from 'react';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="relative overflow-x-auto" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
