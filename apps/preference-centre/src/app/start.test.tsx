import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import type { PreferenceCentreContent } from '@portal/cms';
import { stubSiteFetch, testContent, testMetadata } from '@portal/cms/testing';
import { createFakeProvider } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { startCentre } from './start';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJlcmlrYSJ9.c2lnbmF0dXJl';

let root: Root | undefined;
beforeEach(forgetLanguage);
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

// The app's own query client retries a failed load once, a second later.
jest.setTimeout(20_000);

/** Opens the centre at `address` as the browser does: the app started in the page, with the browser's router. */
async function open(address: string) {
  window.history.replaceState(null, '', address);
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () => {
    root = await startCentre(undefined, container);
  });
}

// Spec 001 §8: the failure shows in place of the centre. The token, which reads and changes the subscriber's data for
// 30 days, stayed in the address and the history there, for the tag manager and the next user of the browser, where a
// centre that loads takes it out at once (QA spec audit, 2026-11-30).
describe('a link whose site does not load', () => {
  it.each([
    ['metadata', { metadata: 500 }, 'Die Metadaten konnten nicht geladen werden.'],
    // The language is known then: jsdom's browser speaks English, the spec's words.
    ['content', { content: { de_DE: 500, en_GB: 500, fr_FR: 500, default: 500 } }, 'cms data fetch failed.'],
  ] as const)('%s: the error shows, and the token has left the address for the history entry\'s state', async (_, responses, failure) => {
    stubSiteFetch(responses);
    await open(`/preferences/token/${JWT}#newsletter`);
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(failure);
    expect(window.location.href).not.toContain(JWT);
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/preferences/token/#newsletter');
    // Where the centre finds it once the site loads, after a try or a reload (PreferenceCentreEntry).
    expect(window.history.state).toMatchObject({ usr: { link: JWT } });
    // The way home is the centre's, not the account portal's login (QA spec audit, 2026-11-30).
    expect(screen.getByRole('link', { name: /Startseite|home page/ })).toHaveAttribute('href', '/preferences/');
  });
});

describe('a link whose site loads', () => {
  it('the token leaves the address at once, and its lang stays there for the language the page opens in', async () => {
    stubSiteFetch({ content: { fr_FR: testContent() } });
    await open(`/preferences/token/${JWT}?lang=fr-FR#newsletter`);
    expect(window.location.href).not.toContain(JWT);
    await waitFor(() => expect(document.documentElement.lang).toBe('fr-FR'), { timeout: 10_000 });
  });
});

