import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectAccessible, test } from '../fixtures';
import { confirmedAccount, confirmEmail, fillFinalizeForm, logIn, registerOnPage, registerThroughApi, uniqueEmail } from '../helpers/account';
import { startPortal } from '../portal-server';

// Single sign-on (spec 000 §2, §4): the demonstration partner "Fotoservice" (a relying party built on
// coreos/go-oidc, served by the portal under /partner/fotoservice/) signs its users in with the portal's
// OpenID Connect provider, whose login is the account portal's own login page.

const PARTNER = '/partner/fotoservice/';

async function verifiedAccount(page: import('@playwright/test').Page, baseURL: string, label: string) {
  const email = uniqueEmail(test.info(), label);
  expect((await registerThroughApi(page.request, baseURL, email, { firstName: 'Erika', lastName: 'Muster' })).errorCode).toBe(206002);
  await confirmEmail(page, baseURL, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung!' })).toBeVisible();
  return email;
}

test.describe('single sign-on with a partner service', () => {
  test('a partner asking to log in again (prompt=login): the form despite the session, which the link alone does not end', async ({ page, baseURL }) => {
    const email = await verifiedAccount(page, baseURL!, 'ssoagain');
    await page.goto('/login');
    await logIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();

    await page.goto(`${PARTNER}login?prompt=login`);
    await expect(page).toHaveURL(/\/login\?.*prompt=login/);
    await expect(page.getByText('Der Partnerdienst bittet Sie, sich zur Bestätigung erneut anzumelden.')).toBeVisible();
    await expectAccessible(page);
    // Any site can link here: the session lives on until the new login replaces it.
    const other = await page.context().newPage();
    await other.goto('/');
    await expect(other.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
    await other.close();

    await logIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo, Erika Muster!' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PARTNER}$`));
  });

  test('partner → portal login → back logged in; the second visit goes straight through; logout returns to the partner', async ({ page, context, baseURL }) => {
    test.slow(); // two logins and four accessibility scans
    const email = await verifiedAccount(page, baseURL!, 'sso');

    await page.goto(PARTNER);
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen beim Fotoservice' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Mit Ihrem Kundenkonto anmelden' }).click();

    // The portal's own login page, with the partner's sign-in kept as the partner token.
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?oidcRequest=/);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('oidcServicePartner') ?? 'null'));
    expect(stored.token).toBeTruthy();
    expect(stored.expires - Date.now()).toBeGreaterThan(14 * 60_000);
    await logIn(page, email);

    await expect(page.getByRole('heading', { level: 1, name: 'Hallo, Erika Muster!' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PARTNER}$`));
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => window.localStorage.getItem('oidcServicePartner'))).toBeNull();

    // A second visit (the partner forgot its own session): no login form, straight back.
    await context.clearCookies({ name: 'fotoservice_visit' });
    await page.goto(PARTNER);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    await page.getByRole('link', { name: 'Mit Ihrem Kundenkonto anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo, Erika Muster!' })).toBeVisible();
    expect(visited).not.toContain('/login');

    // Logout at the partner ends the portal session too and comes back to the partner's registered address, through
    // the portal's logout page, which tells the portal's other tabs that the shopper logs out: an account page left
    // open in another tab goes to the login without saying that the session expired (QA, 2026-12-01).
    const accountTab = await context.newPage();
    await accountTab.goto('/accessdata');
    await expect(accountTab.getByRole('heading', { level: 1, name: 'Anmeldedaten' })).toBeVisible();
    await page.bringToFront();
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen beim Fotoservice' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PARTNER}$`));
    await accountTab.bringToFront();
    await expect(accountTab.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(accountTab.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toHaveCount(0);
    await accountTab.close();
    // The logout page left in the partner's place: Back goes to the partner's page before it.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/logout/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the account page tile leads to the partner; the redirect page says the shopper is sent back', async ({ page, baseURL }) => {
    const email = await verifiedAccount(page, baseURL!, 'sso-redirect');
    await page.goto('/login');
    await logIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen, Erika Muster/ })).toBeVisible();
    // The account page's partner tile (CMS content) leads to the partner, which signs the shopper in at once.
    await page.getByRole('link', { name: 'Zum Fotoservice' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen beim Fotoservice' })).toBeVisible();
    await page.getByRole('link', { name: 'Mit Ihrem Kundenkonto anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo, Erika Muster!' })).toBeVisible();
    await page.goto('/');
    // The service answers the hand-over with 204 here, which leaves the browser on the page to read and scan it.
    let handedOver = '';
    await page.route('**/oidc/continue**', (route) => {
      handedOver = route.request().url();
      return route.fulfill({ status: 204 });
    });
    await page.evaluate(() => window.localStorage.setItem('oidcServicePartner', JSON.stringify({ token: 'held', expires: Date.now() + 60_000 })));
    await page.goto('/login/redirect?mode=afterConsent&skipConsent=true');
    await expect(page.getByRole('heading', { level: 1, name: 'Sie werden zurückgeleitet' })).toBeVisible();
    await expect(page.getByText('Sie werden jetzt zurück zum Partnerdienst geleitet.')).toBeVisible();
    await expect.poll(() => handedOver).toContain('/oidc/continue?id=held');
    await expect(page.getByRole('status')).toHaveAttribute('data-redirect-state', 'GIGYA_REDIRECT_TO_SERVICE_PARTNER_IN_PROGRESS');
    await expectAccessible(page);
  });

  test('a registration started at the partner ends at the partner after the confirmation', async ({ page, baseURL }) => {
    test.slow(); // registration, finalize, the 3-second timer, confirmation and login
    const email = uniqueEmail(test.info(), 'sso-register');
    await page.goto(PARTNER);
    await page.getByRole('link', { name: 'Mit Ihrem Kundenkonto anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Registrieren' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
    await registerOnPage(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible();
    await fillFinalizeForm(page);
    await page.getByRole('button', { name: 'Registrierung abschließen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fast geschafft!' })).toBeVisible();

    // After the timer the hand-over finds the shopper not yet logged in: on to the login, the partner token kept.
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    expect(await page.evaluate(() => window.localStorage.getItem('oidcServicePartner'))).not.toBeNull();
    await confirmEmail(page, baseURL!, email);
    await page.getByRole('link', { name: 'Zum Login' }).click();
    await logIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo, Erika Muster!' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PARTNER}$`));
  });

  test('logout goes only to addresses registered for a partner', async ({ page, baseURL }) => {
    const email = await verifiedAccount(page, baseURL!, 'sso-logout');
    const partnerHome = `${baseURL}${PARTNER}`;

    await page.goto('/login');
    await logIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen, Erika Muster/ })).toBeVisible();
    await page.goto(`/logout?redirect=${encodeURIComponent('https://evil.example/')}`);
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen, Erika Muster/ })).toBeVisible();
    await page.goto(`/logout?redirect=${encodeURIComponent(partnerHome)}`);
    await expect(page).toHaveURL(partnerHome);
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen beim Fotoservice' })).toBeVisible();

    // A partner's logout without an id_token_hint asks the shopper first (OpenID Connect RP-Initiated Logout 1.0 §2;
    // QA security round, 2026-11-30: any site's plain link logged the shopper out). Abbrechen keeps the session and
    // goes to the portal's start; Abmelden ends it, and the partner gets its state back.
    await page.goto('/login');
    await logIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen, Erika Muster/ })).toBeVisible();
    const partnerLogout = `/oidc/end_session?client_id=fotoservice&post_logout_redirect_uri=${encodeURIComponent(partnerHome)}&state=s7`;
    await page.goto(partnerLogout);
    await expect(page).toHaveURL(/\/logout\?.*confirm=fotoservice/);
    await expect(page.getByRole('heading', { level: 1, name: 'Möchten Sie sich abmelden?' })).toBeFocused();
    await expect(page.getByText('Fotoservice bittet darum, Sie von Ihrem Kundenkonto abzumelden.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Abbrechen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen, Erika Muster/ })).toBeVisible();
    await page.goto(partnerLogout);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(`${partnerHome}?state=s7`);
    await page.goto('/personaldata');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    // Without a session there is nothing to ask: the partner's logout goes straight on.
    await page.goto(partnerLogout);
    await expect(page).toHaveURL(`${partnerHome}?state=s7`);

    // The provider's own logout refuses an unregistered address: the shopper sees the portal's error page, not JSON.
    await page.goto(`/oidc/end_session?client_id=fotoservice&post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}`);
    await expect(page).toHaveURL(/\/error\/sso-logout-invalid$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Die Abmeldung über den Partnerdienst ist nicht möglich.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  });

  test('a sign-in request naming no registered partner or return address shows the portal error page', async ({ page }) => {
    await page.goto(`/oidc/authorize?client_id=nobody&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`);
    await expect(page).toHaveURL(/\/error\/sso-invalid$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Die Anmeldung beim Partnerdienst ist nicht möglich.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
    await expectAccessible(page);
  });

  test("the partner's ui_locales choose the login page's language", async ({ page }) => {
    await page.goto(`${PARTNER}login?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?lang=en&oidcRequest=[^&]+&partner=fotoservice$/);
  });

  test('the stored partner token is gone after 15 minutes (page clock)', async ({ page }) => {
    await page.clock.install();
    await page.goto(PARTNER);
    await page.getByRole('link', { name: 'Mit Ihrem Kundenkonto anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('oidcServicePartner'))).not.toBeNull();
    await page.clock.fastForward('14:00'); // the page clock also runs in real time meanwhile: leave a margin
    await page.goto('/login');
    expect(await page.evaluate(() => window.localStorage.getItem('oidcServicePartner'))).not.toBeNull();
    await page.clock.fastForward('01:30');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('oidcServicePartner'))).toBeNull();
  });
});

test.describe('single sign-on against the development clock', () => {
  test('a partner sign-in expires at the service after 15 minutes too; its page leads back to the partner', async ({ page }) => {
    const server = await startPortal({ PORTAL_DEV_CLOCK_ENABLED: 'true' });
    try {
      await page.goto(`${server.baseURL}${PARTNER}`);
      await page.getByRole('link', { name: 'Mit Ihrem Kundenkonto anmelden' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
      const request = new URL(page.url()).searchParams.get('oidcRequest')!;
      const advanced = await page.request.post(`${server.baseURL}/dev/clock`, { data: { advance: '15m1s' } });
      expect(advanced.ok()).toBe(true);
      const expired = await page.request.get(`${server.baseURL}/oidc/continue?id=${encodeURIComponent(request)}`, { maxRedirects: 0 });
      expect(expired.status()).toBe(302);
      expect(expired.headers()['location']).toBe('/error/sso-expired');
      // A restored tab logs in and is handed over with the stale request: the portal's page says so, in German, and
      // leads back to the partner the tab's sign-in was for, where it starts again.
      await page.goto(`${server.baseURL}/oidc/continue?id=${encodeURIComponent(request)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Diese Anmeldung ist abgelaufen.' })).toBeVisible();
      await expect(page.getByText('Bitte starten Sie die Anmeldung beim Partnerdienst noch einmal.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Zurück zu Fotoservice' })).toHaveAttribute('href', new RegExp(`${PARTNER}$`));
      await expect(page.getByRole('link', { name: 'Zum Login' })).toBeVisible();

      // QA journeys round, 2026-11-30: the shopper who logs in on the login page of a sign-in that expired meanwhile was
      // offered only "Zum Login", which led home (spec 000 §1: back to the originating site).
      const email = uniqueEmail(test.info(), 'sso-expired');
      await confirmedAccount(page.request, server.baseURL, email);
      await page.goto(`${server.baseURL}${PARTNER}login`);
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
      await expect(page).toHaveURL(/\/login\?oidcRequest=[^&]+&partner=fotoservice$/);
      expect((await page.request.post(`${server.baseURL}/dev/clock`, { data: { advance: '16m' } })).ok()).toBe(true);
      await logIn(page, email);
      await expect(page).toHaveURL(/\/error\/sso-expired$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Diese Anmeldung ist abgelaufen.' })).toBeFocused();
      await expect(page.getByRole('link', { name: 'Zurück zu Fotoservice' })).toHaveAttribute('href', new RegExp(`${PARTNER}$`));
      await expect(page.getByRole('link', { name: 'Zur Startseite', exact: true })).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: 'Zum Login' })).toHaveCount(0);
      await expectAccessible(page);
      // Back at the partner, the sign-in starts again and the portal's session answers it at once.
      await page.getByRole('link', { name: 'Zurück zu Fotoservice' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen beim Fotoservice' })).toBeVisible();
      await page.getByRole('link', { name: 'Mit Ihrem Kundenkonto anmelden' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Hallo, Erika Muster!' })).toBeVisible();
    } finally {
      await server.stop();
    }
  });

  // QA: the partner's login page left open 16 minutes of real time, so that the browser's record of the request had
  // expired as well as the service's request, sent the login to the account page; the partner never heard back.
  test("a login after both clocks passed the sign-in's 15 minutes leads back to the partner", async ({ page }) => {
    const server = await startPortal({ PORTAL_DEV_CLOCK_ENABLED: 'true' });
    try {
      const email = uniqueEmail(test.info(), 'sso-idle');
      await confirmedAccount(page.request, server.baseURL, email);
      await page.clock.install();
      await page.goto(`${server.baseURL}${PARTNER}`);
      await page.getByRole('link', { name: 'Mit Ihrem Kundenkonto anmelden' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
      await expect(page).toHaveURL(/\/login\?oidcRequest=[^&]+&partner=fotoservice$/);
      expect((await page.request.post(`${server.baseURL}/dev/clock`, { data: { advance: '16m' } })).ok()).toBe(true);
      await page.clock.fastForward('16:00');
      await logIn(page, email);
      await expect(page).toHaveURL(/\/error\/sso-expired$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Diese Anmeldung ist abgelaufen.' })).toBeFocused();
      await expect(page.getByRole('link', { name: 'Zurück zu Fotoservice' })).toHaveAttribute('href', new RegExp(`${PARTNER}$`));
      await expect(page.getByRole('link', { name: 'Zur Startseite', exact: true })).toHaveAttribute('href', '/');
    } finally {
      await server.stop();
    }
  });
});

test.describe("a partner that is not the retailer's own", () => {
  test('asks for consent on the portal page, registered with `portal sso-clients add`', async ({ page, baseURL }) => {
    const email = await verifiedAccount(page, baseURL!, 'sso-consent');
    const id = `partner-${test.info().project.name}-${Date.now()}`;
    // The partner lives on an origin of its own: the portal's pages may post forms only to themselves (CSP
    // form-action 'self'), and the consent's way to the partner must not be one.
    const partner = createServer((_, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>Reiseservice</title><h1>Reiseservice</h1>'));
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    const callback = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/${id}/callback`;
    const printed = execFileSync(
      process.env.PORTAL_BIN!,
      ['sso-clients', 'add', '--database-url', process.env.E2E_DATABASE_URL!, '--id', id, '--name', 'Reiseservice', '--redirect-uri', callback],
      { encoding: 'utf8', env: { ...process.env, PORTAL_LOG_LEVEL: 'warn' } },
    );
    expect(printed).toMatch(/client secret \(shown only now, store it at the partner\): \S{40,}/);

    await page.goto('/login');
    await logIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen, Erika Muster/ })).toBeVisible();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URLSearchParams({ client_id: id, redirect_uri: callback, response_type: 'code', scope: 'openid profile email', state: 'st', code_challenge: challenge, code_challenge_method: 'S256' });
    await page.goto(`/oidc/authorize?${authorize.toString()}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Reiseservice möchte Sie mit Ihrem Kundenkonto anmelden' })).toBeVisible();
    // The account whose identity the partner receives, by name (QA: the page named none).
    await expect(page.getByText(`Angemeldet als ${email.toLowerCase()}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abmelden und mit einem anderen Kundenkonto anmelden' })).toBeVisible();
    await expect(page.getByText('Ihren Vor- und Nachnamen')).toBeVisible();
    await expect(page.getByText('Ihre E-Mail-Adresse')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Erlauben' }).click();
    await expect(page).toHaveURL(new RegExp(`^${callback}\\?code=[^&]+&state=st$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Reiseservice' })).toBeVisible();
    // Back from the partner: the sign-in is answered, and the consent page says so with the service's expired
    // sign-in page and, the shopper being logged in, the way to the start page (QA: "Sie werden zurückgeleitet", with
    // nothing to follow). The partner registered no start page: no way back to it.
    await page.goBack();
    await expect(page).toHaveURL(/\/error\/sso-expired$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Anmeldung ist abgelaufen.' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Zur Startseite', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Zurück zu/ })).toHaveCount(0);
    await expectAccessible(page);
    // A sign-in or a logout the provider refuses shows a logged-in shopper the way home too, not "Zum Login", which
    // led there without a word (QA).
    await page.goto(`/oidc/authorize?client_id=nobody&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`);
    await expect(page).toHaveURL(/\/error\/sso-invalid$/);
    await expect(page.getByRole('link', { name: 'Zur Startseite', exact: true })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Zum Login' })).toHaveCount(0);
    await page.goto(`/oidc/end_session?client_id=${id}&post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}`);
    await expect(page).toHaveURL(/\/error\/sso-logout-invalid$/);
    await expect(page.getByRole('link', { name: 'Zur Startseite', exact: true })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Zum Login' })).toHaveCount(0);
    partner.close();
  });
});
