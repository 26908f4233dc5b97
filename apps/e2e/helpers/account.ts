import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

/** A password that meets the retailer's policy (8 characters, all four groups). */
export const PASSWORD = 'Geheim12!x';

/** An address no other test (or project) uses; one portal serves all parallel workers. */
export function uniqueEmail(info: TestInfo, label: string): string {
  return `${label}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

interface OutboxMail {
  to: string;
  kind: string;
  subject: string;
  text: string;
  links: string[];
}

/** The mails the development outbox holds for `to`, newest first. */
export async function mailsTo(request: APIRequestContext, baseURL: string, to: string): Promise<OutboxMail[]> {
  const response = await request.get(`${baseURL}/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxMail[];
}

/** Waits until `to` has at least `count` verification mails; answers them. */
export async function verificationMails(request: APIRequestContext, baseURL: string, to: string, count = 1): Promise<OutboxMail[]> {
  let mails: OutboxMail[] = [];
  await expect
    .poll(async () => {
      mails = (await mailsTo(request, baseURL, to)).filter((mail) => mail.kind === 'verification');
      return mails.length;
    })
    .toBeGreaterThanOrEqual(count);
  return mails;
}

export async function identityCall(request: APIRequestContext, baseURL: string, method: string, body: object) {
  const response = await request.post(`${baseURL}/identity/accounts.${method}`, { data: body, headers: { Origin: baseURL } });
  return (await response.json()) as { errorCode: number; regToken?: string };
}

/**
 * Registers through the API as the browser client would: with consent, and optionally without first and last
 * name (then the account waits for finalize). Answers the register call's answer.
 */
export async function registerThroughApi(request: APIRequestContext, baseURL: string, email: string, profile: Record<string, string> = {}) {
  const init = await identityCall(request, baseURL, 'initRegistration', {});
  return identityCall(request, baseURL, 'register', {
    email,
    password: PASSWORD,
    regToken: init.regToken,
    profile,
    preferences: { terms: { customeraccount: { isConsentGranted: true } } },
    finalizeRegistration: true,
    lang: 'de',
  });
}

/** Opens the newest verification link of `email` and expects the double opt-in success page. */
export async function confirmEmail(page: Page, baseURL: string, email: string) {
  const [mail] = await verificationMails(page.request, baseURL, email);
  const link = mail!.links[0]!;
  // The mail links to the configured public address; the test server may run on another port.
  await page.goto(new URL(link).pathname + new URL(link).search);
  // The link lands on the page, which confirms with a POST (a GET changes nothing): wait for its outcome.
  await expect(page).toHaveURL(/\/double-opt-in-done\?errorCode=0$/);
}

/** Fills in and sends the login form. */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/**
 * A registered, confirmed account with first and last name (and the given profile): registered through the API,
 * its verification link followed with the same request context.
 */
export async function confirmedAccount(request: APIRequestContext, baseURL: string, email: string, profile: Record<string, string> = {}) {
  const answer = await registerThroughApi(request, baseURL, email, { firstName: 'Erika', lastName: 'Muster', ...profile });
  expect(answer.errorCode).toBe(206002);
  const [mail] = await verificationMails(request, baseURL, email);
  expect(await confirmThroughLink(request, baseURL, mail!.links[0]!)).toBe('/double-opt-in-done?errorCode=0');
}

/**
 * Logs in through the identity API with the page's own request context, so the browser holds the session cookie
 * (quicker than the form, which the login journeys cover).
 */
export async function logInThroughApi(page: Page, baseURL: string, email: string, password = PASSWORD) {
  const answer = await identityCall(page.request, baseURL, 'login', { loginID: email, password });
  expect(answer.errorCode).toBe(0);
}

/** The mails of a kind to `to`, waited for until there is at least one. */
export async function mailsOfKind(request: APIRequestContext, baseURL: string, to: string, kind: string): Promise<OutboxMail[]> {
  let mails: OutboxMail[] = [];
  await expect
    .poll(async () => {
      mails = (await mailsTo(request, baseURL, to)).filter((mail) => mail.kind === kind);
      return mails.length;
    })
    .toBeGreaterThan(0);
  return mails;
}

/**
 * What the page a mail link lands on does, without a browser: the link's GET only lands (the token in the
 * fragment), and the token is posted back to the link's address. Answers the page that shows the outcome.
 */
export async function confirmThroughLink(request: APIRequestContext, baseURL: string, mailLink: string): Promise<string> {
  const link = new URL(mailLink);
  const landed = await request.get(`${baseURL}${link.pathname}${link.search}`, { maxRedirects: 0 });
  expect(landed.status()).toBe(303);
  const token = [...new URLSearchParams(new URL(landed.headers()['location']!, baseURL).hash.slice(1)).values()][0];
  expect(token).toBeTruthy();
  const posted = await request.post(`${baseURL}${link.pathname}`, { form: { token: token! }, headers: { Origin: baseURL } });
  expect(posted.status()).toBe(200);
  return ((await posted.json()) as { next: string }).next;
}

/** "Weiter mit Google", then the development issuer's login form with a confirmed address, as the provider would show it. */
export async function logInWithGoogle(page: Page, email: string) {
  await page.getByRole('button', { name: 'Weiter mit Google' }).click();
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByRole('checkbox', { name: 'E-Mail bestätigt' }).check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Fills and sends the registration form on the page it is on (/registration): address, password, the terms ticked. */
export async function registerOnPage(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(email);
  await page.getByLabel(/^Passwort/).fill(password);
  await page.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ }).check();
  await page.getByRole('button', { name: 'Jetzt registrieren' }).click();
}

/**
 * Fills finalize's fields of the default registration (/registration/finalize): the name and a German postcode, then
 * waits for the region the postcode names. The submit is the caller's.
 */
export async function fillFinalizeForm(page: Page, zip = '20095', region = 'Nord') {
  await page.getByRole('textbox', { name: /Vorname/ }).fill('Erika');
  await page.getByRole('textbox', { name: /Nachname/ }).fill('Muster');
  await page.getByRole('textbox', { name: /Postleitzahl/ }).fill(zip);
  await expect(page.getByText(`Ihre Region: ${region}`)).toBeVisible();
}