// The first page's requests start as soon as the identity provider exists, beside the texts and the content: held
// here, the content has not answered when they go out (issue 16, 2026-11-30).
describe('what the first page asks for before its content has arrived', () => {
  const SESSION_LINK = '/rest/v1/subscriber/jwt';
  const REG_TOKEN = '/rest/v1/subscriber/regToken/jwt';
  let releaseContent: () => void;
  let contentAsked: boolean;

  /** The site with single sign-on, a logged-in session when `loggedIn`, and CMS content held until released. */
  function stubSite(loggedIn: boolean): string[] {
    const requested = stubSiteFetch({
      metadata: testMetadata({ sso: { apiKey: 'portal', customLogin: false } }),
      content: { en_GB: testContent({ preferenceCentre: { subscribeAgainUrl: 'https://example.com/newsletter', tabs: [], newsletters: {} } }) },
      rest: (url) => {
        if (url.endsWith(SESSION_LINK)) return answer(loggedIn ? 200 : 401, loggedIn ? { jwt: JWT, expiresAt: '2099-01-01T00:00:00Z' } : {});
        if (url.endsWith(REG_TOKEN)) return answer(401, { error: { code: 'preferences.loading' } });
        return undefined;
      },
    });
    const site = globalThis.fetch;
    const held = new Promise<void>((resolve) => (releaseContent = resolve));
    contentAsked = false;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/cms/')) {
        contentAsked = true;
        await held;
      }
      return site(input, init);
    }) as typeof fetch;
    return requested;
  }
  const answer = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body }) as Response;
  const asked = (requested: string[], path: string) => requested.filter((url) => url.endsWith(path)).length;

  it("a logged-in shopper's centre without a link: the session's link, and with it the link's regToken", async () => {
    const requested = stubSite(true);
    await open('/preferences/');
    await waitFor(() => expect(asked(requested, REG_TOKEN)).toBe(1), { timeout: 10_000 });
    expect(asked(requested, SESSION_LINK)).toBe(1);
    // Once shown, the entry takes that session link: the regToken's refusal is its failure, which asks whether the
    // session goes on (SessionFailure) and, as it does, shows the loading error.
    act(() => releaseContent());
    await waitFor(() => expect(window.location.pathname).toBe('/preferences/error/preferences.loading'), { timeout: 10_000 });
  });

  it('a visitor without a login reaches the not-found page, whose session link was asked for once', async () => {
    const requested = stubSite(false);
    await open('/preferences/');
    await waitFor(() => expect(asked(requested, SESSION_LINK)).toBe(1), { timeout: 10_000 });
    act(() => releaseContent());
    await waitFor(() => expect(window.location.pathname).toBe('/preferences/error/notfound'), { timeout: 10_000 });
    expect(asked(requested, SESSION_LINK)).toBe(1);
    expect(asked(requested, REG_TOKEN)).toBe(0);
  });

  it("the centre reloaded after its link: the regToken of the link the history entry kept", async () => {
    const requested = stubSite(false);
    window.history.replaceState({ usr: { link: JWT }, key: 'k', idx: 0 }, '', '/preferences/token/#newsletter');
    const container = document.body.appendChild(document.createElement('div'));
    await act(async () => {
      root = await startCentre(undefined, container);
    });
    await waitFor(() => expect(asked(requested, REG_TOKEN)).toBe(1), { timeout: 10_000 });
    expect(asked(requested, SESSION_LINK)).toBe(0);
  });

  it.each(['/preferences/error/notfound', '/preferences/session-ended', '/preferences/double-opt-in-done?errorCode=0'])(
    '%s asks for no session link',
    async (address) => {
      const requested = stubSite(true);
      await open(address);
      await waitFor(() => expect(contentAsked).toBe(true), { timeout: 10_000 });
      act(() => releaseContent());
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(asked(requested, SESSION_LINK)).toBe(0);
    },
  );
});

