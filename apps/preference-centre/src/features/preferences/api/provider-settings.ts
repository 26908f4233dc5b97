import { queryOptions, useQuery } from '@tanstack/react-query';
import { isSuccess, useIdentity, type IdentityProvider } from '@portal/identity';

/**
 * The provider calls spec 001 §7 lists beside the account: the account schema, the password policy
 * (`getPolicies` with `passwordComplexity`) and the site's consent details. They answer once per visit; a
 * provider error is logged and leaves the centre usable with the built-in rules.
 */
export async function loadProviderSettings(provider: IdentityProvider) {
  const [schema, policies, consents] = await Promise.all([
    provider.getSchema({}),
    provider.getPolicies({ sections: 'passwordComplexity' }),
    provider.getSiteConsentDetails(),
  ]);
  for (const [name, answer] of [['getSchema', schema], ['getPolicies', policies], ['getSiteConsentDetails', consents]] as const) {
    if (!isSuccess(answer)) console.warn(`preference centre: ${name} answered`, answer.errorCode);
  }
  return { schema, policies, consents };
}

export function providerSettingsQuery(provider: IdentityProvider) {
  return queryOptions({
    queryKey: ['preference-centre', 'provider-settings'],
    queryFn: () => loadProviderSettings(provider),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useProviderSettings() {
  const { provider } = useIdentity();
  return useQuery(providerSettingsQuery(provider));
}
