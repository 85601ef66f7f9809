// The Redis the limit tests count in, when one answers on 127.0.0.1:6379 (TEST_REDIS_URL
// overrides it); REQUIRE_REDIS=1 turns its absence into a failure, as REQUIRE_POSTGRES does
// for PostgreSQL. Each test gives its keys a prefix of its own.
import { createConnection } from 'node:net';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const url = new URL(TEST_REDIS_URL);
  return new Promise<boolean>((resolve) => {
    const socket = createConnection(Number(url.port || 6379), url.hostname);
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export const REDIS_AVAILABLE = await redisAnswers();
if (!REDIS_AVAILABLE && process.env.REQUIRE_REDIS === '1') {
  throw new Error(`REQUIRE_REDIS=1 but Redis does not answer at ${TEST_REDIS_URL}`);
}
