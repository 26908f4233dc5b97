import { readFileSync } from 'node:fs';
import { expect, expectAccessible, test } from '../fixtures';
import { confirmedAccount, logIn, logInThroughApi, mailsOfKind, PASSWORD, uniqueEmail } from '../helpers/account';
import { preferenceLink } from '../helpers/preferences';
import { fieldError, leaveDateInPart } from '../helpers/forms';

const NEW_PASSWORD = 'Neues-Pass12!';

/** The option texts of a select, in page order, once it is on the page with its options. */
async function optionTexts(select: import('@playwright/test').Locator): Promise<string[]> {
  await expect(select.locator('option').nth(2)).toBeAttached();
  return select.locator('option').allTextContents();
}

test.describe('account pages', () => {
  test('personal data: salutation, birth date and phone saved with the banner, kept on reload; the server’s refusal on its field', async ({ page, baseURL }) => {
    const email = uniqueEmail(test.info(), 'personal');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);

    await page.goto('/personaldata');
    await expect(page.getByRole('heading', { level: 1, name: 'Persönliche Daten' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toContainText('Startseite');
    const salutation = page.getByRole('combobox', { name: 'Anrede' });
    expect(await optionTexts(salutation)).toEqual(['Keine Angabe', 'Herr', 'Frau', 'Divers']);
    await expect(page.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Erika');
    await expectAccessible(page);

    await salutation.selectOption('mrs');
    await page.getByLabel('Geburtsdatum').fill('1985-06-15');
    // Written as shoppers write it; saved as the service stores it, a plus sign and digits (QA phone round).
    await page.getByRole('textbox', { name: /Telefonnummer/ }).fill('+49 1234 5678');
    // From the keyboard: after the save the focus is back on the button, not lost to the page (WCAG 2.4.3).
    const save = page.getByRole('button', { name: 'Speichern' });
    await save.press('Enter');
    const banner = page.getByText('Ihre persönlichen Daten wurden gespeichert.');
    await expect(banner).toBeVisible();
    await expect(save).toBeFocused();
    await expectAccessible(page);
    // Spec 000 §9: the banner stays 5 seconds.
    await expect(banner).toBeHidden({ timeout: 8_000 });

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Anrede' })).toHaveValue('mrs');
    await expect(page.getByLabel('Geburtsdatum')).toHaveValue('1985-06-15');
    await expect(page.getByRole('textbox', { name: /Telefonnummer/ })).toHaveValue('+4912345678');

    // A date left in part (Backspace in the month; the browser reports the value "" of an empty input) is refused, not
    // saved as a removed date (QA); the saved date stays.
    const date = page.getByLabel('Geburtsdatum');
    await leaveDateInPart(page, date);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(fieldError(page, 'Bitte geben Sie ein gültiges Geburtsdatum ein.')).toBeVisible();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Ihre persönlichen Daten wurden gespeichert.')).toBeHidden();
    await page.reload();
    await expect(page.getByLabel('Geburtsdatum')).toHaveValue('1985-06-15');

    // A last name the form lets through but the service refuses (more than 1,000 characters): its message on its field.
    const lastName = page.getByRole('textbox', { name: /Nachname/ });
    await lastName.fill(`M${'a'.repeat(1000)}`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(fieldError(page, 'Der Nachname darf höchstens 200 Zeichen lang sein.')).toBeVisible();
    await expect(lastName).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Ihre persönlichen Daten wurden gespeichert.')).toBeHidden();
  });

  test('address: a Belgian postcode of five digits refused, four accepted; the card; edited; countries in German and French order', async ({ page, baseURL }) => {
    test.slow(); // two languages, several pages, each scanned
    const email = uniqueEmail(test.info(), 'address');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Kontomenü' }).getByRole('link', { name: 'Adresse' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Adresse' })).toBeVisible();
    // The menu's link stays on screen: the focus leaves it for the new page's heading, which a screen reader reads (QA).
    await expect(page.getByRole('heading', { level: 1, name: 'Adresse' })).toBeFocused();
    await expect(page.getByText('Sie haben noch keine Adresse hinterlegt.')).toBeVisible();
    await expectAccessible(page);
    // Without an address the change form's address opens the add form in its place, and Back returns to the overview
    // (QA round of 2026-12-01: it showed an empty "Adresse ändern").
    await page.goto('/addresses/addresschange');
    await expect(page).toHaveURL(/\/addresses\/addaddress$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Adresse hinzufügen' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/addresses$/);
    await page.getByRole('link', { name: 'Adresse hinzufügen' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Adresse hinzufügen' })).toBeVisible();
    const country = page.getByRole('combobox', { name: /Land/ });
    const german = await optionTexts(country);
    expect(german).toHaveLength(32);
    expect(german.slice(0, 3)).toEqual(['Belgien', 'Bulgarien', 'Dänemark']);
    expect([...german].sort(new Intl.Collator('de').compare)).toEqual(german);
    await expectAccessible(page);

    await page.getByRole('textbox', { name: /Vorname/ }).fill('Erika');
    await page.getByRole('textbox', { name: /Nachname/ }).fill('Muster');
    await page.getByRole('textbox', { name: /Straße/ }).fill('Rue Neuve');
    await page.getByRole('textbox', { name: /Hausnummer/ }).fill('12');
    await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('10000');
    await page.getByRole('textbox', { name: /Ort/ }).fill('Bruxelles');
    await country.selectOption('BE');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Bitte geben Sie eine gültige Postleitzahl mit 4 Ziffern ein.', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('1000');
    await page.getByRole('button', { name: 'Speichern' }).click();

    // Back one page: the overview, with the banner and the card; the heading the focus goes to reads the banner (QA).
    await expect(page).toHaveURL(/\/addresses$/);
    await expect(page.getByText('Ihre Adresse wurde gespeichert.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Adresse' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: 'Adresse' })).toHaveAccessibleDescription('Ihre Adresse wurde gespeichert.');
    const card = page.getByRole('article', { name: 'Ihre Standardadresse' });
    await expect(card).toContainText('Rue Neuve 12');
    await expect(card).toContainText('1000 Bruxelles');
    await expect(card).toContainText('Belgien');
    await expectAccessible(page);

    // Forward to the add form's entry: the account has its one address now, so the overview takes that entry in place
    // of an empty add form, whose save said that another window had saved an address meanwhile (QA).
    await page.goForward();
    await expect(page).toHaveURL(/\/addresses$/);
    await expect(page.getByRole('article', { name: 'Ihre Standardadresse' })).toContainText('Rue Neuve 12');
    await expect(page.getByRole('heading', { level: 1, name: 'Adresse hinzufügen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(0);

    await card.getByRole('link', { name: 'Adresse bearbeiten' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Adresse ändern' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Postleitzahl/ })).toHaveValue('1000');
    // A right-to-left override pasted into the town is refused in German on its field, saying what a town holds, as
    // the service's refusal of it says, not in the service's English (QA).
    await page.getByRole('textbox', { name: /Ort/ }).fill('Ixel\u202eles');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(fieldError(page, 'Bitte geben Sie einen Ort aus Buchstaben und Ziffern ein; Leerzeichen und Satzzeichen sind erlaubt, Emojis, Symbole und unsichtbare Zeichen nicht.')).toBeVisible();
    await page.getByRole('textbox', { name: /Ort/ }).fill('Ixelles');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page).toHaveURL(/\/addresses$/);
    await expect(page.getByRole('article', { name: 'Ihre Standardadresse' })).toContainText('1000 Ixelles');

    await page.goto('/addresses/addresschange?lang=fr');
    const french = await optionTexts(page.getByRole('combobox', { name: /Pays/ }));
    expect(french.slice(0, 3)).toEqual(['Allemagne', 'Autriche', 'Belgique']);
    expect([...french].sort(new Intl.Collator('fr').compare)).toEqual(french);
  });

  test('address form reached through the login in a new tab: saving stays in the portal, on the overview with the banner (QA)', async ({ page, baseURL }) => {
    const email = uniqueEmail(test.info(), 'address-login');
    await confirmedAccount(page.request, baseURL!, email);
    // The tab's first page is the form (behind it only the new tab's blank page); the login replaces and returns.
    await page.goto('/addresses/addaddress');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await logIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Adresse hinzufügen' })).toBeVisible();
    await page.getByRole('textbox', { name: /Vorname/ }).fill('Erika');
    await page.getByRole('textbox', { name: /Nachname/ }).fill('Muster');
    await page.getByRole('textbox', { name: /Straße/ }).fill('Jungfernstieg');
    await page.getByRole('textbox', { name: /Hausnummer/ }).fill('1');
    await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('20095');
    await page.getByRole('textbox', { name: /Ort/ }).fill('Hamburg');
    await page.getByRole('combobox', { name: /Land/ }).selectOption('DE');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page).toHaveURL(/\/addresses$/);
    await expect(page.getByText('Ihre Adresse wurde gespeichert.')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Ihre Standardadresse' })).toContainText('20095 Hamburg');
  });

  test('two tabs on the address: an address added meanwhile is not doubled; a change keeps the street the other tab saved (QA)', async ({ page, baseURL }) => {
    const email = uniqueEmail(test.info(), 'address-tabs');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);
    const other = await page.context().newPage();
    const fillIn = async (tab: import('@playwright/test').Page, street: string) => {
      await tab.getByRole('textbox', { name: /Vorname/ }).fill('Erika');
      await tab.getByRole('textbox', { name: /Nachname/ }).fill('Muster');
      await tab.getByRole('textbox', { name: /Straße/ }).fill(street);
      await tab.getByRole('textbox', { name: /Hausnummer/ }).fill('1');
      await tab.getByRole('textbox', { name: /Postleitzahl/ }).fill('20095');
      await tab.getByRole('textbox', { name: /Ort/ }).fill('Hamburg');
      await tab.getByRole('combobox', { name: /Land/ }).selectOption('DE');
    };

    // Both tabs open the empty form; the other one adds the address first.
    for (const tab of [page, other]) {
      await tab.goto('/addresses/addaddress');
      await expect(tab.getByRole('heading', { level: 1, name: 'Adresse hinzufügen' })).toBeVisible();
    }
    await fillIn(other, 'Jungfernstieg');
    await other.getByRole('button', { name: 'Speichern' }).click();
    await expect(other.getByText('Ihre Adresse wurde gespeichert.')).toBeVisible();
    await fillIn(page, 'Ballindamm');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(/Inzwischen wurde für Ihr Konto eine Adresse gespeichert/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Adresse hinzufügen' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Brotkrümelnavigation' }).getByRole('link', { name: 'Adresse' }).click();
    await expect(page.getByRole('article', { name: 'Ihre Standardadresse' })).toContainText('Jungfernstieg 1');

    // Both tabs open the change form; the other one changes the street, this one only the house number.
    for (const tab of [page, other]) {
      await tab.goto('/addresses/addresschange');
      await expect(tab.getByRole('textbox', { name: /Straße/ })).toHaveValue('Jungfernstieg');
    }
    await other.getByRole('textbox', { name: /Straße/ }).fill('Neuer Wall');
    await other.getByRole('button', { name: 'Speichern' }).click();
    await expect(other.getByText('Ihre Adresse wurde gespeichert.')).toBeVisible();
    await page.getByRole('textbox', { name: /Hausnummer/ }).fill('7');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Ihre Adresse wurde gespeichert.')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Ihre Standardadresse' })).toContainText('Neuer Wall 7');
    await other.close();
  });

  // QA spec audit, 2026-11-30: the other tab's login said "Ihre Sitzung ist abgelaufen…" to a shopper who had logged out.
  test('a logout in one tab: the other tab on /accessdata goes to the login, which does not say the session expired', async ({ page, baseURL }) => {
    const email = uniqueEmail(test.info(), 'logout-tabs');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);
    await page.goto('/accessdata');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldedaten' })).toBeVisible();

    const other = await page.context().newPage();
    await other.goto('/');
    await expect(other.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
    await other.getByRole('link', { name: 'Abmelden' }).last().click();
    await expect(other.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.getByText(/Ihre Sitzung ist abgelaufen/)).toHaveCount(0);
    await other.close();
  });

  test('password change: a wrong current password on its field, then the banner, the logout after 3 seconds, only the new password', async ({ page, baseURL }) => {
    const email = uniqueEmail(test.info(), 'password');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);

    await page.goto('/accessdata');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldedaten' })).toBeVisible();
    await expect(page.getByText(/auf allen Geräten abgemeldet/)).toBeVisible();
    await expectAccessible(page);
    const section = page.getByRole('region', { name: 'Passwort ändern' });
    const current = section.getByLabel(/^Aktuelles Passwort/);
    await current.fill('Falsch12!x');
    await section.getByLabel(/^Neues Passwort\b/).first().fill(NEW_PASSWORD);
    await section.getByLabel(/^Neues Passwort wiederholen/).fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(section.getByText('Ihr Passwort ist nicht korrekt. Bitte geben Sie Ihr aktuelles Passwort ein.', { exact: true })).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await current.fill(PASSWORD);
    await section.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page.getByText(/Ihr Passwort wurde geändert/)).toBeVisible();
    const changedAt = Date.now();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(2_000);

    await logIn(page, email, PASSWORD);
    await expect(page.getByText('Die E-Mail-Adresse oder das Passwort ist falsch.')).toBeVisible();
    await logIn(page, email, NEW_PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
  });

  test('password change at the first try: the banner stays until the logout though the sections below ask the ended session (QA)', async ({ page, baseURL }) => {
    const email = uniqueEmail(test.info(), 'first-try');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);

    await page.goto('/accessdata');
    const section = page.getByRole('region', { name: 'Passwort ändern' });
    await section.getByLabel(/^Aktuelles Passwort/).fill(PASSWORD);
    await section.getByLabel(/^Neues Passwort\b/).first().fill(NEW_PASSWORD);
    await section.getByLabel(/^Neues Passwort wiederholen/).fill(NEW_PASSWORD);
    // The passkeys section mounts as the banner scrolls it near and asks the session the change has ended: that
    // answer sent the shopper to the login at once, without the banner, with "your session has ended".
    await section.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page.getByText(/Ihr Passwort wurde geändert/)).toBeVisible();
    const changedAt = Date.now();
    await expect(page.getByRole('region', { name: 'Passkeys' })).toBeAttached();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(2_000);
    await expect(page.getByText('Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.')).toBeVisible();
    // Read with the heading the focus goes to: a status region that comes with the page is often not read (QA).
    const login = page.getByRole('heading', { level: 1, name: 'Anmelden' });
    await expect(login).toBeFocused();
    await expect(login).toHaveAccessibleDescription('Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.');
  });

  test('e-mail change: the current password first, the link mailed to the new address, then the login with it', async ({ page, browser, baseURL }) => {
    const email = uniqueEmail(test.info(), 'mover');
    const newEmail = uniqueEmail(test.info(), 'moved');
    await confirmedAccount(page.request, baseURL!, email);
    // The preference-centre link of the account at its old address, kept from before the change.
    const oldCentre = preferenceLink(email);
    await logInThroughApi(page, baseURL!, email);

    await page.goto('/accessdata');
    const section = page.getByRole('region', { name: 'E-Mail-Adresse ändern' });
    await expect(section.getByText(`Ihre E-Mail-Adresse: ${email}`)).toBeVisible();
    await section.getByLabel(/^Aktuelles Passwort/).fill(PASSWORD);
    await section.getByRole('button', { name: 'Weiter' }).click();
    await section.getByRole('textbox', { name: /Neue E-Mail-Adresse/ }).fill(newEmail);
    await expectAccessible(page);
    await section.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await expect(section.getByText(new RegExp(`Wir haben einen Bestätigungslink an ${newEmail.replaceAll('.', '\\.')} geschickt`))).toBeVisible();
    await expectAccessible(page);

    // The old address is told; the new one gets the link.
    await mailsOfKind(page.request, baseURL!, email, 'email-changed-notice');
    const [link] = await mailsOfKind(page.request, baseURL!, newEmail, 'verification');
    const url = new URL(link!.links[0]!);
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung!' })).toBeVisible();
    // The page says that the address changed and is the login now, not the registration's "Sie können sich jetzt
    // anmelden" (QA round of 2026-12-01).
    await expect(page).toHaveURL(/\/double-opt-in-done\?errorCode=0&emailChanged=true$/);
    await expect(page.getByText('Ihre E-Mail-Adresse wurde geändert. Bitte melden Sie sich ab jetzt mit der neuen E-Mail-Adresse an.')).toBeVisible();
    await expect(page.getByText(/Sie können sich jetzt anmelden/)).toHaveCount(0);
    await expectAccessible(page);

    // Changing the login ID ended every session, this tab's too: its "Zum Login" shows the login, not the account page
    // it had read before the confirmation (QA), and the login asks again; only the new address works.
    await page.getByRole('link', { name: 'Zum Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.getByText(/Ihre Sitzung ist abgelaufen/)).toHaveCount(0);
    await logIn(page, email, PASSWORD);
    await expect(page.getByText('Die E-Mail-Adresse oder das Passwort ist falsch.')).toBeVisible();
    await logIn(page, newEmail, PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();

    // The old address's link, opened in a fresh browser, answers as an expired link does (QA: it opened an empty
    // centre, a new newsletter-only account of the address the shopper left behind).
    const fresh = await browser.newContext({ baseURL, locale: 'de-DE' });
    const tab = await fresh.newPage();
    await tab.goto(oldCentre);
    await expect(tab).toHaveURL(/\/preferences\/error\/preferences\.loading$/);
    await expect(tab.getByRole('heading', { level: 1, name: 'Ihre Einstellungen konnten nicht geladen werden.' })).toBeVisible();
    await fresh.close();
  });

  test('own data: the download holds the profile; deleting ends the session and the login is refused afterwards', async ({ page, baseURL }) => {
    test.slow(); // a journey of its own: the download, two deletions and three accessibility scans (34 s once on a busy machine)
    const email = uniqueEmail(test.info(), 'leaving');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
    // The tiles carry their pictures; the account page has its breadcrumbs.
    await expect(page.locator('img.tile__image')).toHaveCount(4);
    await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toBeVisible();
    await expectAccessible(page);

    const downloadButton = page.getByRole('button', { name: 'Meine Daten herunterladen' });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    // The button keeps the focus while the file is made (QA: it disabled itself and the focus fell to the page).
    await expect(downloadButton).toBeFocused();
    expect(download.suggestedFilename()).toMatch(/^kundenkonto-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Record<string, unknown> & { account: Record<string, unknown> };
    expect(exported.account).toMatchObject({ email, profile: { email, firstName: 'Erika', lastName: 'Muster' }, loginProviders: ['site'], socialIdentities: [] });
    // QA round of 2026-11-29: the partners of single sign-on and the audit log's security events are in the file too.
    expect(exported).toMatchObject({ partners: [], securityEvents: expect.arrayContaining([expect.objectContaining({ event: 'login.succeeded' })]) });
    expect(JSON.stringify(exported).toLowerCase()).not.toMatch(/password|hash|token/);

    await page.getByRole('button', { name: 'Kundenkonto löschen …' }).click();
    const password = page.getByRole('region', { name: 'Ihre Daten' }).getByLabel(/^Aktuelles Passwort/);
    await password.fill('Falsch12!x');
    await page.getByRole('button', { name: 'Kundenkonto endgültig löschen' }).click();
    await expect(fieldError(page, 'Ihr Passwort ist nicht korrekt. Bitte geben Sie Ihr aktuelles Passwort ein.')).toBeVisible();
    await expectAccessible(page);
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Kundenkonto endgültig löschen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Ihr Kundenkonto wurde gelöscht/ })).toBeVisible();
    await expectAccessible(page);
    await mailsOfKind(page.request, baseURL!, email, 'account-deleted');

    await page.getByRole('link', { name: 'Zum Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/personaldata');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, PASSWORD);
    await expect(page.getByText('Die E-Mail-Adresse oder das Passwort ist falsch.')).toBeVisible();
  });

  test('a mail speaks the language of the page that caused it, not the one the account registered in (QA)', async ({ page, baseURL }) => {
    const email = uniqueEmail(test.info(), 'leaving-pt');
    await confirmedAccount(page.request, baseURL!, email); // registered from a German page
    await logInThroughApi(page, baseURL!, email);
    await page.goto('/?lang=pt');
    await page.getByRole('button', { name: 'Eliminar a conta de cliente…' }).click();
    await page.getByRole('region', { name: 'Os seus dados' }).getByLabel(/^Palavra-passe atual/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Eliminar a conta definitivamente' }).click();
    await expect(page.getByText(/A sua conta de cliente foi eliminada/)).toBeVisible();
    const [mail] = await mailsOfKind(page.request, baseURL!, email, 'account-deleted');
    expect(mail!.subject).toBe('A sua conta de cliente foi eliminada');
  });

  test('an unused session: the warning two minutes before its end, and staying logged in renews it (page clock)', async ({ page, baseURL }) => {
    const email = uniqueEmail(test.info(), 'idle');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);
    await page.clock.install();
    await page.goto('/personaldata');
    await expect(page.getByRole('heading', { level: 1, name: 'Persönliche Daten' })).toBeVisible();
    // The keeper's code comes a few seconds after the page, and its clock starts once it has run.
    const keeper = page.waitForResponse((response) => /\/assets\/SessionKeeper-[^/]*\.js$/.test(new URL(response.url()).pathname));
    await page.clock.fastForward('00:06');
    await keeper;
    // The service's idle limit is 30 minutes and may date the page's last call a minute early: the warning comes
    // 27 minutes after it (the page's clock moved on in steps of 15 seconds; the keeper's start may fall in one).
    const dialog = page.getByRole('dialog', { name: 'Sind Sie noch da?' });
    let quarters = 0;
    while (quarters < 30 * 4 && !(await dialog.isVisible())) {
      await page.clock.fastForward('00:15');
      quarters += 1;
      if (quarters >= 26 * 4) await dialog.waitFor({ timeout: 300 }).catch(() => undefined);
    }
    expect(quarters / 4).toBeGreaterThanOrEqual(27);
    expect(quarters / 4).toBeLessThanOrEqual(27.5);
    await expect(dialog.getByRole('button', { name: 'Angemeldet bleiben' })).toBeFocused();
    await expectAccessible(page);
    const renewal = page.waitForRequest((request) => request.url().includes('/identity/accounts.getAccountInfo'));
    await page.keyboard.press('Enter');
    await renewal;
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Erika');
  });

  test('the account shell: tiles open pages in the app; a back link only for visitors from a partner service', async ({ page, baseURL }) => {
    const email = uniqueEmail(test.info(), 'partner');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Startseite', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück' })).toHaveCount(0);
    // A tile of the portal's own pages opens the page in the app, as the menu does: no new load of the app (the
    // mark on the window stays), and the keyboard goes on at the page's heading rather than the document's start.
    await page.evaluate(() => Object.assign(window, { stillTheSameApp: true }));
    await page.getByRole('heading', { level: 2, name: 'Persönliche Daten' }).getByRole('link').press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Persönliche Daten' })).toBeFocused();
    expect(await page.evaluate(() => (window as { stillTheSameApp?: boolean }).stillTheSameApp)).toBe(true);
    await page.goto('/', { referer: 'https://photo.example.com/de-de/album' });
    await expect(page.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', 'https://photo.example.com/de-de/album');
  });

  test('every account page in English, scanned', async ({ page, baseURL }) => {
    test.slow();
    const email = uniqueEmail(test.info(), 'english');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);
    for (const [path, heading] of [
      ['/?lang=en', 'Welcome, Erika Muster!'],
      ['/personaldata?lang=en', 'Personal data'],
      ['/addresses?lang=en', 'Address'],
      ['/addresses/addaddress?lang=en', 'Add address'],
      ['/accessdata?lang=en', 'Login details'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toBeVisible();
      await expectAccessible(page);
    }
    await page.goto('/personaldata?lang=en');
    const english = await optionTexts(page.getByRole('combobox', { name: /Title/ }));
    expect(english).toEqual(['Not specified', 'Mr', 'Ms', 'Diverse']);
  });
});
