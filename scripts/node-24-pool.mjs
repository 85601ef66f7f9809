// Vitest's forks pool on another Node binary: a project given `pool: forksOn(node)` runs its
// files in child processes of that Node, while Vitest itself (and every other project) stays
// on the Node that runs it. npm test runs the API and hardening suites on Node 24 this way, in
// the same run as Node 20's, so that one pool packs both lines' files (decision 0057).
import { fork } from 'node:child_process';
import { ForksPoolWorker } from 'vitest/node';
import { node24Paths } from './node-24.mjs';

/** A pool like 'forks' whose workers are started by `execPath`. */
export function forksOn(execPath) {
  const name = 'forks-node24';
  return {
    name,
    createPoolWorker(options) {
      const worker = new ForksPoolWorker(options);
      worker.name = name;
      const start = worker.start.bind(worker);
      // ForksPoolWorker.start forks only when no child is there yet (`this._fork ||= fork(...)`).
      worker.start = async () => {
        worker._fork ??= fork(worker.entrypoint, [], {
          env: worker.env,
          execArgv: worker.execArgv,
          execPath,
          stdio: 'pipe',
          serialization: 'advanced',
        });
        return start();
      };
      return worker;
    },
  };
}

/** Set by npm test once Node 24 is installed (scripts/node-24.mjs): the configs add Node 24's projects. */
export const WITH_NODE_24 = process.env.ACENDE_WITH_NODE_24 === '1';

/** The same project on Node 24: its name marked, its files in Node 24 workers with the hook's environment. */
export function onNode24(project) {
  const { node, env } = node24Paths();
  const test = project.test ?? {};
  return {
    ...project,
    test: {
      ...test,
      name: `${test.name} (Node 24)`,
      pool: forksOn(node),
      // ACENDE_NODE_LINE: the line a test may check it runs on (apps/api/test/node-line.test.ts).
      env: { ...test.env, ...env, ACENDE_NODE_LINE: '24' },
    },
  };
}
