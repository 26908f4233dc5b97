import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { confirmedAccount, logIn, logInWithGoogle, PASSWORD, registerOnPage, uniqueEmail } from '../helpers/account';
import { preferenceLink } from '../helpers/preferences';
import { removeServiceDir, startPortal, type PortalServer } from '../portal-server';

/** The terms of use at one document version, as the operator configures them (portal.yaml). */
function termsConfig(version: number): string {
  return `identity:
  embedded:
    consents:
      - id: terms.customeraccount
        isActive: true
        isMandatory: true
        legalStatements:
          - { lang: de, currentDocVersion: ${version}, minDocVersion: ${version}, documentUrl: /cms/terms/de-v${version}.html, purpose: Nutzungsbedingungen }
          - { lang: en, currentDocVersion: ${version}, minDocVersion: ${version}, documentUrl: /cms/terms/en-v${version}.html, purpose: Terms of use }
`;
}

/**
 * A confirmed account made under the terms at version 1, then the service started again with version 2 (its data
 * kept) and the environment `afterEnv`: `run` gets that service.
 */
async function afterTermsChange(request: APIRequestContext, email: string, run: (after: PortalServer) => Promise<void>, afterEnv: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-terms-'));
  try {
    const before = await startPortal({}, { dir, config: termsConfig(1) });
    try {
      await confirmedAccount(request, before.baseURL, email);
    } finally {
      await before.stop();
    }
    const after = await startPortal(afterEnv, { dir, config: termsConfig(2) });
    try {
      await run(after);
    } finally {
      await after.stop();
    }
  } finally {
    removeServiceDir(dir);
  }
}

