import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { expectAccessible } from '../fixtures';
import { preferenceLink, uniqueEmail } from '../helpers/preferences';
import { startPortal, type PortalServer } from '../portal-server';

/**
 * Content a content manager changes in `content.dir`, against the embedded provider's account schema (QA round of
 * 2026-11-29): a new yes/no tile was shown and every save of it failed with "Unknown preference"; a newsletter the
 * schema has no subscription for was shown and every subscribe failed. The tile's field now comes from the content;
 * the newsletter stops start-up, naming the file and the key.
 */

/** The shipped German document with a change, in a fresh content folder; answers the folder. */
function contentDir(change: (doc: { preferenceCentre: { tabs: { items: Record<string, unknown>[] }[]; newsletters: Record<string, unknown> } }) => void): string {
  const shipped = path.resolve(import.meta.dirname, '../../../services/api/internal/content/files/portal/de_DE.json');
  const doc = JSON.parse(readFileSync(shipped, 'utf8'));
  change(doc);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-content-'));
  mkdirSync(path.join(dir, 'portal'));
  writeFileSync(path.join(dir, 'portal', 'de_DE.json'), JSON.stringify(doc));
  return dir;
}

const frozenTile = {
  type: 'booleanTile',
  id: 'frozen',
  preference: 'data.preference.FROZEN',
  title: 'Tiefkühlkost',
  description: 'Eis, Gemüse und Fertiggerichte aus der Truhe',
  icon: '/images/tile-organic.svg',
};

const test = base.extend<object, { portal: PortalServer; content: string }>({
  content: [
    async ({}, use) => {
      const dir = contentDir((doc) => doc.preferenceCentre.tabs[1]!.items.unshift(frozenTile));
      await use(dir);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  portal: [
    async ({ content }, use) => {
      const server = await startPortal({ PORTAL_CONTENT_DIR: content });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.baseURL),
});

async function openCentre(page: Page, portal: PortalServer, email: string) {
  await page.goto('about:blank');
  await page.goto(preferenceLink(email, { databaseURL: portal.databaseURL }));
  await expect(page.getByRole('heading', { level: 1, name: 'Hallo!' })).toBeVisible();
}

test.describe('content and the account schema', () => {
  test('a yes/no tile added in content.dir is saved and shown again, without a rebuild', async ({ page, portal }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('frozen');
    await openCentre(page, portal, email);
    // The interests tab opens to subscribers: subscribe first.
    await page.getByRole('switch', { name: 'Allgemeiner Newsletter' }).check();
    await page.getByRole('dialog', { name: 'Ihre Einwilligung' }).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('checkbox', { name: /personalisierte Newsletter/ }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Erfolgreich! Ihr Profil wurde aktualisiert.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Meine Interessen' })).toHaveAttribute('aria-selected', 'true');

    const frozen = page.getByRole('checkbox', { name: 'Tiefkühlkost' });
    await frozen.check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Erfolgreich! Ihr Profil wurde aktualisiert.')).toBeVisible();
    await expect(page.getByText('Unknown preference')).toHaveCount(0);
    await expectAccessible(page);

    await openCentre(page, portal, email);
    await page.getByRole('tab', { name: 'Meine Interessen' }).click();
    await expect(page.getByRole('checkbox', { name: 'Tiefkühlkost' })).toBeChecked();
  });

  test('a newsletter the account schema has no subscription for stops start-up, naming the file and the key', async () => {
    const dir = contentDir((doc) => {
      doc.preferenceCentre.tabs[0]!.items[0]!.keys = [...(doc.preferenceCentre.tabs[0]!.items[0]!.keys as string[]), 'NLT_FROZEN'];
      doc.preferenceCentre.newsletters.NLT_FROZEN = { name: 'Tiefkühl-News', icon: '/images/tile-organic.svg', descriptions: { short: 'Neues aus der Truhe' } };
    });
    try {
      await expect(startPortal({ PORTAL_CONTENT_DIR: dir })).rejects.toThrow(
        /portal\/de_DE\.json: preferenceCentre\.tabs\[0\]\.items\[0\]\.keys\[5\] offers newsletter NLT_FROZEN/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
