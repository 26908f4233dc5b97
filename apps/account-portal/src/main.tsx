import { BrowserRouter } from 'react-router-dom';
import { createI18n } from '@portal/i18n';
import { COMPLETE_LANGUAGES, loadMessages } from './app/messages';
import { AppProviders, mountApp, startAfterModules } from '@portal/ui';
import '@portal/ui/styles.css';
import { AppRoutes, preloadPage, prepareFirstPage } from './app/routes';
import './app/app.css';
import { applyStartupParameters } from './shared/startup';

const metadataUrl = import.meta.env.VITE_METADATA_URL as string | undefined;

function start() {
  // Start-up parameters are read once, before the router takes the URL (spec 000 §2).
  const startUrl = applyStartupParameters(new URL(window.location.href));
  if (startUrl) window.history.replaceState(window.history.state, '', startUrl);
  preloadPage(window.location.pathname);

  // No texts load before metadata decides the language (the loader shows its German default text meanwhile), so a
  // visitor whose language is not German loads no German texts.
  void createI18n(loadMessages, null, { completeLanguages: COMPLETE_LANGUAGES }).then((i18n) => {
    const warmUp = prepareFirstPage(window.location.pathname, i18n);
    mountApp(
      <AppProviders i18n={i18n} settings={metadataUrl ? { metadataUrl } : undefined} identity={{ warmUp }}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>,
    );
  });
}

startAfterModules(start);
