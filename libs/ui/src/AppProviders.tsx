import { QueryClient, QueryClientProvider, type DefaultOptions } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useCallback, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { CmsSettingsProvider, SiteProvider, type CmsSettings, type Metadata, type SiteProviderProps } from '@portal/cms';
import { IdentityGate, startIdentity, type IdentityGateProps } from './IdentityGate';
import { SiteLoading } from './SiteLoadError';

export interface AppProvidersProps {
  i18n: I18n;
  queryClient?: QueryClient;
  settings?: Partial<CmsSettings>;
  environment?: SiteProviderProps['environment'];
  /** How the identity provider is set up; see IdentityGate. */
  identity?: Omit<IdentityGateProps, 'children'>;
  children: ReactNode;
}

/**
 * The data fetching of both apps. One retry of a query rides out a dropped connection without keeping a broken page
 * waiting for long. Saves (mutations) run whatever the browser says about the connection (networkMode 'always'):
 * with React Query's default a save started offline waited without a word, the button busy, and went out by itself
 * once the connection was back, perhaps long after the shopper had given up or left (QA); now its request fails at
 * once, the form says the connection is missing, and the shopper saves again. Queries keep the default: offline a
 * page's data waits and loads by itself when the connection is back, and a refresh in the background (the link's
 * regToken, a refetch on focus) never turns a page already shown into an error page; a look-up the shopper waits on
 * while typing fails at once instead (its own networkMode).
 */
export function createQueryClient(defaults: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: { ...defaults, queries: { retry: 1, ...defaults.queries }, mutations: { networkMode: 'always', ...defaults.mutations } },
  });
}

/** What every page of both apps runs inside: data fetching, messages, the loaded site and the identity provider. */
export function AppProviders({ i18n, queryClient, settings, environment, identity, children }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // The identity provider the metadata names starts beside the texts (IdentityGate shows it once they are in).
  const { provider, initialRefresh, warmUp } = identity ?? {};
  const prepare = useCallback(
    (metadata: Metadata, language: string) => {
      if (!provider) startIdentity(client, metadata, language, { initialRefresh, warmUp });
    },
    [client, provider, initialRefresh, warmUp],
  );
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <CmsSettingsProvider settings={settings}>
          <SiteProvider Loading={SiteLoading} environment={environment} prepare={prepare}>
            <IdentityGate {...identity}>{children}</IdentityGate>
          </SiteProvider>
        </CmsSettingsProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
