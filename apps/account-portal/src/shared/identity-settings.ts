import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { ACCOUNT_PORTAL_ERROR_KEYS, message, messages, serverErrorMessage, type Message } from '@portal/forms';
import { baseLanguage } from '@portal/i18n';
import {
  ErrorDetails,
  identitySettingsQuery,
  isCommonPassword,
  PasswordPolicyDefaults,
  useIdentity,
  type Envelope,
  type IdentitySettings,
  type LegalStatement,
  type Preferences,
} from '@portal/identity';

/**
 * The identity settings, complete or not at all: every form of the portal needs its part (the consent
 * statements, the schema, the password policy), so a part the provider could not give is the page's error. Their
 * arrival is deferred: the forms they gate then render in a background pass React splits up, not in the
 * synchronous render react-query's update asks for (total blocking time, issue 16; useRevealed).
 */
export function useIdentitySettings() {
  const { provider } = useIdentity();
  const query = useQuery(identitySettingsQuery(provider));
  const loaded = useDeferredValue(query.data);
  const data = useMemo(() => complete(loaded), [loaded]);
  const isError = query.isError || (loaded !== undefined && !data);
  return { data, isError, isPending: !loaded && !query.isError };
}

function complete(settings: IdentitySettings | undefined) {
  if (!settings || settings.failed.length > 0) return undefined;
  return { schema: settings.schema ?? {}, passwordPolicy: settings.passwordPolicy, consent: settings.consent ?? {} };
}

/**
 * Asks for the settings ahead of the pages that show them (the account area does, while the login check is still
 * out): they then arrive beside the account rather than after it, one round trip sooner (largest contentful paint).
 */
export function usePrefetchIdentitySettings() {
  const { provider } = useIdentity();
  usePrefetchQuery(identitySettingsQuery(provider));
}

/** The consent ids of spec 000 §3: the terms of use of the customer account, and the privacy notice. */
export const TERMS_CONSENT = 'terms.customeraccount';
export const PRIVACY_CONSENT = 'privacy.aec';
export type MarketConsentId = typeof TERMS_CONSENT | typeof PRIVACY_CONSENT;

/** The consent registration and finalize ask for: the terms of use in Germany, the privacy notice elsewhere (metadata). */
export function marketConsentId(countryGermany: boolean): MarketConsentId {
  return countryGermany ? TERMS_CONSENT : PRIVACY_CONSENT;
}

type ConsentStatements = Record<string, { isMandatory?: boolean; legalStatements: Record<string, LegalStatement> }>;

/** The error of a consent checkbox left unticked: the spec's text for the terms, its counterpart for the privacy notice. */
export function consentMissingMessage(id: MarketConsentId): Message {
  return id === TERMS_CONSENT
    ? messages.consentMissing()
    : message('clp.registration.privacy.missing', 'Please confirm that you have read the privacy notice.');
}

/** The spec's text for a wrong current password (spec 000 §8: 403005/403042 on the password field). */
export function wrongPasswordMessage(): Message {
  return message('ap.accessdata.password.wrong', 'Your password is incorrect. Please enter your current password.');
}

/**
 * What a refused new password says at its field, the same at the registration (register's `password`), the password
 * change and the reset (setAccountInfo's and resetPassword's `newPassword`); undefined when the answer refuses none. A
 * common or breached password has global.password.error.common (identity contract, COMMON_PASSWORD): the provider's
 * own words are English in every language (QA). A password over the contract's maxBytes (PASSWORD_TOO_LONG) says so as
 * the form's own check does: its English words stood on the German page (QA spec audit, 2026-11-30), also for a
 * password the page took, made too long on its way (a request rewritten, QA 2026-11-30).
 * Another refusal has its key ap.errors.{field}.{errorCode}, else the provider's words: the page checks the provider's
 * policy before it sends, so only a policy it does not know gets here.
 */
export function refusedPasswordMessage(answer: Envelope, password: string): Message | undefined {
  const refused = answer.validationErrors?.find(({ fieldName }) => /^(new)?password$/i.test(fieldName));
  if (!refused) return undefined;
  if (isCommonPassword(answer)) return messages.passwordCommon();
  // The length of the password sent still counts: the vendor (SAP CDC) names no detail for its refusals, so a password
  // over maxBytes it refused says the form's text, not the vendor's English words. The contract's passwordTooLong,
  // written out: its module loads with the form rules, not with the pages (page weight). The detail is compared here,
  // not by a check of its own beside isCommonPassword: those are in every page's first chunk, /login's too (page weight).
  if (answer.errorDetails === ErrorDetails.PASSWORD_TOO_LONG || new TextEncoder().encode(password).length > PasswordPolicyDefaults.maxBytes) {
    return messages.passwordTooLong(password);
  }
  return serverErrorMessage(refused, ACCOUNT_PORTAL_ERROR_KEYS);
}

/**
 * The legal statement of a consent for a language tag: the tag's own, else its language's, else German, else the first.
 * The provider keys them in lower case (`nl-be`, as the vendor spells languages; the service's
 * contract.StatementLanguage, one rule): a Belgian page gets the Belgian document its footer links (QA market round).
 */
export function consentStatement(consent: ConsentStatements, id: string, language: string): LegalStatement | undefined {
  const statements = consent[id]?.legalStatements ?? {};
  return statements[language.toLowerCase()] ?? statements[baseLanguage(language)] ?? statements.de ?? Object.values(statements)[0];
}

/** The preferences that grant a consent, nested by its dotted id (`{terms: {customeraccount: {...}}}`). */
export function grantConsent(id: MarketConsentId): Record<string, Record<string, { isConsentGranted: true }>> {
  const [group, name] = id.split('.') as [string, string];
  return { [group]: { [name]: { isConsentGranted: true } } };
}

/** Whether the account has to accept a consent: never, or at a version below the statement's minDocVersion (changed terms). */
export function consentState(
  preferences: Preferences | undefined,
  id: MarketConsentId,
  statement: LegalStatement | undefined,
): 'accepted' | 'missing' | 'outdated' {
  const [group, name] = id.split('.') as [string, string];
  const state = preferences?.[group]?.[name];
  if (state?.isConsentGranted !== true) return 'missing';
  if (statement && (state.docVersion ?? 0) < statement.minDocVersion) return 'outdated';
  return 'accepted';
}
