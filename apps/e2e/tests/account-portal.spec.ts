import { expect, expectAccessible, test } from '../fixtures';

test.describe('account portal', () => {
  test('the error page for an expired confirmation link offers registration', async ({ page }) => {
    await page.goto('/error/doi-403002');
    await expect(page.getByRole('heading', { level: 1, name: 'Der Bestätigungslink ist abgelaufen.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Jetzt registrieren' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Abgelaufener Link' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown error code shows the fallback texts and a login button', async ({ page }) => {
    await page.goto('/error/123456');
    await expect(page.getByRole('heading', { level: 1, name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toBeVisible();
    await expect(page.getByText('Fehlercode: 123456')).toBeVisible();
    await page.getByRole('link', { name: 'Zum Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("text in the address is no error code: the page does not show it (QA: anyone's text in the retailer's frame)", async ({ page }) => {
    await page.goto(`/error/${encodeURIComponent('Ihr Konto wurde gesperrt. Rufen Sie sofort 0800-123456 an')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Login' })).toBeVisible();
    await expect(page.getByText(/0800|Fehlercode/)).toHaveCount(0);
    await page.goto(`/double-opt-in-done?errorCode=${encodeURIComponent('Konto gesperrt, rufen Sie 0800 an')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toBeVisible();
    await expect(page.getByText(/0800|Fehlercode/)).toHaveCount(0);
  });

  test('doi-expired shows the expired-link picture', async ({ page }) => {
    await page.goto('/error/doi-expired');
    await expect(page.getByRole('img', { name: 'Abgelaufener Link' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown page shows page-not-found with home and back', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
    // The home page needs a login (spec 000 §2), so a logged-out visitor lands on the login.
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a page change by keyboard names the new page in the tab and puts the focus on its heading (WCAG 2.4.2, 2.4.3)', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Anmelden – Kundenkonto');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' });
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle('Passwort vergessen? – Kundenkonto');
    await page.goto('/login?lang=en');
    await expect(page).toHaveTitle('Log in – Customer account');
  });

  test('a public page sending the visitor into the account area keeps a main landmark while its code loads', async ({ page }) => {
    // The account area's code held back, as on a slow link: meanwhile the loader shows inside the page's main
    // landmark (Lighthouse scanned the confirmation page during its timer's move home and found none).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/account-area-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Wird geladen …');
    await expectAccessible(page);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  });

  test('the account area whose code does not load shows the error page inside the site frame', async ({ page }) => {
    await page.route(/\/assets\/account-area-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toBeVisible();
    // The generic error has no description: none shows, not its message key.
    await expect(main).not.toContainText('global.errors');
    await expect(main.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
    await expectAccessible(page);
  });

  test.describe('the site without a connection (QA phone)', () => {
    const UNEXPECTED = 'Es ist ein unerwarteter Fehler aufgetreten.';
    const NO_CONNECTION = 'Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.';
    // A request without an answer while the browser says it is online (a route aborted here): the service is down,
    // not the shopper's connection. Before the texts are in, the German text is the missing connection's for both.
    const UNAVAILABLE = 'Unser Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.';
    const METADATA = '**/rest/v1/metadata';
    const CONTENT = '**/cms/**';

    test('metadata that gets no answer, the browser online: the error page says the service is unavailable, and a try loads the page', async ({ page }) => {
      // The page, its code and its texts arrive; metadata (the HTML's preload and the app's own request) gets no answer.
      await page.route(METADATA, (route) => route.abort('internetdisconnected'));
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: UNEXPECTED })).toBeFocused();
      await expect(page.getByRole('alert')).toHaveText(`Die Metadaten konnten nicht geladen werden. ${UNAVAILABLE}`);
      await expectAccessible(page);

      await page.unroute(METADATA);
      await page.getByRole('button', { name: 'Erneut versuchen' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    });

    test('content that gets no answer, the browser online: the error page says the service is unavailable, and the page loads by itself once the browser is back online', async ({ page, context }) => {
      await page.route(CONTENT, (route) => route.abort('internetdisconnected'));
      await page.goto('/login');
      await expect(page.getByRole('alert')).toHaveText(`Die CMS-Daten konnten nicht geladen werden. ${UNAVAILABLE}`);
      await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();

      await page.unroute(CONTENT);
      await context.setOffline(true);
      await context.setOffline(false);
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    });

    test('texts that get no answer: the page names the missing connection, not message keys, and a try loads the texts', async ({ page }) => {
      // The first page's texts (a lazy chunk per language, texts-de) get no answer; i18next showed the login with
      // its message keys and never asked for them again.
      const TEXTS = /\/assets\/texts-de-[^/]+\.js$/;
      await page.route(TEXTS, (route) => route.abort('internetdisconnected'));
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: UNEXPECTED })).toBeFocused();
      await expect(page.getByRole('alert')).toHaveText(NO_CONNECTION);
      await expect(page.getByRole('main')).not.toContainText(/\b(ap|global)\.[a-z]/);
      await expectAccessible(page);

      await page.unroute(TEXTS);
      await page.getByRole('button', { name: 'Erneut versuchen' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText(/\b(ap|global)\.[a-z]/);
    });
  });

  test('the double opt-in result: success for 0, the error page for other codes', async ({ page }) => {
    await page.goto('/double-opt-in-done?errorCode=0');
    await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung!' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/double-opt-in-done?errorCode=403002');
    await expect(page).toHaveURL(/\/error\/doi-403002$/);
  });

  test('session expired offers the login', async ({ page }) => {
    await page.goto('/session-expired');
    await expect(page.getByText(/Ihre Sitzung ist abgelaufen/)).toBeVisible();
    await expectAccessible(page);
  });

  test('the language switch changes the texts and is remembered', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    const toggle = page.getByRole('button', { name: 'Sprache Deutsch (Deutschland)' });
    // Looking through the languages with the keyboard changes nothing (WCAG 3.2.2); choosing one does.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'British English' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Language British English', expanded: false })).toBeFocused();
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'i18next')?.value).toBe('en-GB');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en-GB');
  });

  test('the browser language decides on a first visit', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'fr-FR', baseURL });
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await context.close();
  });

  test('both apps show the loader from their HTML, before their code has run', async ({ page }) => {
    // No code arrives: what shows is the HTML and its styles alone, as on a slow link before the code is in.
    await page.route('**/*.js', (route) => route.abort());
    for (const path of ['/login', '/unsubscribe-success']) {
      await page.goto(path);
      const loader = page.getByRole('main').getByRole('status');
      await expect(loader).toHaveText('Wird geladen …');
      await expect(loader.locator('.loader__spinner')).toBeVisible();
      await expectAccessible(page);
    }
  });

  test('without JavaScript neither app shows a loader that would never end', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    for (const path of ['/login', '/unsubscribe-success']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeAttached();
      await expect(page.locator('.loader')).toBeHidden();
      // What a browser without JavaScript shows instead. Playwright's switch only stops scripts from running; the
      // page is still parsed as for a browser with them, so the message itself stays unrendered here.
      expect(await page.content()).toContain('<noscript>Bitte aktivieren Sie JavaScript');
    }
    await context.close();
  });

  test('pages come with security headers and an uncached index', async ({ request }) => {
    const response = await request.get('/login');
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
    expect(headers['cache-control']).toContain('no-cache');
  });
  test('the focus ring shows on the dark header as elsewhere, and in forced colours the current language is marked', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const ring = (locator: ReturnType<typeof page.locator>) => locator.evaluate((element) => getComputedStyle(element).outlineColor);
    // The skip link comes first, over the header in its blue, then the logo in the header: the red ring had 2.24:1 on
    // its blue (WCAG 1.4.11), and a blue one vanished there.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toBeFocused();
    expect(await ring(skip)).toBe('rgb(255, 255, 255)');
    await page.keyboard.press('Tab');
    const brand = page.locator('.page__brand');
    await expect(brand).toBeFocused();
    expect(await ring(brand)).toBe('rgb(255, 255, 255)');
    // The language list opens inside the header but is white: its buttons take the blue ring, not the header's
    // white one, which was invisible there (QA, WCAG 2.4.7).
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: 'Sprache Deutsch (Deutschland)' });
    await expect(toggle).toBeFocused();
    expect(await ring(toggle)).toBe('rgb(255, 255, 255)');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const language = page.getByRole('button', { name: 'Deutsch (Deutschland)', exact: true });
    await expect(language).toBeFocused();
    expect(await ring(language)).toBe('rgb(0, 32, 91)');
    expect(await language.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    // On the page the ring is blue too, never the red of a field in error: after a save a red frame over the
    // success text read as a failure (QA phone round).
    const email = page.getByLabel('E-Mail-Adresse');
    await email.focus();
    expect(await ring(email)).toBe('rgb(0, 32, 91)');

    await page.emulateMedia({ forcedColors: 'active' });
    await page.getByRole('button', { name: /Sprache/ }).click();
    const border = (selector: string) => page.locator(`.language-selector__list button${selector}`).first().evaluate((element) => getComputedStyle(element).borderLeftColor);
    expect(await border('[aria-current="true"]')).not.toBe(await border(':not([aria-current])'));
  });
});
