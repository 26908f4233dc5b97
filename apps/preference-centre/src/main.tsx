import { BrowserRouter } from 'react-router-dom';
import { createI18n } from '@portal/i18n';
import { loadMessages } from './app/messages';
import { AppProviders, mountApp, startAfterModules } from '@portal/ui';
import '@portal/ui/styles.css';
import './app/preference-centre.css';
import { AppRoutes, prepareFirstPage } from './app/routes';

const metadataUrl = import.meta.env.VITE_METADATA_URL as string | undefined;

startAfterModules(() => {
  void createI18n(loadMessages).then((i18n) => {
    mountApp(
      <AppProviders
        i18n={i18n}
        settings={metadataUrl ? { metadataUrl } : undefined}
        // The account is looked up with the link's regToken, not with a session (PreferenceCentreEntry).
        identity={{ initialRefresh: false, warmUp: prepareFirstPage(window.location.pathname) }}
      >
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>,
    );
  });
});
