// Exports running at once (decision 0044): a route with `config: { export: true }` takes a
// slot of the signed-in account (EXPORTS_PER_ACCOUNT) and one of every account's
// (EXPORTS_TOTAL) before its handler runs, held until its response closes (finished, failed
// or the download cancelled). Slots are leases in the shared store, renewed while the export
// streams, so a crashed instance's slots end by themselves. Past either cap: 429,
// Retry-After and the message in the reader's language.
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { limitStoreFailure } from '../lib/limit-store.ts';
import type { SlotStore } from '../lib/slot-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers an export (a file built from many rows): it counts against the export caps. */
    export?: boolean;
  }
}

/** How long a slot is held without renewal: an instance that died frees its slots after this. */
export const EXPORT_LEASE_MS = 30_000;
/** When a refused caller should try again: exports of a busy hour take seconds to a minute. */
export const EXPORT_RETRY_AFTER_S = 10;

export interface ExportCaps {
  perAccount: number;
  total: number;
}

interface Held {
  name: string;
  lease: string;
}

async function take(store: SlotStore, name: string, max: number): Promise<Held | null> {
  let lease: string | null;
  try {
    lease = await store.acquire(name, max, EXPORT_LEASE_MS);
  } catch (error) {
    throw limitStoreFailure(error);
  }
  return lease ? { name, lease } : null;
}

function busy(code: 'common.errors.exportsBusyAccount' | 'common.errors.exportsBusy', max: number): AppError {
  return new AppError(code, 429, { seconds: EXPORT_RETRY_AFTER_S, max });
}

export function registerExportLimit(app: FastifyInstance, store: SlotStore, caps: ExportCaps): void {
  const hook: preHandlerAsyncHookHandler = async (request, reply) => {
    const account = request.admin ? `account:${request.admin.id}` : `ip:${request.ip}`;
    reply.header('retry-after', EXPORT_RETRY_AFTER_S);
    const own = await take(store, `export:${account}`, caps.perAccount);
    if (!own) throw busy('common.errors.exportsBusyAccount', caps.perAccount);
    const all = await take(store, 'export:all', caps.total).catch(async (error: unknown) => {
      await store.release(own.name, own.lease).catch(() => {});
      throw error;
    });
    if (!all) {
      await store.release(own.name, own.lease).catch(() => {});
      throw busy('common.errors.exportsBusy', caps.total);
    }
    reply.removeHeader('retry-after');
    const held = [own, all];
    const renewal = setInterval(() => {
      for (const h of held) store.renew(h.name, h.lease, EXPORT_LEASE_MS).catch(() => {});
    }, EXPORT_LEASE_MS / 3);
    renewal.unref();
    // 'close' comes once the response ended or its connection went away, whichever is first.
    reply.raw.once('close', () => {
      clearInterval(renewal);
      for (const h of held) store.release(h.name, h.lease).catch(() => {});
    });
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.export) return;
    const own = route.preHandler;
    route.preHandler = [...(Array.isArray(own) ? own : own ? [own] : []), hook];
  });
}
