// Closing the listening socket without resetting anyone (issue 33 item 5). A connection the
// kernel has completed but the process has not yet accepted sits in the listener's accept
// queue, and closing the listener resets it: under a flood, a few clients got ECONNRESET at
// that instant. So the queue is first cut to its minimum (listen(fd, 0): it holds one). Then,
// in one synchronous step (nothing is accepted meanwhile), the queue is read empty, a
// connection of our own (the plug) takes its one place, and the port closes once the plug is
// seen connected: a handshake after it found the queue full and was dropped, and its client,
// trying again a second later, finds the port closed (a refusal). Only the plug is reset. The
// step is tried right after each accepted connection, when the queue has just been emptied,
// and once per turn of the loop; if a client took the place first, the loop accepts it (it
// gets its 503) and the next try follows. Linux only (/proc); elsewhere, or if no try succeeds
// within EMPTY_WAIT_MS, the port closes anyway.
import { closeSync, openSync, readSync } from 'node:fs';
import net from 'node:net';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** How long the tries may take before the port closes anyway: with both cores busy a loop turn
 * can take tens of milliseconds, and 250 ms of tries let 1–4 resets through. */
const EMPTY_WAIT_MS = 2000;

interface ListenHandle {
  listen?: (backlog: number) => number;
}

/** The LISTEN lines at the start of a /proc/net/tcp* table (the kernel lists listeners first). */
function listenLines(table: string): string[] | undefined {
  let fd: number;
  try {
    fd = openSync(table, 'r');
  } catch {
    return undefined;
  }
  // Read in chunks and stop at the first line past the listeners: the table also lists every
  // connection (thousands in TIME_WAIT after a flood), slow to read whole.
  const chunk = Buffer.alloc(16 * 1024);
  const lines: string[] = [];
  let rest = '';
  try {
    for (let first = true; ; first = false) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      const parts = (rest + chunk.toString('latin1', 0, n)).split('\n');
      rest = n > 0 ? (parts.pop() ?? '') : '';
      for (const line of first ? parts.slice(1) : parts) {
        if (!line.trim()) continue;
        if (line.trim().split(/\s+/)[3] !== '0A') return lines;
        lines.push(line);
      }
      if (n === 0) return lines;
    }
  } finally {
    closeSync(fd);
  }
}

/** The connections waiting in the accept queue of the listener on `port`, or undefined (not Linux, no /proc). */
export function acceptQueueLength(port: number, tables = ['/proc/net/tcp', '/proc/net/tcp6']): number | undefined {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let found: number | undefined;
  for (const table of tables) {
    for (const line of listenLines(table) ?? []) {
      const fields = line.trim().split(/\s+/);
      // sl, local_address, rem_address, st (0A = LISTEN), tx_queue:rx_queue (rx = the accept queue)
      if (!fields[1]?.endsWith(local)) continue;
      const queued = Number.parseInt(fields[4]?.split(':')[1] ?? '', 16);
      if (Number.isFinite(queued)) found = (found ?? 0) + queued;
    }
  }
  return found;
}

/** Where a connection of our own reaches the listener at `address`. */
function plugHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '::1';
  return address;
}

/** Whether a socket's handshake is done: getpeername(2) answers only once it is. */
function connected(socket: net.Socket): boolean {
  const handle = (socket as unknown as { _handle?: { getpeername?: (out: object) => number } })._handle;
  return handle?.getpeername?.({}) === 0;
}

/**
 * Read empty, plugged and closed in one synchronous step (see above): `onClosed` is called once
 * the listener is closed with only the plug in its queue; nothing happens when a client took
 * the place first.
 */
export function plugAndClose(server: net.Server, host: string, port: number, onClosed: () => void): void {
  if (!server.listening || acceptQueueLength(port) !== 0) return;
  const plug = net.connect({ host, port });
  plug.on('error', () => undefined);
  // net.connect calls connect(2) on the next tick; on loopback the handshake completes in it.
  process.nextTick(() => {
    if (server.listening && connected(plug) && acceptQueueLength(port) === 1) {
      net.Server.prototype.close.call(server);
      onClosed();
    }
    plug.destroy();
  });
}

/** Stops listening with no client in the accept queue (see above); resolves once the port is closed. */
export async function closeListenerCleanly(server: net.Server): Promise<void> {
  const address = server.address();
  const where = typeof address === 'object' && address ? address : undefined;
  const handle = (server as unknown as { _handle?: ListenHandle })._handle;
  const readable = where !== undefined && acceptQueueLength(where.port) !== undefined;
  if (readable && typeof handle?.listen === 'function') {
    // Node has no public call for it: the handle's own listen() calls listen(2) again, which on
    // an open listener only changes its backlog.
    handle.listen(0);
    let closed = false;
    const attempt = () => plugAndClose(server, plugHost(where.address), where.port, () => (closed = true));
    server.on('connection', attempt);
    const until = performance.now() + EMPTY_WAIT_MS;
    try {
      while (!closed && performance.now() < until) {
        attempt();
        await nextTurn();
      }
    } finally {
      server.off('connection', attempt);
    }
    if (closed) return;
  } else await sleep(EMPTY_WAIT_MS / 5);
  // net's close, not http's: that one would also end the idle connections, which the caller
  // ends itself a moment later (a request on its way in one still gets its 503).
  if (server.listening) net.Server.prototype.close.call(server);
}