test.describe('account portal with its own configuration', () => {
  // Each test starts its own service (one at a time), so its configuration touches no other test.
  test.describe.configure({ mode: 'serial' });

  test('changed terms: a higher document version asks for consent again at the next login, with the new document, then lets in', async ({ page }) => {
    test.slow(); // two service starts
    const email = uniqueEmail(test.info(), 'terms');
    await afterTermsChange(page.request, email, async (after) => {
      await page.goto(`${after.baseURL}/login`);
      await logIn(page, email, PASSWORD);
      await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible();
      await expect(page.getByText(/Unsere Nutzungsbedingungen haben sich geändert/)).toBeVisible();
      await expect(page.getByRole('link', { name: /Nutzungsbedingungen lesen/ })).toHaveAttribute('href', '/cms/terms/de-v2.html');
      await expectAccessible(page);
      await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('20095');
      await page.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ }).check();
      await page.getByRole('button', { name: 'Registrierung abschließen' }).click();
      await expect(page).toHaveURL(/\/update-confirmation$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible({ timeout: 10_000 });
    });
  });

  // QA market round: with the salutation and the year of birth required, finalize showed free text labelled with the
  // fields' paths, refused "Herr" and sent the year as text, which the service refused (400009): nobody could finish.
  test('a market that requires the salutation and the year of birth: finalize asks them as the personal data page does, and the registration finishes', async ({ page }) => {
    test.slow(); // its own service
    const market = await startPortal({ PORTAL_IDENTITY_EMBEDDED_REQUIREDFIELDS: 'profile.firstName,profile.lastName,profile.birthYear,data.salutation' });
    try {
      await page.goto(`${market.baseURL}/registration`);
      await registerOnPage(page, uniqueEmail(test.info(), 'market-fields'));

      await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible();
      await expect(page.getByText(/profile\.|data\./)).toHaveCount(0);
      await page.getByRole('combobox', { name: /Anrede/ }).selectOption({ label: 'Herr' });
      await page.getByRole('textbox', { name: /Vorname/ }).fill('Max');
      await page.getByRole('textbox', { name: /Nachname/ }).fill('Muster');
      await page.getByLabel(/Geburtsdatum/).fill('1980-05-17');
      await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('20095');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Registrierung abschließen' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Fast geschafft!' })).toBeVisible();
    } finally {
      await market.stop();
    }
  });

  // Spec 000 audit: the custom login answers 206001 without a regToken, and the form said "Fehlercode: 206001".
  test('changed terms with sso.customLogin: the service checks the password, then the consent is asked for again and the login goes on', async ({ page }) => {
    test.slow(); // two service starts
    const email = uniqueEmail(test.info(), 'terms-custom');
    await afterTermsChange(
      page.request,
      email,
      async (after) => {
        const checks: number[] = [];
        page.on('response', (response) => {
          if (response.url().endsWith('/rest/v1/account/login')) checks.push(response.status());
        });
        await page.goto(`${after.baseURL}/login`);
        await logIn(page, email, PASSWORD);
        await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible();
        expect(checks).toEqual([200]);
        await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('20095');
        await page.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ }).check();
        await page.getByRole('button', { name: 'Registrierung abschließen' }).click();
        await expect(page).toHaveURL(/\/update-confirmation$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible({ timeout: 10_000 });
      },
      { PORTAL_METADATA_SSO_CUSTOMLOGIN: 'true' },
    );
  });

  // QA round: the link login answered 206001 before linking, so after the terms the Google login met the link page again.
  test('changed terms while linking: the password links the social login, the terms are accepted, then it goes straight in', async ({ page }) => {
    test.slow(); // two service starts, the development issuer twice
    const email = uniqueEmail(test.info(), 'terms-link');
    await afterTermsChange(page.request, email, async (after) => {
      await page.goto(`${after.baseURL}/login`);
      await logInWithGoogle(page, email);
      await expect(page).toHaveURL(/\/social\/link-accounts$/);
      await page.getByLabel(/^Passwort/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Verknüpfen und anmelden' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible();
      await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('20095');
      await page.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ }).check();
      await page.getByRole('button', { name: 'Registrierung abschließen' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible({ timeout: 10_000 });

      await page.goto(`${after.baseURL}/logout`);
      await expect(page).toHaveURL(/\/login$/);
      await logInWithGoogle(page, email);
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
    });
  });

  test('the consent manager loads first, the tag manager only after consent; nothing third-party by default', async ({ page, baseURL }) => {
    const launchUrl = 'https://assets.adobedtm.com/launch-e2e.min.js';
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      const host = new URL(request.url()).hostname;
      if (host !== '127.0.0.1' && host !== 'localhost') thirdParty.push(request.url());
    });

    // The default service names neither: no third-party request at all.
    await page.goto(`${baseURL}/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    expect(thirdParty).toEqual([]);

    // The vendors' scripts, played by the test: the consent manager announces "denied" at start and "accepted" when
    // asked; the tag manager marks that it ran. The service's content security policy must let both run.
    await page.route('https://web.cmp.usercentrics.eu/ui/loader.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.consentManagerStarted = document.currentScript.dataset.settingsId;
          window.consentManagerSaw = location.pathname + location.search + location.hash;
          window.dispatchEvent(new CustomEvent('UC_CONSENT', { detail: { consent: { status: 'ALL_DENIED' } } }));
          window.acceptAll = () => window.dispatchEvent(new CustomEvent('UC_CONSENT', { detail: { consent: { status: 'ALL_ACCEPTED' } } }));`,
      }),
    );
    await page.route(launchUrl, (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.tagManagerRan = true;' }));
    const configured = await startPortal({ PORTAL_METADATA_USERCENTRICS_SETTINGSID: 'E2eSettings', PORTAL_METADATA_ADOBETAGMANAGER_LAUNCHURL: launchUrl });
    try {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
      });
      // A mail link's token is out of the address before anything third-party starts, which reads the address (QA
      // security round of 2026-11-29): a reset link's and the preference centre's.
      const centre = preferenceLink(uniqueEmail(test.info(), 'consent-centre'), { databaseURL: configured.databaseURL });
      for (const [path, seen] of [
        ['/login', '/login'],
        ['/preferences/error/notfound', '/preferences/error/notfound'],
        ['/login/reset-password?pwrt=e2e-reset-token', '/login/reset-password'],
        [`${centre}#newsletter`, '/preferences/token/#newsletter'],
      ]) {
        await page.goto(`${configured.baseURL}${path}`);
        await expect.poll(() => page.evaluate(() => (window as Window & { consentManagerStarted?: string }).consentManagerStarted)).toBe('E2eSettings');
        expect(await page.evaluate(() => (window as Window & { consentManagerSaw?: string }).consentManagerSaw)).toBe(seen);
        expect(await page.evaluate(() => (window as Window & { tagManagerRan?: boolean }).tagManagerRan)).toBeUndefined();
        expect(thirdParty.filter((url) => url === launchUrl)).toEqual([]);
      }
      await page.evaluate(() => (window as unknown as { acceptAll: () => void }).acceptAll());
      await expect.poll(() => page.evaluate(() => (window as Window & { tagManagerRan?: boolean }).tagManagerRan)).toBe(true);
      expect(violations).toEqual([]);
    } finally {
      await configured.stop();
    }
  });
});
