import { devices } from '@playwright/test';
import { expect, expectAccessible, QA_PASSWORD, test } from './qa-fixtures';

// Issue 11 on the fake identity provider in QA mode: what the real service answers only in a race (200009: the
// identity was linked meanwhile, the link token is stale) is forced through the QA panel. The qa project runs at
// the desktop width; the phone width is walked here too.
for (const [width, use] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: devices['Pixel 7'].viewport, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(`linking accounts (${width})`, () => {
    test.use(use);

    test('200009 during linking drops the stored link token and logs in plainly', async ({ page, openQa }) => {
      await openQa({ force: ['login-200009'], target: '/login' });
      // The Google identity of the default scenario has the e-mail of conflict@qa.example: 403043.
      await page.getByRole('button', { name: 'Weiter mit Google' }).click();
      await expect(page).toHaveURL(/\/social\/link-accounts$/);
      await expect(page.getByRole('textbox', { name: /E-Mail-Adresse/ })).toHaveValue('conflict@qa.example');
      expect(await page.evaluate(() => window.sessionStorage.getItem('accountLinkingRegToken'))).toMatch(/\S/);
      await expectAccessible(page);

      // The link login is answered 200009 (forced): no session; the page logs in plainly with what was typed.
      await page.getByLabel(/^Passwort/).fill(QA_PASSWORD);
      await page.getByRole('button', { name: 'Verknüpfen und anmelden' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Konrad Konflikt!' })).toBeVisible();
      expect(await page.evaluate(() => window.sessionStorage.getItem('accountLinkingRegToken'))).toBeNull();
      await expectAccessible(page);

      // The forced answer stood in for the link, so nothing was linked: after logging out in the page (the fake
      // keeps its state until the next page load) the same Google login meets the account again.
      await page.getByRole('main').getByRole('link', { name: 'Abmelden' }).last().click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByRole('button', { name: 'Weiter mit Google' }).click();
      await expect(page).toHaveURL(/\/social\/link-accounts$/);
    });
  });
}
