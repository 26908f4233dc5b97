import { expect, expectAccessible, logIn, loginError, QA_PASSWORD, test } from './qa-fixtures';
import { fieldError } from '../helpers/forms';

// The error catalogues of spec 000 §8 (account portal) and spec 001 §8 (preference centre), walked on the fake
// identity provider in QA mode: the seeded accounts of the default scenario reach the states the provider can
// produce, and answers forced through the QA panel reach the codes it rarely or never gives.

test.describe('account portal: login answers (spec 000 §8)', () => {
  test('the QA panel, then every login answer of the catalogue with its reaction on screen', async ({ page, openQa }) => {
    test.slow(); // one journey, about a dozen page loads and seven accessibility scans

    await page.goto('/dev/qa');
    await expect(page.getByRole('heading', { level: 1, name: 'QA panel' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'locked@qa.example', exact: true })).toBeVisible();
    await expectAccessible(page);
    // The panel's form leads to the page with the scenario and the forced answer chosen.
    await page.getByLabel('Forced answer for the next call').selectOption({ label: 'login: account not activated' });
    await page.getByLabel('Page').selectOption({ label: 'Account portal: login' });
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, 'erika@qa.example');
    // 206006: not activated, verify it.
    await expect(loginError(page)).toHaveText(/Ihr Kundenkonto ist noch nicht aktiviert/);
    await expectAccessible(page);

    // 403041: blocked by an operator; 403120: locked after failed logins; 403042: wrong password with the hint.
    await logIn(page, 'blocked@qa.example');
    await expect(loginError(page)).toHaveText('Ihr Kundenkonto ist gesperrt. Bitte wenden Sie sich an unseren Kundenservice.');
    await expectAccessible(page);
    await logIn(page, 'locked@qa.example');
    await expect(loginError(page)).toHaveText(/vorübergehend gesperrt/);
    await expectAccessible(page);
    await logIn(page, 'erika@qa.example', 'Falsch-Passwort-1!');
    await expect(loginError(page)).toContainText('Die E-Mail-Adresse oder das Passwort ist falsch.');
    await expect(loginError(page).getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();

    // 206002 (e-mail not confirmed): the resend panel; the service answers the resend from the scenario (201).
    await logIn(page, 'unverified@qa.example');
    await expect(page.getByRole('heading', { level: 2, name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })).toBeVisible();
    await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
    await expect(page.getByText('Wir haben Ihnen eine neue Bestätigungs-E-Mail geschickt.')).toBeVisible();
    await expectAccessible(page);

    // 400006 with REGISTRATION_UNVERIFIED: the resend panel too; for an address already verified the resend says so (204).
    await openQa({ force: ['login-400006-unverified'], target: '/login' });
    await logIn(page, 'erika@qa.example');
    await expect(page.getByRole('heading', { level: 2, name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })).toBeVisible();
    await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
    await expect(page.getByText('Ihre E-Mail-Adresse ist bereits bestätigt. Sie können sich jetzt anmelden.')).toBeVisible();

    // 400006 without a custom message: the general form text.
    await openQa({ force: ['login-400006'], target: '/login' });
    await logIn(page, 'erika@qa.example');
    await expect(loginError(page)).toHaveText('Bitte überprüfen Sie Ihre Eingaben im Formular.');

    // 400006 with another custom message: clp.login.customError.unknown.
    await openQa({ force: ['login-400006-custom'], target: '/login' });
    await logIn(page, 'erika@qa.example');
    await expect(loginError(page)).toHaveText('Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.');

    // A code the app does not know is shown with its number.
    await openQa({ force: ['login:500001'], target: '/login' });
    await logIn(page, 'erika@qa.example');
    await expect(loginError(page)).toHaveText('Es ist ein unerwarteter Fehler aufgetreten. Fehlercode: 500001');
    await expectAccessible(page);

    // 200009 (stale link token, no session): the app drops the stored link token and logs in plainly.
    await openQa({ force: ['login-200009'], target: '/login' });
    await page.evaluate(() => window.sessionStorage.setItem('accountLinkingRegToken', 'stale-link-token'));
    await logIn(page, 'erika@qa.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('accountLinkingRegToken'))).toBeNull();
  });

  test('the provider cannot be reached: the login says so with the code', async ({ page, openQa }) => {
    await openQa({ scenario: 'outage', target: '/login' });
    await logIn(page, 'erika@qa.example');
    await expect(loginError(page)).toHaveText('Es ist ein unerwarteter Fehler aufgetreten. Fehlercode: outage');
  });
});

test.describe('account portal: finishing and linking (spec 000 §4 and §8)', () => {
  test('206001 finishes the registration; 403043 keeps the link token and goes to link-accounts; social answers', async ({ page, openQa }) => {
    test.slow();

    // 206001 at login: the finalize page asks for what is missing, then the shopper is in.
    await openQa({ target: '/login' });
    await logIn(page, 'incomplete@qa.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /Vorname/ }).fill('Ines');
    await page.getByRole('textbox', { name: /Nachname/ }).fill('Unvollständig');
    await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('80331');
    await expect(page.getByText('Ihre Region: Süd')).toBeVisible();
    await page.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ }).check();
    await page.getByRole('button', { name: 'Registrierung abschließen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank! Ihre Angaben wurden gespeichert.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Ines Unvollständig!' })).toBeVisible({ timeout: 15_000 });

    // 403043 from a social login: the e-mail of Google's identity has a site account.
    await openQa({ target: '/login' });
    await page.getByRole('button', { name: 'Weiter mit Google' }).click();
    await expect(page).toHaveURL(/\/social\/link-accounts$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('accountLinkingRegToken'))).toMatch(/\S/);

    // 403043 answered to the login itself (spec 000 §4): the same reaction.
    await openQa({ force: ['login-403043'], target: '/login' });
    await page.evaluate(() => window.sessionStorage.removeItem('accountLinkingRegToken'));
    await logIn(page, 'erika@qa.example');
    await expect(page).toHaveURL(/\/social\/link-accounts$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('accountLinkingRegToken'))).toMatch(/\S/);

    // A new social user (Apple) finishes the registration; a social-only account (Facebook) logs straight in.
    await openQa({ target: '/login' });
    await page.getByRole('button', { name: 'Weiter mit Apple' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible();
    await openQa({ target: '/login' });
    await page.getByRole('button', { name: 'Weiter mit Facebook' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Sofie Sozial!' })).toBeVisible();
  });

  test('400009 with 400003 at registration tries the login; else the account-exists text; an expired link offers registration', async ({ page, openQa }) => {
    await openQa({ target: '/registration' });
    const register = async (password: string) => {
      await page.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill('erika@qa.example');
      await page.getByLabel(/^Passwort/).fill(password);
      await page.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ }).check();
      await page.getByRole('button', { name: 'Jetzt registrieren' }).click();
    };
    await register('Anderes-Passwort-2?');
    await expect(page.getByText(/Für diese E-Mail-Adresse gibt es bereits ein Kundenkonto/)).toBeVisible();
    await expectAccessible(page);
    await register(QA_PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();

    // 403002: the confirmation link expired; the error page offers to register again.
    await page.goto('/double-opt-in-done?errorCode=403002');
    await expect(page).toHaveURL(/\/error\/doi-403002$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Der Bestätigungslink ist abgelaufen.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Jetzt registrieren' })).toBeVisible();
  });
});

test.describe('preference centre: error rules (spec 001 §8)', () => {
  test('403005 on the first look-up is ignored; setAccountInfo errors above the save button and on their fields', async ({ page, openQa, linkFor }) => {
    test.slow();
    const link = linkFor('reminders@qa.example');
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });

    // 403005 on the first look-up: no error page, nothing logged; the subscriber's centre and reminders show.
    await openQa({ force: ['getAccountInfo-403005'], target: link });
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo Paul!' })).toBeVisible();
    expect(warnings.filter((text) => text.includes('getAccountInfo'))).toEqual([]);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Produkterinnerungen' }).click();
    await expect(page.getByText('Haferdrink, 1 l')).toBeVisible();

    // setAccountInfo answers 400009 with validation errors: mpp.errors.400009.general above the save button and
    // the server's message on the newsletter it names, one the shopper ends here (one the shopper subscribes to opens
    // the 'Entschuldigung!' dialog instead, screen 6: the test below).
    await openQa({ force: ['setAccountInfo-400009'], target: linkFor('newsletter@qa.example') });
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo Nina!' })).toBeVisible();
    await page.getByRole('switch', { name: 'Allgemeiner Newsletter' }).uncheck();
    await page.getByRole('button', { name: 'Speichern' }).click();
    const general = page.getByText('Ihre Änderungen konnten nicht gespeichert werden. Bitte überprüfen Sie die markierten Angaben.');
    await expect(general).toBeVisible();
    const saveBox = await page.getByRole('button', { name: 'Speichern' }).boundingBox();
    expect((await general.boundingBox())!.y).toBeLessThan(saveBox!.y);
    await expect(fieldError(page, 'This newsletter cannot be changed at the moment.')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Allgemeiner Newsletter' })).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    // 400006 on save: the general form text (spec 001 §5).
    await openQa({ force: ['setAccountInfo-400006'], target: link });
    await page.getByRole('switch', { name: 'Rezepte & Inspiration' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Bitte überprüfen Sie Ihre Eingaben im Formular.')).toBeVisible();
  });

  test("a subscription the provider refuses: 'Entschuldigung!' naming it, with OK, the newsletter off again; the rest of the form saved at once; other errors follow (spec 001 §2, screen 6)", async ({ page, openQa, linkFor }) => {
    await openQa({ force: ['setAccountInfo-400009-subscription'], target: linkFor('newsletter@qa.example') });
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo Nina!' })).toBeVisible();
    const offers = page.getByRole('switch', { name: 'Angebote der Woche' });
    await offers.check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Entschuldigung!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Sie dürfen den Newsletter „Angebote der Woche“ leider nicht abonnieren.');
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    // The rule behind it is not shown: neither the provider's message nor the form's "check the marked entries".
    await expect(page.getByText('Unknown subscription')).toHaveCount(0);
    await expect(page.getByText('Ihre Änderungen konnten nicht gespeichert werden.', { exact: false })).toHaveCount(0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(offers).not.toBeChecked();
    await expect(offers).toBeFocused();
    // Nothing else was in the form: nothing is saved again, and no banner says so.
    await expect(page.getByText('Erfolgreich! Ihr Profil wurde aktualisiert.')).toHaveCount(0);

    // With other changes in the form, which the provider wrote none of (it writes nothing of a save it refuses a
    // field of): after OK they are saved at once, the refused newsletter off, and the save ends as any save (spec 001
    // §4: the banner, the next tab). Saved from another tab than the switch's, the dialog names the newsletter.
    await openQa({ force: ['setAccountInfo-400009-subscription'], target: linkFor('newsletter@qa.example') });
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo Nina!' })).toBeVisible();
    await page.getByRole('switch', { name: 'Angebote der Woche' }).check();
    await page.getByRole('tab', { name: 'Meine Interessen' }).click();
    await page.getByRole('checkbox', { name: 'Bio' }).check();
    await page.getByRole('tab', { name: 'Meine Filiale' }).click();
    await page.getByRole('textbox', { name: /Vorname/ }).fill('Nina-Marie');
    await page.getByRole('button', { name: 'Speichern' }).click();
    const named = page.getByRole('dialog', { name: 'Entschuldigung!' });
    await expect(named).toContainText('Sie dürfen den Newsletter „Angebote der Woche“ leider nicht abonnieren.');
    await named.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Erfolgreich! Ihr Profil wurde aktualisiert.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo Nina-Marie!' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Produkterinnerungen', selected: true })).toBeFocused();
    await page.getByRole('tab', { name: 'Meine Interessen' }).click();
    await expect(page.getByRole('checkbox', { name: 'Bio' })).toBeChecked();
    await page.getByRole('tab', { name: 'Newsletter' }).click();
    await expect(page.getByRole('switch', { name: 'Angebote der Woche' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Allgemeiner Newsletter' })).toBeChecked();

    // The 400009 preset refuses a newsletter and a data field: subscribed to, the newsletter opens the dialog, and the
    // data field's error says the form's text once it is closed.
    await openQa({ force: ['setAccountInfo-400009'], target: linkFor('reminders@qa.example') });
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo Paul!' })).toBeVisible();
    const general = page.getByRole('switch', { name: 'Allgemeiner Newsletter' });
    await general.check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    const sorry = page.getByRole('dialog', { name: 'Entschuldigung!' });
    await expect(sorry).toBeVisible();
    await sorry.getByRole('button', { name: 'OK' }).click();
    await expect(sorry).toBeHidden();
    await expect(page.getByText('Ihre Änderungen konnten nicht gespeichert werden. Bitte überprüfen Sie die markierten Angaben.')).toBeVisible();
    await expect(general).not.toBeChecked();
    await expect(page.getByText('This newsletter cannot be changed at the moment.')).toHaveCount(0);
  });

  test('400006 on birthYear, saved from the newsletters: "Meine Filiale" opens with the focus on the date of birth (spec 001 §5)', async ({ page, openQa, linkFor }) => {
    await openQa({ force: ['setAccountInfo-400009-birthYear'], target: linkFor('newsletter@qa.example') });
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo Nina!' })).toBeVisible();
    await page.getByRole('switch', { name: 'Angebote der Woche' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Ihre Änderungen konnten nicht gespeichert werden. Bitte überprüfen Sie die markierten Angaben.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Meine Filiale', selected: true })).toBeVisible();
    await expect(page.getByText('Das Geburtsjahr muss zwischen 1900 und 2020 liegen.', { exact: true })).toBeVisible();
    const dateOfBirth = page.getByLabel('Geburtsdatum');
    await expect(dateOfBirth).toHaveAttribute('aria-invalid', 'true');
    await expect(dateOfBirth).toBeFocused();
    await expectAccessible(page);
  });

  test('errors on a yes/no and a one-answer tile, saved from the newsletters: "Meine Interessen" opens with the focus on the tile (spec 001 §5)', async ({ page, openQa, linkFor }) => {
    await openQa({ force: ['setAccountInfo-400009-tiles'], target: linkFor('newsletter@qa.example') });
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo Nina!' })).toBeVisible();
    await page.getByRole('switch', { name: 'Angebote der Woche' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Ihre Änderungen konnten nicht gespeichert werden. Bitte überprüfen Sie die markierten Angaben.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Meine Interessen', selected: true })).toBeVisible();
    // The server's message under each tile (no mpp.errors key for them: spec 001 §5 falls back to it).
    const organic = page.getByRole('checkbox', { name: 'Bio' });
    await expect(fieldError(page, 'Unknown preference')).toBeVisible();
    await expect(organic).toHaveAttribute('aria-invalid', 'true');
    await expect(organic).toHaveAccessibleDescription('Lebensmittel aus ökologischem Anbau Unknown preference');
    await expect(organic).toBeFocused();
    const frequency = page.getByRole('radiogroup', { name: 'Wie oft kaufen Sie bei uns ein?' });
    await expect(frequency).toHaveAttribute('aria-invalid', 'true');
    await expect(fieldError(page, 'The specified value does not correspond to the expected format.')).toBeVisible();
    await expectAccessible(page);
  });

  test('the scenario\'s subscribers: newsletters shown as subscribed; unsubscribed from all goes to the success page; a broken link', async ({ page, openQa, linkFor }) => {
    await openQa({ target: linkFor('newsletter@qa.example') });
    await expect(page.getByRole('heading', { level: 1, name: 'Hallo Nina!' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Allgemeiner Newsletter' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Rezepte & Inspiration' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Angebote der Woche' })).not.toBeChecked();

    await openQa({ target: linkFor('unsubscribed@qa.example') });
    await expect(page).toHaveURL(/\/unsubscribe-success$/);

    // The token exchange refuses a broken link: preferences.loading.
    await openQa({ target: '/preferences/token/not-a-link' });
    await expect(page.getByRole('heading', { level: 1, name: 'Ihre Einstellungen konnten nicht geladen werden.' })).toBeVisible();
  });
});
