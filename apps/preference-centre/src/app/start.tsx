import { BrowserRouter } from 'react-router-dom';
import type { CmsSettings } from '@portal/cms';
import { createI18n } from '@portal/i18n';
import { AppProviders, mountApp } from '@portal/ui';
import { loadMessages } from './messages';
import { AppRoutes, CENTRE_HOME, prepareFirstPage, takeFirstPageLink } from './routes';

/** Starts the centre in the page (main.tsx), and in the tests that open it as a browser does. */
export function startCentre(settings?: Pick<CmsSettings, 'metadataUrl'>, container?: HTMLElement) {
  const link = takeFirstPageLink();
  return createI18n(loadMessages).then((i18n) =>
    mountApp(
      <AppProviders
        i18n={i18n}
        settings={{ ...settings, homeUrl: CENTRE_HOME }}
        // The account is looked up with the link's regToken, not with a session (PreferenceCentreEntry).
        identity={{ initialRefresh: false, warmUp: prepareFirstPage(link, window.location.pathname) }}
      >
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>,
      container,
    ),
  );
}
