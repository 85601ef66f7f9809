import { describe, expect, it } from 'vitest';
import { perOwner, readByKeyPerInstant, sharedRead } from './batching.ts';

/** A read that waits until released, counting its calls and what they asked for. */
function gatedReads<K>() {
  const calls: K[][] = [];
  const releases: (() => void)[] = [];
  let value = 0;
  const readMany = async (keys: K[]) => {
    calls.push(keys);
    const answer = ++value;
    await new Promise<void>((resolve) => releases.push(resolve));
    return new Map(keys.map((key) => [key, `${key}@${answer}`]));
  };
  return { calls, releases, readMany };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
/** A few turns of the event loop: a finished read's next one has started by then. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await tick();
};

describe('reads shared by the callers of one instant', () => {
  it('answers the keys asked for in one instant with one read, each its own row, and unknown keys with nothing', async () => {
    const reads = gatedReads<number>();
    const read = readByKeyPerInstant((keys: number[]) =>
      reads.readMany(keys).then((found) => {
        found.delete(99);
        return found;
      }),
    );
    const answers = Promise.all([read(1), read(2), read(1), read(99)]);
    await tick();
    expect(reads.calls).toEqual([[1, 2, 99]]);
    reads.releases[0]?.();
    expect(await answers).toEqual(['1@1', '2@1', '1@1', undefined]);
  });

  it('never answers a caller with a read that began before it asked: callers during a read share the next', async () => {
    const reads = gatedReads<number>();
    const read = readByKeyPerInstant(reads.readMany);
    const first = read(7);
    await tick();
    const late = [read(7), read(8)];
    await tick();
    expect(reads.calls).toEqual([[7]]);
    reads.releases[0]?.();
    expect(await first).toBe('7@1');
    await settle();
    expect(reads.calls).toEqual([[7], [7, 8]]);
    reads.releases[1]?.();
    expect(await Promise.all(late)).toEqual(['7@2', '8@2']);
  });

  it('shares a read without keys the same way', async () => {
    let count = 0;
    let release = () => {};
    const read = sharedRead(
      async () => {
        count += 1;
        const mine = count;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return mine;
      },
      { concurrency: 1 },
    );
    const a = [read(), read()];
    await tick();
    const b = read();
    await tick();
    expect(count).toBe(1);
    release();
    expect(await Promise.all(a)).toEqual([1, 1]);
    await settle();
    release();
    expect(await b).toBe(2);
  });

  it('keeps one shared read per database: the same for the same owner, another for another', () => {
    let made = 0;
    const readOf = perOwner((_owner: object) => {
      made += 1;
      return sharedRead(() => made);
    });
    const one = {};
    const two = {};
    expect(readOf(one)).toBe(readOf(one));
    expect(readOf(two)).not.toBe(readOf(one));
    expect(made).toBe(2);
  });
});
