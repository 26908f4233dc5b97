import { expect, expectAccessible, test } from '../fixtures';

test.describe('preference centre', () => {
  test('without a token the visitor lands on the not-found error page', async ({ page }) => {
    await page.goto('/preferences');
    await expect(page).toHaveURL(/\/preferences\/error\/notfound$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the preferences.loading error page explains the broken link', async ({ page }) => {
    await page.goto('/preferences/error/preferences.loading');
    await expect(page.getByRole('heading', { level: 1, name: 'Ihre Einstellungen konnten nicht geladen werden.' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown error code shows the fallback texts', async ({ page }) => {
    await page.goto('/preferences/error/xyz');
    await expect(page.getByRole('heading', { level: 1, name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toBeVisible();
    await expect(page.getByText('Fehlercode: xyz')).toBeVisible();
  });

  test('the unsubscribe success page offers to subscribe again', async ({ page }) => {
    await page.goto('/unsubscribe-success');
    await expect(page.getByRole('heading', { level: 1, name: 'Sie wurden erfolgreich abgemeldet.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Erneut anmelden' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the double opt-in confirmation', async ({ page }) => {
    await page.goto('/preferences/double-opt-in-done');
    await expect(page.getByRole('heading', { level: 1, name: 'Erinnerung aktiv!' })).toBeVisible();
    await expectAccessible(page);
  });

  test('?lang=fr shows French, and the choice survives a reload', async ({ page }) => {
    await page.goto('/preferences/error/notfound?lang=fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/preferences/error/notfound');
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Langue Français (France)' })).toBeVisible();
  });

  test('the language switch is offered and works', async ({ page }) => {
    await page.goto('/preferences/double-opt-in-done');
    await page.getByRole('button', { name: /^Sprache / }).click();
    await page.getByRole('button', { name: 'Nederlands (Nederland)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Herinnering actief!' })).toBeVisible();
  });

  test('the app shell is served from /preferences/ with cached assets', async ({ request, page }) => {
    await page.goto('/preferences/double-opt-in-done');
    const script = await page.locator('script[type="module"]').getAttribute('src');
    expect(script).toMatch(/^\/preferences\/assets\//);
    const asset = await request.get(script!);
    expect(asset.headers()['cache-control']).toContain('immutable');
  });
});
