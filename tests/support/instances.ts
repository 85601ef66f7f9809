// Several built servers on one PostgreSQL database, as a deployment runs them behind a load
// balancer (decision 0002 §22): each its own process, port and data folder, the same APP_SECRET.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import {
  assertCleanLog,
  createDatabase,
  type ServerProcess,
  type StartOptions,
  startServer,
  type TestDatabase,
} from './server.ts';

export interface Instances {
  database: TestDatabase;
  servers: ServerProcess[];
  /** Starts one more instance on the same database. */
  add(options?: StartOptions): Promise<ServerProcess>;
  /** Stops every instance, checks their logs and drops the database. */
  close(): Promise<void>;
}

export async function startInstances(count: number, options: StartOptions = {}): Promise<Instances> {
  const database = await createDatabase('postgres');
  // Sessions, tracking tokens and sealed settings must read the same on every instance.
  const secret = randomBytes(32).toString('base64url');
  const servers: ServerProcess[] = [];
  const add = async (more: StartOptions = {}) => {
    const server = await startServer(database, {
      ...options,
      ...more,
      label: more.label ?? options.label ?? 'instance',
      env: { APP_SECRET: secret, ...options.env, ...more.env },
    });
    servers.push(server);
    return server;
  };
  try {
    // One after the other: the first runs the migrations and creates the first admin.
    for (let i = 0; i < count; i++) await add();
  } catch (error) {
    for (const server of servers) await server.stop();
    await database.drop();
    throw error;
  }
  return {
    database,
    servers,
    add,
    // Killed, not stopped, as startFresh's close() does (tests/support/server.ts).
    async close() {
      await Promise.all(servers.map((server) => server.kill9()));
      await database.drop();
      for (const server of servers) {
        rmSync(server.dataDir, { recursive: true, force: true });
        assertCleanLog(server.output(), options.label ?? 'instance');
      }
    },
  };
}
