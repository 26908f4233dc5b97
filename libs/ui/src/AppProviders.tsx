import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useCallback, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { CmsSettingsProvider, SiteProvider, type CmsSettings, type Metadata, type SiteProviderProps } from '@portal/cms';
import { IdentityGate, startIdentity, type IdentityGateProps } from './IdentityGate';
import { PageLoader } from './Loader';
import { SiteLoadError } from './SiteLoadError';

export interface AppProvidersProps {
  i18n: I18n;
  queryClient?: QueryClient;
  settings?: Partial<CmsSettings>;
  environment?: SiteProviderProps['environment'];
  /** How the identity provider is set up; see IdentityGate. */
  identity?: Omit<IdentityGateProps, 'children'>;
  children: ReactNode;
}

/** What every page of both apps runs inside: data fetching, messages, the loaded site and the identity provider. */
export function AppProviders({ i18n, queryClient, settings, environment, identity, children }: AppProvidersProps) {
  // One retry rides out a dropped connection without keeping a broken page waiting for long.
  const [client] = useState(() => queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
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
          <SiteProvider loading={<PageLoader />} renderError={(key, status) => <SiteLoadError messageKey={key} status={status} />} environment={environment} prepare={prepare}>
            <IdentityGate {...identity}>{children}</IdentityGate>
          </SiteProvider>
        </CmsSettingsProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
