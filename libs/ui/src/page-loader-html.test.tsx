import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n, loadShippedMessages } from '@portal/i18n';
import { PageLoader } from './Loader';
import { PAGE_LOADER_HTML } from './page-loader-html';

test("the loader in the apps' HTML is PageLoader's German markup", async () => {
  const i18n = await createI18n(loadShippedMessages, 'de');
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <PageLoader />
    </I18nextProvider>,
  );
  expect(markup).toContain('Wird geladen');
  expect(PAGE_LOADER_HTML).toBe(markup);
});
