import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { confirmedAccount, identityCall, logInThroughApi, uniqueEmail } from '../helpers/account';

/**
 * WCAG 1.4.10 (reflow): at 320 CSS pixels, the width of a phone at 400 % zoom, no page scrolls sideways, in the
 * languages with the longest words and with long data. A QA sweep found the header's language select, the
 * show-password button, a long e-mail address, a long street name and one-word headlines past the screen's edge.
 */
test.use({ viewport: { width: 320, height: 640 } });

async function expectNoSidewaysScroll(page: Page, what: string) {
  await page.locator('h1').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(0);
}

test('public pages, in the languages with the longest words', async ({ page }) => {
  test.setTimeout(90_000);
  for (const language of ['en', 'fr', 'nl', 'de']) {
    for (const path of ['/login', '/registration', '/registration/finalize', '/login/reset-password/start', '/preferences/error/notfound']) {
      await page.goto(`${path}?lang=${language}`);
      await expectNoSidewaysScroll(page, `${path} (${language})`);
    }
  }
});

test('account pages with a long e-mail address and a long street name', async ({ page, request, baseURL }, info) => {
  const email = uniqueEmail(info, 'maximiliane.schwarzenberg.hohenlohe');
  await confirmedAccount(request, baseURL!, email);
  await logInThroughApi(page, baseURL!, email);
  const address = {
    firstName: 'Maximiliane', lastName: 'Schwarzenberg-Hohenlohe', street: 'Donaudampfschifffahrtsgesellschaftsstraße', streetNo: '1234a',
    zip: '20095', city: 'Hamburg', country: 'DE', isStandardAddress: true,
  };
  expect((await identityCall(page.request, baseURL!, 'setAccountInfo', { data: { addressBook: [address] } })).errorCode).toBe(0);
  for (const path of ['/accessdata', '/addresses', '/personaldata', '/']) {
    await page.goto(`${path}?lang=fr`);
    await expectNoSidewaysScroll(page, path);
  }
});
