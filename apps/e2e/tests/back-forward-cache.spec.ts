import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { confirmedAccount, logInThroughApi, uniqueEmail } from '../helpers/account';

// The full browser: the headless shell the suite prefers keeps no page in the back/forward cache (Chromium reports
// BackForwardCacheDisabledForDelegate), and Playwright turns the cache off unless told not to.
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let browser: Browser;

test.beforeAll(async ({ playwright, launchOptions }) => {
  browser = await playwright.chromium.launch({ ...launchOptions, executablePath: FULL_CHROMIUM, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
});

test.afterAll(async () => {
  await browser?.close();
});

/** A logged-in shopper on /personaldata, in a browser that keeps pages in its back/forward cache. */
async function personalDataPage(baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const page = await context.newPage();
  const email = uniqueEmail(test.info(), 'bfcache');
  await confirmedAccount(page.request, baseURL, email);
  await logInThroughApi(page, baseURL, email);
  await page.goto('/personaldata');
  await expect(page.getByRole('textbox', { name: /Nachname/ })).toHaveValue('Muster');
  // Marks the document: a page the cache brings back still has it, one loaded afresh has not.
  await page.evaluate(() => Object.assign(window, { leftHere: true }));
  return page;
}

/** Back, as the browser's button: a page from the cache fires no load event, so only the commit is waited for. */
async function back(page: Page) {
  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => page.evaluate(() => 'leftHere' in window), { message: 'the page came back from the back/forward cache' }).toBe(true);
}

/**
 * Back after a logout: the logout tells the browser's other documents (BroadcastChannel, RequireLogin), the cached
 * page among them, and Chromium drops a cached page a message reaches, so Back loads it afresh; a browser that kept
 * it would show it from the cache and ask the service first (the page came back in a session that goes on, below).
 */
async function backAfterLogout(page: Page) {
  await page.goBack({ waitUntil: 'commit' });
}

test.describe('account pages and the back/forward cache (spec 000 §6)', () => {
  test('a logout typed in the tab: Back shows the login, never the personal data of the ended session (QA)', async ({ baseURL }) => {
    const page = await personalDataPage(baseURL!);
    await page.goto('/logout');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();

    await backAfterLogout(page);
    await expect(page.getByRole('textbox', { name: /Nachname/ })).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.getByText('Muster')).toHaveCount(0);
    await page.context().close();
  });

  test('a logout in another tab: Back shows the login too', async ({ baseURL }) => {
    const page = await personalDataPage(baseURL!);
    await page.goto('/robots.txt');
    const other = await page.context().newPage();
    await other.goto('/logout');
    await expect(other.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();

    await backAfterLogout(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('textbox', { name: /Nachname/ })).toBeHidden();
    await page.context().close();
  });

  test('a session that goes on: Back brings the page as it was left, what was typed included', async ({ baseURL }) => {
    const page = await personalDataPage(baseURL!);
    await page.getByRole('textbox', { name: /Nachname/ }).fill('Mustermann');
    await page.goto('/robots.txt');

    await back(page);
    await expect(page.getByRole('textbox', { name: /Nachname/ })).toHaveValue('Mustermann');
    await expect(page).toHaveURL(/\/personaldata$/);
    await page.context().close();
  });
});
