import { queryOptions, useQuery } from '@tanstack/react-query';
import { isSuccess, useIdentity, type AccountSchema, type IdentityProvider, type LegalStatement, type PasswordComplexity } from '@portal/identity';

/** Schema, password policy and consent statements change only with a deployment: one look-up per visit. */
function settingsQuery(provider: IdentityProvider) {
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

export function useIdentitySettings() {
  const { provider } = useIdentity();
  return useQuery(settingsQuery(provider));
}

/** The consent id the account portal asks for in Germany (spec 000 §3). */
export const TERMS_CONSENT = 'terms.customeraccount';

/** The legal statement of the terms of use in the page's language, else German, else any. */
export function termsStatement(consent: Record<string, { legalStatements: Record<string, LegalStatement> }>, language: string) {
  const statements = consent[TERMS_CONSENT]?.legalStatements ?? {};
  const base = language.split('-')[0] ?? language;
  return statements[language] ?? statements[base] ?? statements.de ?? Object.values(statements)[0];
}
