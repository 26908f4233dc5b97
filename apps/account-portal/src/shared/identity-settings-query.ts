import { queryOptions } from '@tanstack/react-query';
import { isSuccess, type AccountSchema, type IdentityProvider, type PasswordComplexity } from '@portal/identity';

// Apart from identity-settings.ts, whose helpers need @portal/forms: the app's start (routes.tsx) asks for the
// settings ahead of the page and must not load the forms library for that.

/** Schema, password policy and consent statements change only with a deployment: one look-up per visit. */
export function settingsQuery(provider: IdentityProvider) {
  return queryOptions({
    queryKey: ['identity-settings'],
    queryFn: async () => {
      const [schema, policies, consent] = await Promise.all([provider.getSchema(), provider.getPolicies(), provider.getSiteConsentDetails()]);
      if (!isSuccess(schema) || !isSuccess(policies) || !isSuccess(consent)) throw new Error('identity settings could not be loaded');
      return {
        schema: schema as Partial<AccountSchema>,
        passwordPolicy: policies.passwordComplexity as PasswordComplexity | undefined,
        consent: consent.siteConsentDetails ?? {},
      };
    },
    staleTime: Infinity,
  });
}

