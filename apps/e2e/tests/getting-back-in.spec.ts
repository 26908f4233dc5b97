import { test as base, type Browser, type Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { confirmEmail, fillFinalizeForm, logIn, logInWithGoogle, mailsTo, PASSWORD, registerOnPage, registerThroughApi, uniqueEmail, verificationMails } from '../helpers/account';
import { startPortal, type PortalServer } from '../portal-server';
import { fieldError } from '../helpers/forms';

/**
 * Issue 11 against the real service: the password reset with its automatic login, and the linking of a social
 * login to an existing account. Each worker starts its own service with the development clock on: a journey moves
 * that clock past the 15-minute wait, which must not reach the tests of other workers.
 */
const test = base.extend<object, { portal: PortalServer }>({
  portal: [
    async ({}, use) => {
      const server = await startPortal({ PORTAL_DEV_CLOCK_ENABLED: 'true' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.baseURL),
});

const NEW_PASSWORD = 'Neu-Geheim34?';

/** A registered, confirmed account with password PASSWORD, named Erika Muster. */
async function confirmedAccount(page: Page, baseURL: string, label: string): Promise<string> {
  const email = uniqueEmail(test.info(), label);
  expect((await registerThroughApi(page.request, baseURL, email, { firstName: 'Erika', lastName: 'Muster' })).errorCode).toBe(206002);
  await confirmEmail(page, baseURL, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung!' })).toBeVisible();
  return email;
}

/** The path and query of the newest reset link mailed to `email` (the mail names the configured public address). */
async function resetLink(page: Page, baseURL: string, email: string, count = 1): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(async () => {
      links = (await mailsTo(page.request, baseURL, email)).filter((mail) => mail.kind === 'password-reset').map((mail) => mail.links[0]!);
      return links.length;
    })
    .toBe(count);
  const url = new URL(links[0]!);
  return `${url.pathname}${url.search}`;
}

async function askForReset(page: Page, email: string) {
  await page.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(email);
  await page.getByRole('button', { name: 'Link senden' }).click();
}

/** Another browser, logged in with the old password: its session must end with the reset. */
async function otherDevice(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
  return { page, close: () => context.close() };
}

test.describe('getting back in', () => {
  test('forgot password: mail, link, new password, automatic login; the link once; the 15-minute wait; an unknown address', async ({ page, baseURL, browser, portal }) => {
    test.slow(); // two accounts, two browsers, seven pages with accessibility scans
    const email = await confirmedAccount(page, baseURL!, 'reset');
    const elsewhere = await otherDevice(browser, baseURL!, email);

    await test.step('request: the login links to the reset, which sends the mail and says so', async () => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Passwort vergessen?' }).first().click();
      await expect(page).toHaveURL(/\/login\/reset-password\/start$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' })).toBeVisible();
      await page.getByRole('button', { name: 'Link senden' }).click();
      await expect(page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.', { exact: true })).toBeVisible();
      await expectAccessible(page);
      await askForReset(page, email);
      await expect(page.getByRole('heading', { level: 1, name: 'Bitte sehen Sie in Ihr Postfach' })).toBeVisible();
      await expect(page.getByText(`Wir haben eine E-Mail an ${email} geschickt.`, { exact: false })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/login');
      await expectAccessible(page);
      // A reload, and Back to the entry from the login, keep the process-started page (its history entry's state), where
      // the empty form came back, whose second request the service refuses for 15 minutes (QA).
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Bitte sehen Sie in Ihr Postfach' })).toBeVisible();
      await expect(page.getByText(`Wir haben eine E-Mail an ${email} geschickt.`, { exact: false })).toBeVisible();
      await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/login\/reset-password\/start$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Bitte sehen Sie in Ihr Postfach' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: /E-Mail-Adresse/ })).toHaveCount(0);
    });

    const link = await resetLink(page, baseURL!, email);
    expect(link).toMatch(/^\/login\/reset-password\?pwrt=/);

    await test.step('the link: a mismatched retype is refused, the new password logs the shopper in on /', async () => {
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible();
      // The token leaves the address at once (QA security round of 2026-11-29); a reload keeps the form.
      await expect(page).toHaveURL(/\/login\/reset-password$/);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible();
      await page.getByLabel(/^Neues Passwort \*/).fill(NEW_PASSWORD);
      await page.getByLabel(/^Neues Passwort wiederholen/).fill(`${NEW_PASSWORD}x`);
      await page.getByRole('button', { name: 'Passwort speichern' }).click();
      await expect(fieldError(page, 'Die eingegebenen Passwörter stimmen nicht überein.')).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel(/^Neues Passwort wiederholen/).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Passwort speichern' }).click();
      await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('pwResetLoginID'))).toBeNull();
    });

    await test.step('the reset ended the session of the other browser', async () => {
      await elsewhere.page.goto('/');
      await expect(elsewhere.page).toHaveURL(/\/login$/);
      await elsewhere.close();
    });

    await test.step('the old password is refused', async () => {
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login$/);
      await logIn(page, email, PASSWORD);
      await expect(page.getByText('Die E-Mail-Adresse oder das Passwort ist falsch.')).toBeVisible();
    });

    await test.step('the same link again shows the 403025 text with a way to start again', async () => {
      await page.goto(link);
      await page.getByLabel(/^Neues Passwort \*/).fill('Noch-Neuer56!');
      await page.getByLabel(/^Neues Passwort wiederholen/).fill('Noch-Neuer56!');
      await page.getByRole('button', { name: 'Passwort speichern' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Dieser Link ist nicht mehr gültig' })).toBeVisible();
      await expect(page.getByText(/abgelaufen, wurde bereits verwendet oder ist ungültig/)).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Neuen Link anfordern' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' })).toBeVisible();
    });

    await test.step('a second request within 15 minutes says that the shopper must wait; after them it is sent', async () => {
      await askForReset(page, email);
      await expect(page.getByText(/Bitte warten Sie 15 Minuten, bevor Sie einen neuen anfordern/)).toBeVisible();
      await expectAccessible(page);
      expect((await page.request.post(`${portal.baseURL}/dev/clock`, { data: { advance: '15m1s' } })).ok()).toBe(true);
      await page.getByRole('button', { name: 'Link senden' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bitte sehen Sie in Ihr Postfach' })).toBeVisible();
      await resetLink(page, baseURL!, email, 2);
    });

    await test.step('an unknown address shows the 403047 text', async () => {
      // By the login: the same address again is a reload to Chromium, which keeps the sent page (its entry's state).
      await page.goto('/login');
      await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
      await askForReset(page, uniqueEmail(test.info(), 'nobody'));
      await expect(fieldError(page, 'Es gibt kein Kundenkonto mit diesem Benutzernamen oder dieser E-Mail-Adresse.')).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('without pwrt the completion page sends the visitor to /', async () => {
      await page.goto('/login/reset-password');
      await expect(page).toHaveURL(/\/login$/);
    });
  });

  test('linking: a social login with the e-mail of an account links it after the password; then it goes straight in', async ({ page, baseURL }) => {
    test.slow(); // the development issuer twice, four pages with accessibility scans
    const email = await confirmedAccount(page, baseURL!, 'link');

    await test.step('the social login meets the account: the link page shows its e-mail read-only', async () => {
      await page.goto('/login');
      await logInWithGoogle(page, email);
      await expect(page).toHaveURL(/\/social\/link-accounts$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Konten verknüpfen' })).toBeVisible();
      const shown = page.getByRole('textbox', { name: /E-Mail-Adresse/ });
      await expect(shown).toHaveValue(email);
      await expect(shown).toHaveAttribute('readonly', '');
      expect(await page.evaluate(() => window.sessionStorage.getItem('accountLinkingRegToken'))).toEqual(expect.any(String));
      await expectAccessible(page);
    });

    await test.step('a wrong password shows its text with the forgot-password hint', async () => {
      await page.getByLabel(/^Passwort/).fill('Falsch12!x');
      await page.getByRole('button', { name: 'Verknüpfen und anmelden' }).click();
      await expect(page.getByText('Die E-Mail-Adresse oder das Passwort ist falsch.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('the right password links and logs in', async () => {
      await page.getByLabel(/^Passwort/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Verknüpfen und anmelden' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
      expect(await page.evaluate(() => window.sessionStorage.getItem('accountLinkingRegToken'))).toBeNull();
    });

    await test.step('after logout the same social login goes straight in', async () => {
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login$/);
      await logInWithGoogle(page, email);
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
    });

    await test.step('the link page without a waiting identity says so, with the way to the login', async () => {
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login$/);
      await page.goto('/social/link-accounts');
      await expect(page.getByRole('heading', { level: 1, name: 'Keine Verknüpfung offen' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Zum Login' })).toBeVisible();
      await expectAccessible(page);
    });
  });

  // QA: after the password linked an account whose e-mail is not confirmed yet, a reload said that nothing waited for
  // linking, though the identity was linked. The page keeps the outcome in its history entry (not the spent token).
  test('linking an account whose e-mail is not confirmed yet: the page says it is linked, also after a reload', async ({ page, baseURL }) => {
    test.slow(); // the development issuer, a reload, a resent mail
    const email = uniqueEmail(test.info(), 'link-unconfirmed');
    expect((await registerThroughApi(page.request, baseURL!, email, { firstName: 'Erika', lastName: 'Muster' })).errorCode).toBe(206002);
    await verificationMails(page.request, baseURL!, email, 1);
    const linked = page.getByText(/^Ihre soziale Anmeldung ist jetzt mit Ihrem Kundenkonto verknüpft\. Es fehlt nur noch/);
    const panel = page.getByRole('region', { name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' });

    await test.step('the password links: the statement, focused, then the resend panel; the token is spent', async () => {
      await page.goto('/login');
      await logInWithGoogle(page, email);
      await expect(page).toHaveURL(/\/social\/link-accounts$/);
      await page.getByLabel(/^Passwort/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Verknüpfen und anmelden' }).click();
      await expect(linked).toBeFocused();
      await expect(panel).toBeVisible();
      expect(await page.evaluate(() => window.sessionStorage.getItem('accountLinkingRegToken'))).toBeNull();
      // The page writes the outcome into its history entry a moment after it shows it (React Router keeps a
      // navigation's state under `usr`): the reload comes once it is there.
      await expect.poll(() => page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr ?? null)).not.toBeNull();
      await expectAccessible(page);
    });

    await test.step('reloaded, the page still says it is linked, and the panel still sends the mail', async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Konten verknüpfen' })).toBeVisible();
      await expect(linked).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Keine Verknüpfung offen' })).toHaveCount(0);
      await panel.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
      await expect(panel.getByText('Wir haben Ihnen eine neue Bestätigungs-E-Mail geschickt.')).toBeVisible();
      await verificationMails(page.request, baseURL!, email, 2);
    });
  });
  // QA (WCAG 2.2.1): finalize's regToken lives 60 minutes; the entries it held come back after the login that hands out
  // a new one, and that login is filled with the account's address.
  test("finishing a registration after the regToken's hour: /session-expired, the login with the address, the entries back", async ({ page, portal }) => {
    test.slow(); // a registration, the clock moved, a login and two finalize pages with accessibility scans
    const email = uniqueEmail(test.info(), 'finalize-later');
    await page.goto('/registration');
    await registerOnPage(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible();
    await fillFinalizeForm(page);
    expect((await page.request.post(`${portal.baseURL}/dev/clock`, { data: { advance: '61m' } })).ok()).toBe(true);
    await page.getByRole('button', { name: 'Registrierung abschließen' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Sitzung abgelaufen' })).toBeVisible();
    await page.getByRole('link', { name: 'Zum Login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
    await page.getByLabel('Passwort', { exact: false }).first().fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible();
    await expect(page.getByText('Ihre Eingaben von vor der Anmeldung sind wieder da, aber noch nicht gespeichert.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Erika');
    await expect(page.getByRole('textbox', { name: /Nachname/ })).toHaveValue('Muster');
    await expect(page.getByRole('textbox', { name: /Postleitzahl/ })).toHaveValue('20095');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Registrierung abschließen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fast geschafft!' })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('ap.formDraft'))).toBeNull();
  });
});
