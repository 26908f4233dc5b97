import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
          Loading={({ query, messageKey }) =>
            query.isError ? <p role="alert">{messageKey ? i18n.t(messageKey) : 'texts failed'}</p> : <p role="status">loading</p>
          }
          environment={{ search, browserLanguages: options.browserLanguages ?? ['de-DE'] }}
        >
          {ui}
        </SiteProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { requested, client };
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

  it('names the metadata when metadata cannot be loaded (spec 001 §8)', async () => {
    await renderPage(<SiteProbe />, { metadata: 500 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Metadaten konnten nicht geladen werden.');
  });

  it("says so in the browser's language among the shipped ones when metadata cannot be loaded, and remembers none", async () => {
    await renderPage(<SiteProbe />, { metadata: 500, browserLanguages: ['fr-BE', 'en-GB'] });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Les métadonnées n’ont pas pu être chargées.'));
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('i18nextLng')).toBeNull();
  });

  it('names the content when no content can be loaded (spec 001 §8)', async () => {
    await renderPage(<SiteProbe />, { content: { de_DE: 500, default: 500 } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Die CMS-Daten konnten nicht geladen werden.');
  });

  describe('a refresh that fails once the site is shown (QA phone)', () => {
    function Form() {
      return (
        <form>
          <SiteProbe />
          <input aria-label="Vorname" />
        </form>
      );
    }
    afterEach(() => jest.restoreAllMocks());

    it('keeps the page and what the shopper typed when the content fails to load again as the tab comes back', async () => {
      await renderPage(<Form />);
      await userEvent.type(await screen.findByRole('textbox', { name: 'Vorname' }), 'Erika');
      // Five minutes on, the content is stale; the connection has dropped as the shopper comes back to the tab.
      const requested = stubSiteFetch({ content: { de_DE: 'no answer', default: 'no answer' } });
      const later = Date.now() + 6 * 60 * 1000;
      jest.spyOn(Date, 'now').mockReturnValue(later);
      act(() => void window.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(requested).toEqual(['/cms/portal/de_DE.json', '/cms/default.json']));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveValue('Erika');
      expect(screen.getByText('© Test')).toBeInTheDocument();
    });

    it('keeps the page when metadata is asked for again and gets a server error', async () => {
      const { client } = await renderPage(<Form />);
      await userEvent.type(await screen.findByRole('textbox', { name: 'Vorname' }), 'Erika');
      const requested = stubSiteFetch({ metadata: 500 });
      await act(() => client.refetchQueries({ queryKey: ['metadata'] }));
      expect(requested).toEqual(['/rest/v1/metadata']);
      expect(client.getQueryState(['metadata', '/rest/v1/metadata'])?.status).toBe('error');
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveValue('Erika');
    });
  });

  it('shows a loader until everything has arrived', async () => {
    await renderPage(<SiteProbe />, { metadata: testMetadata() });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('language de-DE')).toBeInTheDocument();
  });
});
