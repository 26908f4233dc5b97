import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n, loadShippedMessages, SHIPPED_LANGUAGES } from '@portal/i18n';
import { PageLoader } from './Loader';
import { escapeHtml, pageLoaderHtml } from './page-loader-html';

test.each(SHIPPED_LANGUAGES)("%s: the loader in the apps' HTML is PageLoader's markup in that language", async (language) => {
  const i18n = await createI18n(loadShippedMessages, language);
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <PageLoader />
    </I18nextProvider>,
  );
  expect(pageLoaderHtml((await loadShippedMessages(language))['global.loading']!)).toBe(markup);
});

test('the German loader says so', () => {
  expect(pageLoaderHtml('Wird geladen …')).toContain('<span class="visually-hidden">Wird geladen …</span>');
});

test('a text is written as React writes it', () => {
  const markup = renderToStaticMarkup(<p title={`<"l'&">`}>{`<"l'&">`}</p>);
  expect(markup).toBe(`<p title="${escapeHtml(`<"l'&">`)}">${escapeHtml(`<"l'&">`)}</p>`);
});
