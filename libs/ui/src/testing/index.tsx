import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { stubSiteFetch, type SiteResponses } from '@portal/cms/testing';
import { createI18n, loadShippedMessages, type MessageLoader } from '@portal/i18n';
import type { IdentityProvider } from '@portal/identity';
import { createFakeProvider } from '@portal/identity/testing';
import { AppProviders, createQueryClient } from '../AppProviders';
import { forgetPagesShown } from '../page-announcement';

export interface RenderPageOptions extends SiteResponses {
  /** The address the page opens at. */
  path?: string;
  browserLanguages?: string[];
  /** The app's messages; the shared ones by default. */
  messages?: MessageLoader;
  /** The identity provider; by default an empty fake, so pages never reach the network. */
  identity?: IdentityProvider;
  /** Look the account up at start (default true), as IdentityGate does. */
  initialRefresh?: boolean;
}

/**
 * Renders a page the way the apps do, with the shipped messages and a stand-in backend for metadata and
 * content, and waits until the site has loaded.
 */
export async function renderPage(ui: ReactElement, options: RenderPageOptions = {}) {
  forgetPagesShown();
  const requested = stubSiteFetch(options);
  const identity = options.identity ?? createFakeProvider();
  const i18n = await createI18n(options.messages ?? loadShippedMessages);
  // The apps' own client, without retries: a failing query fails at once in a test.
  const queryClient = createQueryClient({ queries: { retry: false } });
  const path = options.path ?? '/';
  const search = path.includes('?') ? path.slice(path.indexOf('?')) : '';
  const result = render(
    <AppProviders
      i18n={i18n}
      queryClient={queryClient}
      environment={{ search, browserLanguages: options.browserLanguages ?? ['de-DE'] }}
      identity={{ provider: identity, initialRefresh: options.initialRefresh }}
    >
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  // The page's queries, for a test that plays what a timer of the page does (a scheduled renewal) without waiting.
  return { ...result, i18n, requested, identity, queryClient };
}

/** Clears what language selection remembers between tests. */
export function forgetLanguage() {
  document.cookie = 'i18next=; path=/; max-age=0';
  window.localStorage.clear();
}

/**
 * Makes a date input report what Chromium reports for a date left in part (a segment emptied or not yet typed): the
 * value "" of an empty one, and `validity.badInput`, which jsdom does not keep. `false` takes the stub down.
 */
export function holdDateInPart(input: HTMLElement, inPart = true) {
  if (inPart) Object.defineProperty(input, 'validity', { configurable: true, get: () => ({ badInput: true, valid: false }) });
  else delete (input as { validity?: unknown }).validity;
}
