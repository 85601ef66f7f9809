// The queue on the phone with its store and the sync's two calls: photos first, a lost answer
// sent again under the same keys, conflicts and refusals kept, actions tapped meanwhile kept.
import type { CrewActionInput, CrewSyncResult } from '@acende/shared/schemas/crew';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { result, stopOne } from '../test/field-fixtures.ts';
import { createFieldQueue, type SyncApi } from './field-queue.ts';
import { createMemoryStore } from './field-store.ts';
import type { QueuedAction } from './queue.ts';

const base = { stopId: stopOne.id, at: '2026-11-30T13:05:00.000Z', seenUpdatedAt: stopOne.updatedAt };
const arrive = (key: string): QueuedAction => ({ ...base, key, kind: 'arrive' });
const fix = (key: string, photoKeys: string[]): QueuedAction => ({ ...base, key, kind: 'fix', photoKeys });

/** The server: applies each key once, answers `replayed` for a key it has seen. */
function fakeServer() {
  const seen = new Set<string>();
  const calls: string[] = [];
  const api = {
    putPhoto: vi.fn<SyncApi['putPhoto']>(async (key: string) => {
      calls.push(`PUT ${key}`);
    }),
    postSync: vi.fn<SyncApi['postSync']>(async (actions: CrewActionInput[]): Promise<CrewSyncResult> => {
      calls.push(`POST ${actions.map((action) => action.key).join(',')}`);
      return {
        results: actions.map((action) => {
          const again = seen.has(action.key);
          seen.add(action.key);
          return result(action.key, again ? 'replayed' : 'applied', stopOne);
        }),
      };
    }),
  };
  return { api, calls };
}

const setup = (api: SyncApi) => {
  const store = createMemoryStore();
  let n = 0;
  const queue = createFieldQueue({ store, api, newKey: () => `new-key-${++n}` });
  return { store, queue };
};

