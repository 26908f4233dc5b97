import {
  confirmedAccount,
  confirmThroughLink,
  identityCall,
  logInThroughApi,
  PASSWORD,
  registerThroughApi,
  uniqueEmail,
  verificationMails,
} from '../helpers/account';
import { expect, expectAccessible, test } from '../fixtures';

// Mail scanners and link previews open every link of a mail with GET before the recipient does: a confirmation
// link must change nothing on GET. It lands on its page, and the page confirms with a POST.
test.describe('mail links', () => {
  test('a scanner opening the verification link confirms nothing; the shopper opening it does', async ({ page, request, baseURL }) => {
    const email = uniqueEmail(test.info(), 'scanned');
    expect((await registerThroughApi(request, baseURL!, email, { firstName: 'Erika', lastName: 'Muster' })).errorCode).toBe(206002);
    const [mail] = await verificationMails(request, baseURL!, email);
    const link = new URL(mail!.links[0]!);

    // The scanner: a bare GET, redirects followed, as many times as it likes.
    for (let i = 0; i < 2; i++) expect((await request.get(`${baseURL}${link.pathname}${link.search}`)).status()).toBe(200);
    expect((await identityCall(request, baseURL!, 'login', { loginID: email, password: PASSWORD })).errorCode).toBe(206002);

    // The shopper: the page posts the token and shows the outcome; the address is confirmed, once.
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung!' })).toBeVisible();
    await expect(page).toHaveURL(/\/double-opt-in-done\?errorCode=0$/);
    await expectAccessible(page);
    expect((await identityCall(request, baseURL!, 'login', { loginID: email, password: PASSWORD })).errorCode).toBe(0);
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(/\/error\/doi-404000$/);
  });

  test("a mail's link opens its page in the mail's language and the shopper's country, whatever the browser's (QA)", async ({ page, request, baseURL }) => {
    const email = uniqueEmail(test.info(), 'french-mail');
    const init = await identityCall(request, baseURL!, 'initRegistration', {});
    const registered = await identityCall(request, baseURL!, 'register', {
      email,
      password: PASSWORD,
      regToken: init.regToken,
      profile: { firstName: 'Élise', lastName: 'Martin' },
      preferences: { terms: { customeraccount: { isConsentGranted: true } } },
      finalizeRegistration: true,
      lang: 'fr-BE', // registered from a Belgian French page; the test's browser asks for German
    });
    expect(registered.errorCode).toBe(206002);
    const [mail] = await verificationMails(request, baseURL!, email);
    expect(mail!.subject).toMatch(/adresse e-mail/);
    const link = new URL(mail!.links[0]!);
    // The text is French, the link keeps Belgium: a base language opened the French site (QA).
    expect(link.searchParams.get('lang')).toBe('fr-BE');
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(/\/double-opt-in-done\?errorCode=0$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-BE');
  });

  // A later QA round of 2026-12-01: the link of an e-mail change whose new address someone registered meanwhile (not
  // confirmed yet) said "Es ist ein unerwarteter Fehler aufgetreten. Fehlercode: doi-400003", not that the address stayed.
  test("an e-mail change's link to an address registered meanwhile says it was taken, and leads to another address", async ({ page, request, baseURL }) => {
    const email = uniqueEmail(test.info(), 'changer');
    const taken = uniqueEmail(test.info(), 'taken-meanwhile');
    await confirmedAccount(request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);
    expect((await identityCall(page.request, baseURL!, 'setAccountInfo', { password: PASSWORD, profile: { email: taken } })).errorCode).toBe(0);
    const [change] = await verificationMails(request, baseURL!, taken);
    expect((await registerThroughApi(request, baseURL!, taken, { firstName: 'Max', lastName: 'Muster' })).errorCode).toBe(206002);
    const [registration] = await verificationMails(request, baseURL!, taken, 2); // newest first

    const link = new URL(change!.links[0]!);
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(/\/error\/email-change-in-use$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Die neue E-Mail-Adresse ist inzwischen vergeben.' })).toBeVisible();
    await expect(page.getByText(/Ihre E-Mail-Adresse wurde deshalb nicht geändert/)).toBeVisible();
    await expect(page.getByText(/Fehlercode/)).toHaveCount(0);
    await expectAccessible(page);
    // The change ended no session: the way on is the login data page, with the address as it was.
    await page.getByRole('link', { name: 'Andere E-Mail-Adresse angeben' }).click();
    await expect(page).toHaveURL(/\/accessdata$/);
    await expect(page.getByText(`Ihre E-Mail-Adresse: ${email}`)).toBeVisible();
    // The registration's own link still confirms it.
    expect(await confirmThroughLink(request, baseURL!, registration!.links[0]!)).toBe('/double-opt-in-done?errorCode=0');
  });
});
