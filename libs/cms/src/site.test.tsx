import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@portal/i18n';
import { stubSiteFetch, testContent, testMetadata, type SiteResponses } from './testing';
import { SiteProvider, useSite } from './site';

function forgetLanguage() {
  document.cookie = 'i18next=; path=/; max-age=0';
  localStorage.clear();
}

async function renderPage(ui: ReactElement, options: SiteResponses & { path?: string; browserLanguages?: string[] } = {}) {
  const requested = stubSiteFetch(options);
  const i18n = await createI18n();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const search = options.path?.includes('?') ? options.path.slice(options.path.indexOf('?')) : '';
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <SiteProvider
          Loading={({ query, messageKey }) => (query.isError ? <p role="alert">{i18n.t(messageKey)}</p> : <p role="status">loading</p>)}
          environment={{ search, browserLanguages: options.browserLanguages ?? ['de-DE'] }}
        >
          {ui}
        </SiteProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { requested };
}

function SiteProbe() {
  const site = useSite();
  return (
    <main>
      <p>language {site.language}</p>
      <p>{site.content.footer?.copyright}</p>
    </main>
  );
}

beforeEach(forgetLanguage);

describe('SiteProvider', () => {
  it('loads metadata and the content of the detected language', async () => {
    const { requested } = await renderPage(<SiteProbe />, {
      browserLanguages: ['en-US'],
      content: { en_GB: testContent({ footer: { copyright: 'English content' } }) },
    });
    expect(await screen.findByText('language en-GB')).toBeInTheDocument();
    expect(screen.getByText('English content')).toBeInTheDocument();
    expect(requested).toContain('/cms/portal/en_GB.json');
    expect(document.documentElement.lang).toBe('en-GB');
  });

  it('takes the lang parameter and remembers it', async () => {
    await renderPage(<SiteProbe />, { path: '/?lang=fr' });
    expect(await screen.findByText('language fr-FR')).toBeInTheDocument();
    expect(localStorage.getItem('i18nextLng')).toBe('fr-FR');
    expect(document.cookie).toContain('i18next=fr-FR');
  });

  it('a switch on the page drops the link\'s lang parameter, so a reload keeps the choice', async () => {
    window.history.replaceState(null, '', '/login?lang=fr&redirect=%2Fpersonaldata#top');
    function Switch() {
      const site = useSite();
      return <button onClick={() => site.changeLanguage('de-DE')}>language {site.language}</button>;
    }
    await renderPage(<Switch />, { path: '/login?lang=fr&redirect=%2Fpersonaldata' });
    (await screen.findByRole('button', { name: 'language fr-FR' })).click();
    expect(await screen.findByRole('button', { name: 'language de-DE' })).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/login?redirect=%2Fpersonaldata#top');
    expect(document.cookie).toContain('i18next=de-DE');
    window.history.replaceState(null, '', '/');
  });

  it('falls back to the default content when the language has none', async () => {
    const { requested } = await renderPage(<SiteProbe />, {
      content: { de_DE: 404, default: testContent({ footer: { copyright: 'Default content' } }) },
    });
    expect(await screen.findByText('Default content')).toBeInTheDocument();
    expect(requested).toContain('/cms/default.json');
  });

  it("shows 'metadata fetch failed.' when metadata cannot be loaded", async () => {
    await renderPage(<SiteProbe />, { metadata: 500 });
    expect(await screen.findByRole('alert')).toHaveTextContent('metadata fetch failed.');
  });

  it("shows 'cms data fetch failed.' when no content can be loaded", async () => {
    await renderPage(<SiteProbe />, { content: { de_DE: 500, default: 500 } });
    expect(await screen.findByRole('alert')).toHaveTextContent('cms data fetch failed.');
  });

  it('shows a loader until everything has arrived', async () => {
    await renderPage(<SiteProbe />, { metadata: testMetadata() });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('language de-DE')).toBeInTheDocument();
  });
});