// The active tab is kept in the URL hash (spec 001 §2). A hash changed in the address bar, by `location.hash` or by a
// page's anchor to a tab is a new history entry of the same document, made by the browser without the entry's state
// that holds the link's token: the centre found no token, asked for a session's link and showed "not found" (QA).
describe("another hash at the link's centre, in the same document", () => {
  const SESSION_LINK = '/rest/v1/subscriber/jwt';
  const REG_TOKEN = '/rest/v1/subscriber/regToken/jwt';
  const EMAIL = 'erika@example.org';
  const centre: PreferenceCentreContent = {
    subscribeAgainUrl: 'https://example.com/newsletter',
    tabs: [
      { id: 'newsletter', title: 'Newsletter', accessWithoutNewsletterSubscription: true, items: [{ type: 'separator', id: 'one' }] },
      { id: 'my-store', title: 'My store', accessWithoutNewsletterSubscription: true, items: [{ type: 'separator', id: 'two' }] },
    ],
    newsletters: {},
  };

  /** The site whose link opens Erika's centre; the embedded provider's calls answered by a fake of the service. */
  function stubCentre(): string[] {
    const fake = createFakeProvider({ accounts: [{ email: EMAIL, profile: { firstName: 'Erika' } }] });
    const answer = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body }) as Response;
    return stubSiteFetch({
      // With single sign-on: the token-less entry asks for a session's link, which nobody logged in has (401).
      metadata: testMetadata({ sso: { apiKey: 'portal', customLogin: false } }),
      content: { de_DE: testContent({ preferenceCentre: centre }), en_GB: testContent({ preferenceCentre: centre }), default: testContent({ preferenceCentre: centre }) },
      rest: (url, init) => {
        if (url.endsWith(REG_TOKEN)) return answer(200, fake.issueSubscriberRegToken(EMAIL));
        if (url.endsWith(SESSION_LINK)) return answer(401, {});
        const method = /\/identity\/accounts\.(\w+)$/.exec(url)?.[1];
        if (!method) return undefined;
        const call = (fake as unknown as Record<string, (params: unknown) => Promise<unknown>>)[method]!;
        return call(JSON.parse(String(init?.body ?? '{}'))).then((body) => answer(200, body));
      },
    });
  }
  const asked = (requested: string[], path: string) => requested.filter((url) => url.endsWith(path)).length;
  const tab = (name: string) => screen.getByRole('tab', { name });

  it.each([
    // The address bar (a new hash and Enter): a new entry without state, announced by popstate and hashchange.
    [
      'typed in the address bar',
      '#my-store',
      () => {
        window.history.pushState(null, '', '/preferences/token/#my-store');
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      },
      'My store',
    ],
    // What an in-page anchor to a tab does.
    ['set by location.hash', '#my-store', () => (window.location.hash = '#my-store'), 'My store'],
    // A hash that names no tab: the default tab, as when the link named one.
    ['naming no tab', '#nowhere', () => (window.location.hash = '#nowhere'), 'Newsletter'],
  ])('%s keeps the centre open on the tab it names, with the token in the new entry\'s state only', async (_, hash, go, shown) => {
    const requested = stubCentre();
    await open(`/preferences/token/${JWT}#newsletter`);
    await waitFor(() => expect(tab('Newsletter')).toHaveAttribute('aria-selected', 'true'), { timeout: 10_000 });
    const tabs = screen.getByRole('tablist');

    act(go);
    // The browser's popstate and hashchange come a task after the navigation by location.hash.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    await waitFor(() => expect(tab(shown)).toHaveAttribute('aria-selected', 'true'), { timeout: 10_000 });
    expect(window.location.pathname).toBe('/preferences/token/');
    if (shown === 'Newsletter') await waitFor(() => expect(window.location.hash).toBe('#newsletter'));
    else expect(window.location.hash).toBe(hash);
    // The new entry holds the token now (for a reload), never the address.
    expect(window.history.state).toMatchObject({ usr: { link: JWT } });
    expect(window.location.href).not.toContain(JWT);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(window.location.pathname).toBe('/preferences/token/');
    expect(tab(shown)).toHaveAttribute('aria-selected', 'true');
    // The same centre, not a new one: a form with changes not saved keeps them; no session's link asked for, the
    // link's regToken not again.
    expect(screen.getByRole('tablist')).toBe(tabs);
    expect(asked(requested, SESSION_LINK)).toBe(0);
    expect(asked(requested, REG_TOKEN)).toBe(1);

    // An entry of its own: Back returns to the one before, with its tab.
    act(() => window.history.back());
    await waitFor(() => expect(window.location.hash).toBe('#newsletter'));
    await waitFor(() => expect(tab('Newsletter')).toHaveAttribute('aria-selected', 'true'));
    expect(window.history.state).toMatchObject({ usr: { link: JWT } });
    expect(screen.getByRole('tablist')).toBe(tabs);
  });

  // A new tab or a bookmark is a new document: the token is not in the address by design (spec 001 §2, the
  // token-less entry), and nothing of an earlier page's link is kept for it.
  it("a new document at the link's address with a tab's hash and no state is the token-less entry: not found", async () => {
    const first = stubCentre();
    await open(`/preferences/token/${JWT}#newsletter`);
    await waitFor(() => expect(tab('Newsletter')).toHaveAttribute('aria-selected', 'true'), { timeout: 10_000 });
    expect(asked(first, SESSION_LINK)).toBe(0);
    act(() => root?.unmount());
    document.body.replaceChildren();

    const requested = stubCentre();
    await open('/preferences/token/#my-store');
    await waitFor(() => expect(window.location.pathname).toBe('/preferences/error/notfound'), { timeout: 10_000 });
    expect(asked(requested, SESSION_LINK)).toBe(1);
    expect(asked(requested, REG_TOKEN)).toBe(0);
  });
});
