// One fake geocoder and one built server for the whole run; their addresses reach the
// tests through the environment (E2E_BASE_URL, E2E_GEOCODER_URL), with requests on a pole
// for the operators' pole journey (E2E_POLE_FIXTURE, see request-pole.ts).
import { startFakeGeocoder } from './fake-geocoder.ts';
import { seedRequestsOnPole } from './request-pole.ts';
import { startServer } from './server.ts';

export default async function globalSetup() {
  const geocoder = await startFakeGeocoder();
  const server = await startServer({ GEOCODER_URL: geocoder.url });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_GEOCODER_URL = geocoder.url;
  // The server's SQLite file, for journeys that seed what no API makes (a request filed hours ago).
  process.env.E2E_DATA_DIR = server.dataDir;
  const pole = await seedRequestsOnPole(server.url);
  process.env.E2E_POLE_FIXTURE = JSON.stringify(pole);
  return async () => {
    await server.stop();
    await geocoder.close();
  };
}
