import { missingRequiredFields, type AccountSchemaDefinition } from '@portal/forms';
import { shopperCountry } from '@portal/i18n/country';
import type { AccountInfo, ConsentDetails } from '@portal/identity';
import { consentState, consentStatement, marketConsentId, type MarketConsentId } from '../../shared/identity-settings';

export const POSTCODE_FIELD = 'profile.zip';

export interface FinalizeFields {
  /** Dotted form paths of the inputs to show, e.g. `profile.firstName`. */
  fields: string[];
  /** The shopper's country (of the page's language): the postcode follows its rule and is sent with it. */
  country: string;
  /** The postcode is asked with its store area (north or south): a shopper in Germany on the German site. */
  regionCheck: boolean;
  /** The market's consent (terms of use in Germany, privacy notice elsewhere), and whether to ask for it. */
  consentId: MarketConsentId;
  askConsent: boolean;
  /** It was accepted, but at a document version the site no longer accepts: the text says the terms changed. */
  consentChanged: boolean;
}

/**
 * Spec 000 §4: only the required fields the account has no value for, plus the postcode in Germany, plus the
 * market's consent when it is required and not accepted, or accepted at a version below the current minimum
 * (changed terms: the document version rose since). "In Germany" is the shopper's, not only the deployment's: a
 * British or Belgian shopper on the German site has no German postcode to give (QA), and is asked one only when the
 * schema requires it. The consent stays the deployment's.
 */
export function finalizeFields(
  schema: AccountSchemaDefinition | undefined,
  account: Partial<AccountInfo>,
  countryGermany: boolean,
  consent: Record<string, ConsentDetails> = {},
  language = 'de',
): FinalizeFields {
  const fields = missingRequiredFields(schema, account as Record<string, unknown>);
  const country = shopperCountry(language);
  const regionCheck = countryGermany && country === 'DE';
  if (regionCheck && !fields.includes(POSTCODE_FIELD)) fields.push(POSTCODE_FIELD);
  const consentId = marketConsentId(countryGermany);
  const required = schema?.preferencesSchema?.fields[consentId]?.required === true || consent[consentId]?.isMandatory === true;
  const [group, name] = consentId.split('.') as [string, string];
  // The version counts in the language the consent was given in, as the provider checks it.
  const givenIn = account.preferences?.[group]?.[name]?.lang ?? language;
  const state = consentState(account.preferences, consentId, consentStatement(consent, consentId, givenIn));
  return { fields, country, regionCheck, consentId, askConsent: required && state !== 'accepted', consentChanged: required && state === 'outdated' };
}
