// Time as the app sees it. Tests pass a clock they can move (token expiry, backoff).
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
