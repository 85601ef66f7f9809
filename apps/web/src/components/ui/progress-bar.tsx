// A determinate progress bar: the native <progress> (role progressbar, its value and
// maximum read by screen readers) with the words of its state beside it.
import { cn } from '../../lib/cn.ts';

export interface ProgressBarProps {
  /** The bar's accessible name ("Import progress"). */
  label: string;
  value: number;
  max: number;
  /** What is happening, in words ("Writing poles… 3,000 of 100,000"); shown and read as the value's text. */
  text: string;
  className?: string;
}

export function ProgressBar({ label, value, max, text, className }: ProgressBarProps) {
  return (
    <div className={cn('grid gap-1', className)}>
      <progress
        aria-label={label}
        aria-valuetext={text}
        value={value}
        max={max}
        className="h-3 w-full overflow-hidden rounded-theme [&::-moz-progress-bar]:bg-blue-700 [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-blue-700"
      />
      <p className="text-sm text-gray-800">{text}</p>
    </div>
  );
}
