// The app's line icons (18 px, the text's colour), hidden from screen readers: the
// control or text beside each one says what it means.
import type { ReactNode } from 'react';

function LineIcon({ strokeWidth = 2, children }: { strokeWidth?: number; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      {children}
    </svg>
  );
}

export const CheckIcon = () => (
  <LineIcon strokeWidth={3}>
    <path d="M5 12l5 5L20 7" />
  </LineIcon>
);

export const CopyIcon = () => (
  <LineIcon>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </LineIcon>
);

export const TargetIcon = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="7" />
    <circle cx="12" cy="12" r="2" fill="currentColor" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
  </LineIcon>
);

export const PinIcon = () => (
  <LineIcon>
    <path d="M12 22s7-7.2 7-12.5A7 7 0 0 0 5 9.5C5 14.8 12 22 12 22z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </LineIcon>
);
