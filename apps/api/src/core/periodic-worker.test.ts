import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicWorker } from './periodic-worker.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodicWorker', () => {
  it('runs a round after the first delay, then one interval after each round ends, one at a time', async () => {
    let finish: () => void = () => {};
    const round = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const worker = startPeriodicWorker({ intervalMs: 1000, firstDelayMs: 10, round });
    await vi.advanceTimersByTimeAsync(9);
    expect(round).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(1);
    // A wake while a round runs starts no second one.
    worker.wake();
    await vi.advanceTimersByTimeAsync(5000);
    expect(round).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(999);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(2);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    // Between rounds, a wake runs the next at once instead of after the interval.
    worker.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(round).toHaveBeenCalledTimes(3);
    finish();
    await worker.stop();
  });

  it('reports a failed round and goes on; stop() ends the timer, tells the round and waits for it', async () => {
    const onError = vi.fn();
    const seen: boolean[] = [];
    let calls = 0;
    const worker = startPeriodicWorker({
      intervalMs: 100,
      onError,
      round: async (shouldStop) => {
        calls += 1;
        if (calls === 1) throw new Error('down');
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen.push(shouldStop());
      },
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(onError).toHaveBeenCalledWith(new Error('down'));
    await vi.advanceTimersByTimeAsync(110);
    expect(calls).toBe(2);
    const stopped = worker.stop();
    await vi.advanceTimersByTimeAsync(50);
    await stopped;
    expect(seen).toEqual([true]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(2);
  });

  it('stops waiting for a round that does not end after stopWaitMs', async () => {
    const worker = startPeriodicWorker({ intervalMs: 1, round: () => new Promise<void>(() => {}), stopWaitMs: 200 });
    await vi.advanceTimersByTimeAsync(1);
    let done = false;
    const stopped = worker.stop().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(199);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopped;
    expect(done).toBe(true);
  });
});
