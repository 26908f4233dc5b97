import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, QA_PASSWORD, test } from './qa-fixtures';
import { fieldError } from '../helpers/forms';

// The answers of spec 000 §8 that belong to a field or to the password reset, forced through the QA panel's
// presets (services/api/internal/qamode/forced-answers.json) on the fake identity provider, each with the
// spec's text on screen: 400006 on birthYear, 400006.100001, 403042, 403047 and 403025.

/**
 * Logs erika in and opens an account page inside the app: a page load would start the fake afresh, logged out
 * (the account tiles are plain links, as the CMS may point them anywhere), so the router is moved instead.
 */
async function openAccountPage(page: Page, path: string) {
  await logIn(page, 'erika@qa.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' })).toBeVisible();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test.describe('account portal: answers on a field and of the password reset (spec 000 §8)', () => {
  test('400006 on birthYear shows the invalid birth year on the date of birth', async ({ page, openQa }) => {
    await openQa({ force: ['setAccountInfo-400009-birthYear'], target: '/login' });
    await openAccountPage(page, '/personaldata');
    await page.getByLabel('Geburtsdatum').fill('1984-05-17');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(fieldError(page, 'Das Geburtsjahr muss zwischen 1900 und 2020 liegen.')).toBeVisible();
    await expect(page.getByLabel('Geburtsdatum')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
  });

  test('400006.100001 says the new password must differ; 403042 says the current password is wrong', async ({ page, openQa }) => {
    const changePassword = async () => {
      await page.getByLabel(/^Aktuelles Passwort/).last().fill(QA_PASSWORD);
      await page.getByLabel(/^Neues Passwort$|^Neues Passwort\s*\*/).fill('Neues-Passwort-2?');
      await page.getByLabel(/^Neues Passwort wiederholen/).fill('Neues-Passwort-2?');
      await page.getByRole('button', { name: 'Passwort ändern' }).click();
    };
    await openQa({ force: ['setAccountInfo-400006-100001'], target: '/login' });
    await openAccountPage(page, '/accessdata');
    await changePassword();
    await expect(page.getByText('Das neue Passwort muss sich vom bisherigen unterscheiden.', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await openQa({ force: ['setAccountInfo-403042'], target: '/login' });
    await openAccountPage(page, '/accessdata');
    await changePassword();
    await expect(page.getByText('Ihr Passwort ist nicht korrekt. Bitte geben Sie Ihr aktuelles Passwort ein.', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('403047 at the reset request says there is no such account; 403025 says the link is no longer valid', async ({ page, openQa }) => {
    await openQa({ force: ['resetPassword-403047'], target: '/login/reset-password/start' });
    await page.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill('niemand@qa.example');
    await page.getByRole('button', { name: 'Link senden' }).click();
    await expect(fieldError(page, 'Es gibt kein Kundenkonto mit diesem Benutzernamen oder dieser E-Mail-Adresse.')).toBeVisible();
    await expectAccessible(page);

    await openQa({ force: ['resetPassword-403025'], target: '/login/reset-password?pwrt=qa-reset-token' });
    await page.getByLabel(/^Neues Passwort$|^Neues Passwort\s*\*/).fill('Neues-Passwort-2?');
    await page.getByLabel(/^Neues Passwort wiederholen/).fill('Neues-Passwort-2?');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByText(/Der Link zum Ändern des Passworts ist abgelaufen, wurde bereits verwendet oder ist ungültig/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible();
    await expectAccessible(page);
  });
});
