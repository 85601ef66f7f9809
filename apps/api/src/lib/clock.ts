// Time as the app sees it. Tests pass a clock they can move (token expiry, backoff).
import { readFileSync } from 'node:fs';
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function manualClock(start = new Date('2026-01-15T12:00:00.000Z')): Clock & { advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

export const iso = (clock: Clock) => clock.now().toISOString();

/**
 * The system clock moved by the milliseconds written in `file` (re-read at most every 100 ms,
 * on the monotonic clock): the built server's clock, jumped by the fault tests (issue 39).
 * Only with NODE_ENV=test (TEST_CLOCK_OFFSET_FILE; config.ts refuses it otherwise).
 */
export function offsetClock(file: string): Clock {
  let offset = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  return {
    now() {
      const t = performance.now();
      if (t - readAt > 100) {
        readAt = t;
        try {
          offset = Number(readFileSync(file, 'utf8').trim()) || 0;
        } catch {
          offset = 0;
        }
      }
      return new Date(Date.now() + offset);
    },
  };
}
