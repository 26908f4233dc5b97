import { binary, startPortal } from './portal-server';

/** One service for the whole run; tests get its address through the environment (see fixtures.ts). */
export default async function globalSetup() {
  const server = await startPortal();
  process.env.E2E_BASE_URL = server.baseURL;
  // For commands run against the same service, e.g. `portal link` (helpers/preferences.ts).
  process.env.E2E_DATABASE_URL = server.databaseURL;
  process.env.PORTAL_BIN = binary;
  return server.stop;
}
