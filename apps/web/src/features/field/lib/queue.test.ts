// The queue's rules: what is sent, and what each answer does to an action.
import { describe, expect, it } from 'vitest';
import { result, stopOne, stopTwo } from '../test/field-fixtures.ts';
import {
  applyResults,
  discard,
  enqueue,
  nextBatch,
  orphanPhotos,
  pendingCount,
  type QueuedAction,
  resend,
  stopWithQueue,
} from './queue.ts';

const at = '2026-11-30T13:05:00.000Z';
const arrive = (key: string, stopId = stopOne.id): QueuedAction => ({
  key,
  stopId,
  at,
  seenUpdatedAt: stopOne.updatedAt,
  kind: 'arrive',
});
const fix = (key: string, photoKeys: string[] = []): QueuedAction => ({
  key,
  stopId: stopOne.id,
  at,
  seenUpdatedAt: stopOne.updatedAt,
  kind: 'fix',
  notes: 'Trocada a lâmpada',
  materials: [{ materialId: 1, quantity: 1 }],
  photoKeys,
});

describe('the phone’s queue', () => {
  it('sends pending actions oldest first, under the keys they were queued with', () => {
    const queue = enqueue(enqueue([], arrive('key-arrive-1')), fix('key-fix-0001'));
    expect(nextBatch(queue).map((action) => action.key)).toEqual(['key-arrive-1', 'key-fix-0001']);
    expect(pendingCount(queue)).toBe(2);
  });

  it('drops an action only when the server applied it or had applied it before', () => {
    const queue = [arrive('key-a-00001'), arrive('key-b-00001'), arrive('key-c-00001')].reduce(enqueue, []);
    const { queue: left, dropped } = applyResults(queue, [
      result('key-a-00001', 'applied', stopOne),
      result('key-b-00001', 'replayed', stopOne),
    ]);
    expect(dropped.map((action) => action.key)).toEqual(['key-a-00001', 'key-b-00001']);
    // Not answered (the answer was cut, or it was queued while the sync ran): still pending, same key.
    expect(left).toEqual([expect.objectContaining({ state: 'pending', action: arrive('key-c-00001') })]);
  });

  it('keeps nothing of a sync whose answer never came: the same keys go again', () => {
    const queue = enqueue([], fix('key-fix-0001', ['photo-key-1']));
    const { queue: left, dropped } = applyResults(queue, []);
    expect(dropped).toEqual([]);
    expect(nextBatch(left)).toEqual(nextBatch(queue));
  });

  it('keeps a conflict with the request as the office left it, out of the next sync', () => {
    const office = { ...stopOne, status: 'in_progress', updatedAt: '2026-11-30T12:00:00.000Z', notes: 'Aguardar' };
    const { queue } = applyResults(enqueue([], fix('key-fix-0001')), [result('key-fix-0001', 'conflict', office)]);
    expect(queue[0]).toMatchObject({ state: 'conflict', current: office });
    expect(nextBatch(queue)).toEqual([]);
    expect(pendingCount(queue)).toBe(0);
  });

  it('sends a conflict again under a new key and the office’s updatedAt, keeping the time it was done', () => {
    const office = { ...stopOne, updatedAt: '2026-11-30T12:00:00.000Z' };
    const { queue } = applyResults(enqueue([], fix('key-fix-0001')), [result('key-fix-0001', 'conflict', office)]);
    const again = resend(queue, 'key-fix-0001', 'key-fix-0002');
    expect(nextBatch(again)).toEqual([{ ...fix('key-fix-0002'), seenUpdatedAt: office.updatedAt }]);
    expect(again[0]?.action.at).toBe(at);
  });

  it('does not send again an action that is not a conflict', () => {
    const queue = enqueue([], arrive('key-a-00001'));
    expect(resend(queue, 'key-a-00001', 'key-new-0001')).toEqual(queue);
  });

  it('keeps a refusal with its reason until the crew discards it', () => {
    const { queue } = applyResults(enqueue([], arrive('key-a-00001')), [
      result('key-a-00001', 'refused', null, 'A hora da ação é anterior ao dia da ordem'),
    ]);
    expect(queue[0]).toMatchObject({ state: 'refused', message: 'A hora da ação é anterior ao dia da ordem' });
    const { queue: left, dropped } = discard(queue, 'key-a-00001');
    expect(left).toEqual([]);
    expect(dropped).toEqual([arrive('key-a-00001')]);
  });

  it('lets a dropped action’s photos go unless another queued action still names them', () => {
    const queue = enqueue([], fix('key-fix-0002', ['photo-shared']));
    expect(orphanPhotos([fix('key-fix-0001', ['photo-shared', 'photo-own'])], queue)).toEqual(['photo-own']);
  });

  it('shows a stop done at once with its queued actions, and flags what waits or needs a decision', () => {
    const queue = enqueue(enqueue([], arrive('key-a-00001')), fix('key-fix-0001'));
    expect(stopWithQueue(stopOne, queue)).toMatchObject({
      arrivedAt: at,
      outcome: 'fixed',
      finishedAt: at,
      waiting: 2,
    });
    expect(stopWithQueue(stopTwo, queue)).toMatchObject({ outcome: null, arrivedAt: null, waiting: 0, attention: 0 });
    const { queue: conflicted } = applyResults(queue, [result('key-fix-0001', 'conflict', stopOne)]);
    expect(stopWithQueue(stopOne, conflicted)).toMatchObject({ outcome: null, waiting: 1, attention: 1 });
  });
});
