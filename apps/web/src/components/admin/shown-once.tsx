// A secret shown once, right after it is made (an Open311 key, a webhook's signing secret): a
// notice that takes the focus, the secret in a read-only field that selects itself, and a
// button to put it away. The server keeps only a digest or will not say it again.
import { useEffect, useRef } from 'react';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';

export interface ShownOnceProps {
  /** The ids of the section's title and field. */
  id: string;
  title: string;
  body: string;
  label: string;
  value: string;
  dismissLabel: string;
  onDismiss: () => void;
}

export function ShownOnce({ id, title, body, label, value, dismissLabel, onDismiss }: ShownOnceProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-theme border border-green-700 bg-green-50 p-4"
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-heading text-xl font-semibold wrap-anywhere">
        {title}
      </h2>
      <p>{body}</p>
      <TextField
        id={id}
        label={label}
        value={value}
        readOnly
        className="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div>
        <Button variant="secondary" onClick={onDismiss}>
          {dismissLabel}
        </Button>
      </div>
    </section>
  );
}
