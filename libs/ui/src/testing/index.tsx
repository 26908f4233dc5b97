import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { stubSiteFetch, type SiteResponses } from '@portal/cms/testing';
import { createI18n, loadShippedMessages, type MessageLoader } from '@portal/i18n';
import { AppProviders } from '../AppProviders';

export interface RenderPageOptions extends SiteResponses {
  /** The address the page opens at. */
  path?: string;
  browserLanguages?: string[];
  /** The app's messages; the shared ones by default. */
  messages?: MessageLoader;
}

/**
 * Renders a page the way the apps do, with the shipped messages and a stand-in backend for metadata and
 * content, and waits until the site has loaded.
 */
export async function renderPage(ui: ReactElement, options: RenderPageOptions = {}) {
  const requested = stubSiteFetch(options);
  const i18n = await createI18n(options.messages ?? loadShippedMessages);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const path = options.path ?? '/';
  const search = path.includes('?') ? path.slice(path.indexOf('?')) : '';
  const result = render(
    <AppProviders i18n={i18n} queryClient={queryClient} environment={{ search, browserLanguages: options.browserLanguages ?? ['de-DE'] }}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, i18n, requested };
}

/** Waits until the loader is gone. */
export async function waitForSite() {
  await screen.findByRole('main');
}

/** Clears what language selection remembers between tests. */
export function forgetLanguage() {
  document.cookie = 'i18next=; path=/; max-age=0';
  window.localStorage.clear();
}
