// A setting every filing reads (whether e-mail is on), kept in memory on PostgreSQL while a
// LISTEN connection hears every change to site_settings (decision 0071). A trigger on the
// table (migration 0062) notifies `acende_settings` with the key when a change commits, from
// whatever wrote it: this instance, another one, a script, psql. Until the connection listens,
// and whenever it drops, every read goes to the database, and what was kept is forgotten, so
// no change made while nobody listened is missed. A read that began before a change is not
// kept. A write on this instance forgets at once, before its notice arrives.
// Filing on PostgreSQL waited for this read as a stage of its own (a round trip between the
// limits' batch and the filing's), which split the filings of an instant into smaller batches:
// issue 40 measured 10–25 % more filings per second without it.
import pg from 'pg';
import { settingsWrittenHere } from '../core/settings.repository.ts';

const SETTINGS_CHANNEL = 'acende_settings';

export interface SettingsWatch {
  /** What `load` answers, kept under `key` while listening (any change forgets every key). */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** One more app uses the watch: it listens from now until the last one lets go. */
  retain(): () => Promise<void>;
  /** Whether changes are heard now (reads are kept only then). */
  listening(): boolean;
}

/** No watch (SQLite, FAST_PATH=off): every read loads. */
export const unwatchedSettings: SettingsWatch = {
  read: (_key, load) => load(),
  retain: () => async () => {},
  listening: () => false,
};

export function postgresSettingsWatch(pool: pg.Pool, options: { retryMs?: number } = {}): SettingsWatch {
  const retryMs = options.retryMs ?? 1000;
  const kept = new Map<string, unknown>();
  let generation = 0;
  let writesSeen = settingsWrittenHere();
  let client: pg.Client | undefined;
  let heard = false;
  let users = 0;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  const forget = () => {
    generation += 1;
    kept.clear();
  };

  const stopHearing = (dropped: pg.Client) => {
    if (client !== dropped) return;
    client = undefined;
    heard = false;
    forget();
    if (users > 0 && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        listen();
      }, retryMs);
      retry.unref();
    }
  };

  function listen(): void {
    if (connecting || client || users === 0) return;
    // The pool's own settings (address, credentials, time-outs), on a connection of its own.
    const listener = new pg.Client(pool.options as pg.ClientConfig);
    listener.on('notification', () => forget());
    listener.on('error', () => stopHearing(listener));
    listener.on('end', () => stopHearing(listener));
    client = listener;
    connecting = (async () => {
      try {
        await listener.connect();
        await listener.query(`listen ${SETTINGS_CHANNEL}`);
        if (client !== listener) return;
        if (users === 0) {
          client = undefined;
          await listener.end();
          return;
        }
        // Whatever changed before the connection listened is read anew.
        forget();
        heard = true;
      } catch {
        listener.end().catch(() => {});
        stopHearing(listener);
      } finally {
        connecting = undefined;
      }
    })();
  }

  return {
    async read(key, load) {
      const written = settingsWrittenHere();
      if (written !== writesSeen) {
        writesSeen = written;
        forget();
      }
      if (!heard) return load();
      if (kept.has(key)) return kept.get(key) as Awaited<ReturnType<typeof load>>;
      const at = generation;
      const value = await load();
      if (heard && at === generation && settingsWrittenHere() === writesSeen) kept.set(key, value);
      return value;
    },
    retain() {
      users += 1;
      listen();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users > 0) return;
        clearTimeout(retry);
        retry = undefined;
        await connecting;
        const listener = client;
        client = undefined;
        heard = false;
        forget();
        await listener?.end().catch(() => {});
      };
    },
    listening: () => heard,
  };
}