describe('the queue on the phone', () => {
  it('keeps actions in the store, uploads photos before the actions, and empties once applied', async () => {
    const { api, calls } = fakeServer();
    const { store, queue } = setup(api);
    await queue.add(arrive('key-arrive-1'));
    await queue.add(fix('key-fix-0001', ['photo-key-1']), [{ key: 'photo-key-1', blob: new Blob(['jpeg']) }]);
    expect(await store.readQueue()).toHaveLength(2);
    await queue.sync();
    expect(calls).toEqual(['PUT photo-key-1', 'POST key-arrive-1,key-fix-0001']);
    expect(queue.getSnapshot().queue).toEqual([]);
    expect(await store.readQueue()).toEqual([]);
    expect(await store.readPhoto('photo-key-1')).toBeUndefined();
  });

  it('sends the same keys again when an answer was lost, and the server’s replay empties the queue', async () => {
    const { api } = fakeServer();
    const answered = api.postSync.getMockImplementation()!;
    // The server applies the action, but the answer never reaches the phone.
    api.postSync.mockImplementationOnce(async (actions: CrewActionInput[]) => {
      await answered(actions);
      throw new TypeError('Failed to fetch');
    });
    const { store, queue } = setup(api);
    await queue.add(fix('key-fix-0001', ['photo-key-1']), [{ key: 'photo-key-1', blob: new Blob(['jpeg']) }]);
    await queue.sync();
    expect(queue.getSnapshot()).toMatchObject({ problem: 'failed', syncing: false });
    expect(await store.readQueue()).toHaveLength(1);
    await queue.sync();
    const sent = api.postSync.mock.calls.map(([actions]) => (actions as CrewActionInput[]).map((a) => a.key));
    expect(sent).toEqual([['key-fix-0001'], ['key-fix-0001']]);
    // The photo went once: its upload was answered the first time.
    expect(api.putPhoto).toHaveBeenCalledTimes(1);
    expect(await api.postSync.mock.results[1]?.value).toEqual({
      results: [expect.objectContaining({ key: 'key-fix-0001', result: 'replayed' })],
    });
    expect(queue.getSnapshot()).toMatchObject({ queue: [], problem: null });
  });

  it('keeps an action tapped while a sync is on its way, and sends it next', async () => {
    const { api } = fakeServer();
    const { queue } = setup(api);
    await queue.add(arrive('key-arrive-1'));
    let release: () => void = () => {};
    const answered = api.postSync.getMockImplementation()!;
    api.postSync.mockImplementationOnce(async (actions: CrewActionInput[]) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return answered(actions);
    });
    const running = queue.sync();
    await vi.waitFor(() => expect(api.postSync).toHaveBeenCalledTimes(1));
    await queue.add(fix('key-fix-0001', []));
    // A second sync asked meanwhile is the same one.
    const again = queue.sync();
    release();
    await Promise.all([running, again]);
    expect(api.postSync).toHaveBeenCalledTimes(2);
    expect(api.postSync.mock.calls[1]?.[0]).toEqual([fix('key-fix-0001', [])]);
    expect(queue.getSnapshot().queue).toEqual([]);
  });

  it('keeps a conflict, sends it again only when asked, under a new key and the office’s updatedAt', async () => {
    const { api } = fakeServer();
    const office = { ...stopOne, status: 'in_progress', updatedAt: '2026-11-30T12:00:00.000Z' };
    api.postSync.mockResolvedValueOnce({ results: [result('key-arrive-1', 'conflict', office)] });
    const { queue } = setup(api);
    await queue.add(arrive('key-arrive-1'));
    await queue.sync();
    expect(queue.getSnapshot().queue).toEqual([expect.objectContaining({ state: 'conflict', current: office })]);
    await queue.sync();
    expect(api.postSync).toHaveBeenCalledTimes(1);
    await queue.resend('key-arrive-1');
    await queue.sync();
    expect(api.postSync.mock.calls[1]?.[0]).toEqual([
      { ...arrive('new-key-1'), seenUpdatedAt: '2026-11-30T12:00:00.000Z' },
    ]);
    expect(queue.getSnapshot().queue).toEqual([]);
  });

  it('refuses the action whose photo the server refuses, and still sends the others', async () => {
    const { api } = fakeServer();
    api.putPhoto.mockRejectedValueOnce(new ApiError(415, '{"message":"Tipo de imagem"}', 'Tipo de imagem', undefined));
    const { queue } = setup(api);
    await queue.add(fix('key-fix-0001', ['photo-bad-1']), [{ key: 'photo-bad-1', blob: new Blob(['x']) }]);
    await queue.add(arrive('key-arrive-1'));
    await queue.sync();
    expect(api.postSync.mock.calls[0]?.[0]).toEqual([arrive('key-arrive-1')]);
    expect(queue.getSnapshot().queue).toEqual([
      expect.objectContaining({
        state: 'refused',
        message: 'Tipo de imagem',
        action: fix('key-fix-0001', ['photo-bad-1']),
      }),
    ]);
  });

  it('says so when the session ended, keeping everything', async () => {
    const { api } = fakeServer();
    api.postSync.mockRejectedValueOnce(new ApiError(401, '{}', undefined, undefined));
    const { queue } = setup(api);
    await queue.add(arrive('key-arrive-1'));
    await queue.sync();
    expect(queue.getSnapshot()).toMatchObject({
      problem: 'signIn',
      queue: [expect.objectContaining({ state: 'pending' })],
    });
  });
  it('keeps what another tab of /campo queued: each change and each sync start from the store', async () => {
    const { api } = fakeServer();
    const store = createMemoryStore();
    const [tabA, tabB] = ['a', 'b'].map((tab) => createFieldQueue({ store, api, newKey: () => `key-${tab}` }));
    await tabA?.load();
    await tabB?.load();
    await tabA?.add(arrive('key-arrive-a'));
    await tabB?.add(fix('key-fix-000b', []));
    expect((await store.readQueue()).map((item) => item.action.key)).toEqual(['key-arrive-a', 'key-fix-000b']);
    await tabB?.sync();
    expect(api.postSync.mock.calls[0]?.[0]).toEqual([arrive('key-arrive-a'), fix('key-fix-000b', [])]);
    expect(await store.readQueue()).toEqual([]);
  });

  it('writes nothing over a queue it could not read from the phone', async () => {
    const { api } = fakeServer();
    const store = createMemoryStore();
    await store.saveQueue([{ action: arrive('key-arrive-1'), state: 'pending', current: null, message: null }]);
    const readQueue = store.readQueue;
    store.readQueue = vi.fn().mockRejectedValueOnce(new Error('IndexedDB closed')).mockImplementation(readQueue);
    const queue = createFieldQueue({ store, api, newKey: () => 'key-new' });
    await expect(queue.load()).rejects.toThrow('IndexedDB closed');
    await queue.add(fix('key-fix-0001', []));
    expect((await store.readQueue()).map((item) => item.action.key)).toEqual(['key-arrive-1', 'key-fix-0001']);
  });
});
