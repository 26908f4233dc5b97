import { execFileSync } from 'node:child_process';
import { test as base, expect, type Page } from '@playwright/test';
import { binary, startPortal, type PortalServer } from '../portal-server';

export { expectAccessible } from '../fixtures';
export { expect };

/** The password of every scenario account that has one (services/api/internal/qamode/scenarios/default.json). */
export const QA_PASSWORD = 'Qa-Passwort-1!';

/** What a QA test chooses on the panel: a scenario, answers forced for the next call, the page to open. */
export interface QaChoice {
  scenario?: string;
  /** Presets (`setAccountInfo-400009`) or `method:code[:details]`. */
  force?: string[];
  target: string;
}

/**
 * The service in QA mode (the apps on the fake identity provider), one per worker: tests of one worker share it,
 * but every page load starts the fake afresh from the chosen scenario, so they never see each other's state.
 */
export const test = base.extend<{ openQa: (choice: QaChoice) => Promise<void>; linkFor: (email: string) => string }, { qaPortal: PortalServer }>({
  qaPortal: [
    async ({}, use) => {
      const server = await startPortal({ PORTAL_METADATA_IDENTITY_PROVIDER: 'fake' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ qaPortal }, use) => {
    await use(qaPortal.baseURL);
  },
  openQa: async ({ page }, use) => {
    await use(async ({ scenario = 'default', force = [], target }) => {
      const query = new URLSearchParams({ scenario, target });
      for (const answer of force) query.append('force', answer);
      await page.goto(`/dev/qa/open?${query}`);
    });
  },
  linkFor: async ({ qaPortal }, use) => {
    // The preference centre link of a scenario's subscriber, signed by the service as `portal link` does.
    await use((email) => {
      const printed = execFileSync(binary, ['link', '--email', email, '--database-url', qaPortal.databaseURL], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'], // it tells how long the link lasts on stderr
        env: { ...process.env, PORTAL_LOG_LEVEL: 'warn' },
      });
      return new URL(printed.trim().split('\n').at(-1)!.trim()).pathname;
    });
  },
});

/** Fills in and sends the login form (German texts). */
export async function logIn(page: Page, email: string, password = QA_PASSWORD) {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/** The login form's message area. */
export function loginError(page: Page) {
  return page.locator('form .form-error');
}
