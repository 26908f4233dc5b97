import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSite, type Metadata } from '@portal/cms';
import { baseLanguage } from '@portal/i18n';
import { AccountStore, createIdentityProvider, IdentityRoot, type IdentityProvider } from '@portal/identity';
import { SiteLoading } from './SiteLoadError';
import { useRevealed } from './use-revealed';

export interface IdentityGateProps {
  children: ReactNode;
  /** Use this provider instead of the one the metadata names (tests, Storybook-like previews). */
  provider?: IdentityProvider;
  /**
   * Look the account up once the provider is ready (default true). The preference centre looks it up with
   * the link's regToken instead, so it turns this off.
   */
  initialRefresh?: boolean;
  /**
   * What the app asks of the provider as soon as it exists, beside the texts rather than after them (the first
   * page's identity settings, say): one round trip less before the page can show (largest contentful paint).
   */
  warmUp?: (provider: IdentityProvider, client: QueryClient, metadata: Metadata) => void;
}

/** The provider the metadata names, and the account state held for it. */
interface IdentitySession {
  provider: IdentityProvider;
  store: AccountStore;
}

function identitySessionQuery(metadata: Metadata, language: string) {
  return queryOptions<IdentitySession>({
    queryKey: ['identity-provider', metadata.identity.provider, metadata.identity.cdc?.apiKey],
    // The vendor SDK is loaded once per page with the first language; later switches only change texts.
    queryFn: async () => {
      const provider = await createIdentityProvider(metadata, { language: baseLanguage(language), baseUrl: metadata.restApi });
      return { provider, store: new AccountStore(provider) };
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/**
 * Creates the identity provider and starts what the first page needs of it (the account look-up, the app's
 * warm-up) once metadata has named the language, while the texts and content are still loading. The gate
 * below takes the same provider from the query cache; a failure is its to show.
 */
export function startIdentity(
  client: QueryClient,
  metadata: Metadata,
  language: string,
  { initialRefresh = true, warmUp }: Pick<IdentityGateProps, 'initialRefresh' | 'warmUp'> = {},
) {
  client.fetchQuery(identitySessionQuery(metadata, language)).then(
    ({ provider, store }) => {
      if (initialRefresh) void store.load();
      warmUp?.(provider, client, metadata);
    },
    () => undefined,
  );
}

/**
 * Creates the identity provider the metadata names (embedded, cdc or, outside production, fake) and shows a
 * loader until it is ready, as both specs ask; then holds the account state for the pages inside.
 */
export function IdentityGate({ children, provider, initialRefresh = true }: IdentityGateProps) {
  const { metadata, language } = useSite();
  const created = useQuery({ ...identitySessionQuery(metadata, language), enabled: !provider });
  const session = provider ? { provider, store: undefined } : created.data;
  const revealed = useRevealed(Boolean(session));
  // Without a connection (a vendor script or scenario that got no answer) the page says so, and the provider is
  // created once the browser is back online or the shopper tries again, as for the site (QA phone).
  if (!session || !revealed) return <SiteLoading query={created} messageKey="global.errors.identity.load" />;
  return (
    <IdentityRoot provider={session.provider} store={session.store} initialRefresh={initialRefresh}>
      {children}
    </IdentityRoot>
  );
}
