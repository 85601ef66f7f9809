// Long work done in one process's event loop (laying out an export's pages, writing its
// lines) hands the loop back every few milliseconds, so the public calls answered meanwhile
// wait one slice at most, not a whole export (decision 0044).

/** How long a piece of work keeps the event loop before it lets others run. */
export const TURN_SLICE_MS = 2;

/**
 * Long work waiting for its next slice, served one per turn of the event loop: six exports
 * resumed in one check phase would otherwise keep the loop six slices before the next poll,
 * and a call needing a few turns (a PostgreSQL read) would wait all of them each time.
 */
const waiting: Array<() => void> = [];
let pumping = false;

function pump(): void {
  const next = waiting.shift();
  if (waiting.length > 0) setImmediate(pump);
  else pumping = false;
  next?.();
}

const nextTurn = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!pumping) {
      pumping = true;
      setImmediate(pump);
    }
  });

/**
 * A check to call between small steps: undefined while the slice lasts (no promise, no
 * cost), else a promise that resolves in a later turn of the event loop, after the I/O
 * that waited (setImmediate runs after the poll phase).
 */
export function turnTaker(sliceMs: number = TURN_SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}

/** The batches of `source`, one turn of the event loop given up between each. */
export async function* batchesInTurns<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const batch of source) {
    yield batch;
    await nextTurn();
  }
}
