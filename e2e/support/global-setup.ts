// One fake geocoder and one built server for the whole run; their addresses reach the
// tests through the environment (E2E_BASE_URL, E2E_GEOCODER_URL), with the requests on a
// pole that no public route can set up yet (E2E_POLE_FIXTURE, see request-pole.ts).
import { join } from 'node:path';
// tests through the environment (E2E_BASE_URL, E2E_GEOCODER_URL), and so does the server's
// data folder (E2E_DATA_DIR: support/poles.ts seeds poles there when no API can).
import { startFakeGeocoder } from './fake-geocoder.ts';
import { seedRequestsOnPole } from './request-pole.ts';
import { startServer } from './server.ts';

export default async function globalSetup() {
  const geocoder = await startFakeGeocoder();
  const server = await startServer({ GEOCODER_URL: geocoder.url });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_GEOCODER_URL = geocoder.url;
  const pole = await seedRequestsOnPole(server.url, `sqlite:${join(server.dataDir, 'acende.db')}`);
  process.env.E2E_POLE_FIXTURE = JSON.stringify(pole);
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    await geocoder.close();
  };
}
