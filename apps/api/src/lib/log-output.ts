// How the log looks (decision 0019): JSON lines for a collector, or one readable line per
// event (pino-pretty) for a person at a terminal. Redaction happens before either: pino
// redacts and serialises the event, then the pretty stream only lays it out.
import type { Config } from '../config.ts';
import { loadOnUse } from './load-on-use.ts';

/** Loaded only when the log is read by a person (decision 0055): JSON needs none of it. */
const pinoPretty = loadOnUse<typeof import('pino-pretty')>('pino-pretty');

/** LOG_FORMAT=auto: readable in a terminal outside production, JSON everywhere else. */
export function wantsPrettyLogs(config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV'>, isTTY: boolean): boolean {
  if (config.LOG_FORMAT !== 'auto') return config.LOG_FORMAT === 'pretty';
  return isTTY && config.NODE_ENV !== 'production';
}

interface LogLine {
  msg?: unknown;
  reqId?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * pino-pretty as a stream on the main thread, not a transport: a transport's worker cannot
 * take the message format function, and the bundle (build.mjs) ships no worker file. Writes
 * synchronously, so the last lines before an exit are not lost.
 */
export function prettyLogStream(destination: NodeJS.WritableStream | number = 1, colorize = false) {
  return pinoPretty()({
    destination,
    sync: true,
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // Shown in the message instead (below); pid and host say nothing to a person at the terminal.
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log) => formatMessage(log as LogLine),
  });
}

/** A request's two lines read `→ GET /path` and `← 200 in 3.1 ms`, each with its request id. */
export function formatMessage(log: LogLine): string {
  const msg = typeof log.msg === 'string' ? log.msg : '';
  const id = typeof log.reqId === 'string' ? ` [${log.reqId.slice(0, 8)}]` : '';
  if (msg === 'incoming request' && log.req) return `→ ${log.req.method} ${log.req.url}${id}`;
  if (msg === 'request completed' && log.res) {
    const ms = typeof log.responseTime === 'number' ? ` in ${log.responseTime.toFixed(1)} ms` : '';
    return `← ${log.res.statusCode}${ms}${id}`;
  }
  return `${msg}${id}`;
}
