import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptQueueLength, closeListenerCleanly, plugAndClose } from './close-listener.ts';

const HEADER = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';

describe('acceptQueueLength', () => {
  it('reads the accept queue of the listener on a port from /proc/net/tcp and tcp6, and nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'acende-proc-'));
    const tcp = join(dir, 'tcp');
    const tcp6 = join(dir, 'tcp6');
    writeFileSync(
      tcp,
      [
        HEADER,
        // Listeners first, as the kernel lists them; a listener on another port and an
        // established connection on the same port are not counted.
        '   0: 0100007F:0BB8 00000000:0000 0A 00000000:00000003 00:00000000 00000000     0        0 1 1',
        '   1: 0100007F:0BB9 00000000:0000 0A 00000000:00000007 00:00000000 00000000     0        0 3 1',
        '   2: 0100007F:0BB8 0100007F:D431 01 00000000:00000009 00:00000000 00000000     0        0 2 1',
        // Past the first connection the table is not read (a listener is never listed there).
        '   3: 0100007F:0BB8 00000000:0000 0A 00000000:00000005 00:00000000 00000000     0        0 5 1',
      ].join('\n'),
    );
    writeFileSync(
      tcp6,
      [
        HEADER,
        '   0: 00000000000000000000000000000000:0BB8 00000000000000000000000000000000:0000 0A 00000000:0000000A 00:00000000 00000000     0        0 4 1',
      ].join('\n'),
    );
    expect(acceptQueueLength(3000, [tcp, tcp6])).toBe(13);
    expect(acceptQueueLength(3002, [tcp, tcp6])).toBeUndefined();
    expect(acceptQueueLength(3000, [join(dir, 'missing')])).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')('finds a real listener, its queue empty when the loop is free', async () => {
    const server = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    expect(acceptQueueLength(port)).toBe(0);
    // Three connections made while this process's loop is held: the kernel queues them.
    execFileSync(process.execPath, [
      '-e',
      `const net = require('node:net'); for (let i = 0; i < 3; i++) net.connect(${port}, '127.0.0.1').on('error', () => {}); setTimeout(() => process.exit(0), 300);`,
    ]);
    expect(acceptQueueLength(port)).toBe(3);
    await closeListenerCleanly(server);
    expect(server.listening).toBe(false);
    expect(acceptQueueLength(port)).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')(
    'plugs the one place of a minimal queue with its own connection and closes: a client after it is refused, not reset',
    async () => {
      const server = net.createServer((socket) => socket.end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as net.AddressInfo;
      (server as unknown as { _handle: { listen(backlog: number): number } })._handle.listen(0);
      let closed = false;
      plugAndClose(server, '127.0.0.1', port, () => (closed = true));
      await new Promise((resolve) => process.nextTick(resolve));
      expect(closed).toBe(true);
      expect(server.listening).toBe(false);
      const outcome = await new Promise<string>((resolve) =>
        net
          .connect(port, '127.0.0.1')
          .on('connect', () => resolve('connected'))
          .on('error', (error: NodeJS.ErrnoException) => resolve(String(error.code))),
      );
      expect(outcome).toBe('ECONNREFUSED');
    },
  );

  it.runIf(process.platform === 'linux')("leaves the port open while a client holds the queue's place", async () => {
    const server = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    (server as unknown as { _handle: { listen(backlog: number): number } })._handle.listen(0);
    // A client queued while this process's loop is held takes the one place.
    execFileSync(process.execPath, [
      '-e',
      `require('node:net').connect(${port}, '127.0.0.1').on('error', () => {}); setTimeout(() => process.exit(0), 200);`,
    ]);
    expect(acceptQueueLength(port)).toBe(1);
    let closed = false;
    plugAndClose(server, '127.0.0.1', port, () => (closed = true));
    await new Promise((resolve) => process.nextTick(resolve));
    expect(closed).toBe(false);
    expect(server.listening).toBe(true);
    await closeListenerCleanly(server);
    expect(server.listening).toBe(false);
  });
});
