import { queryOptions } from '@tanstack/react-query';
import { isSuccess } from '../envelope';
import type { AccountSchema, ConsentDetails, IdentityProvider, PasswordComplexity } from '../types';

/** The provider calls that make up the identity settings. */
export type IdentitySettingsCall = 'getSchema' | 'getPolicies' | 'getSiteConsentDetails';

/**
 * What the provider says about the site rather than about an account, which the pages with a form read beside
 * the account (spec 000 §7, spec 001 §7): the account schema, the password policy and the consent statements.
 * A call that answers with an error leaves its part out and is named in `failed`; each page decides whether it
 * can go on without it (a registration cannot show its consent without the statements; the preference centre
 * falls back on its built-in rules).
 */
export interface IdentitySettings {
  schema?: Partial<AccountSchema>;
  passwordPolicy?: PasswordComplexity;
  consent?: Record<string, ConsentDetails>;
  failed: IdentitySettingsCall[];
}

export async function loadIdentitySettings(provider: IdentityProvider): Promise<IdentitySettings> {
  const [schema, policies, consent] = await Promise.all([
    provider.getSchema({}),
    provider.getPolicies({ sections: 'passwordComplexity' }),
    provider.getSiteConsentDetails(),
  ]);
  const answers = { getSchema: schema, getPolicies: policies, getSiteConsentDetails: consent };
  const failed = (Object.keys(answers) as IdentitySettingsCall[]).filter((call) => !isSuccess(answers[call]));
  // Only the error code: an answer never carries personal data here, but the console is no place to find out.
  for (const call of failed) console.warn(`identity settings: ${call} answered`, answers[call].errorCode);
  return {
    schema: isSuccess(schema) ? schema : undefined,
    passwordPolicy: isSuccess(policies) ? policies.passwordComplexity : undefined,
    consent: isSuccess(consent) ? (consent.siteConsentDetails ?? {}) : undefined,
    failed,
  };
}

/**
 * The settings as one query of the visit: they change only with a deployment. An error answer is part of the
 * result (`failed`); only a transport failure fails the query.
 */
export function identitySettingsQuery(provider: IdentityProvider) {
  return queryOptions({
    queryKey: ['identity-settings'],
    queryFn: () => loadIdentitySettings(provider),
    staleTime: Infinity,
  });
}
