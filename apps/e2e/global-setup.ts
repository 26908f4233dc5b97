import { startPortal } from './portal-server';

/** One service for the whole run; tests get its address through the environment (see fixtures.ts). */
export default async function globalSetup() {
  const server = await startPortal();
  process.env.E2E_BASE_URL = server.baseURL;
  return server.stop;
}
