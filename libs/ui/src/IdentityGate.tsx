import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSite } from '@portal/cms';
import { createIdentityProvider, IdentityRoot, type IdentityProvider } from '@portal/identity';
import { Loader } from './Loader';
import { SiteLoadError } from './SiteLoadError';
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
}

/**
 * Creates the identity provider the metadata names (embedded, cdc or, outside production, fake) and shows a
 * loader until it is ready, as both specs ask; then holds the account state for the pages inside.
 */
export function IdentityGate({ children, provider, initialRefresh = true }: IdentityGateProps) {
  const { metadata, language } = useSite();
  const created = useQuery({
    queryKey: ['identity-provider', metadata.identity.provider, metadata.identity.cdc?.apiKey],
    // The vendor SDK is loaded once per page with the first language; later switches only change texts.
    queryFn: () => createIdentityProvider(metadata, { language: language.split('-')[0]!, baseUrl: metadata.restApi }),
    enabled: !provider,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const ready = provider ?? created.data;
  const revealed = useRevealed(Boolean(ready));
  if (created.isError) return <SiteLoadError messageKey="global.errors.identity.load" />;
  if (!ready || !revealed) return <Loader />;
  return (
    <IdentityRoot provider={ready} initialRefresh={initialRefresh}>
      {children}
    </IdentityRoot>
  );
}
