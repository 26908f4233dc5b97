import { Durations, Lockout, PasswordPolicyDefaults, PersonNamePattern } from '@portal/identity-contract';
import { PhoneNumberPattern } from '@portal/identity-contract/phone';
import type { AccountSchema, ConsentDetails, Policies } from '../types';

/**
 * The names' format, as the embedded provider's schema gives it: the identity contract's personName. The fake had its own
 * (no format for the last name, no typographic apostrophe or combining accents), so it took "R2D2" as a last name the
 * service refuses and refused "D’Angelo" the service takes.
 */
const NAME_FORMAT = `regex('${PersonNamePattern}')`;

/**
 * The schema the fake answers unless told otherwise; it mirrors the fields the two specs name, required as the embedded
 * provider's default configuration has them (identity.embedded.requiredFields: the first and the last name). The fake
 * had the names optional, so a registration without them answered 206002 where the service answers 206001, and a name
 * could be removed that the service keeps (400027).
 */
export const defaultSchema: AccountSchema = {
  profileSchema: {
    fields: {
      email: { type: 'string', required: true, format: 'email', writeAccess: 'clientModify' },
      firstName: { type: 'string', required: true, format: NAME_FORMAT, writeAccess: 'clientModify' },
      lastName: { type: 'string', required: true, format: NAME_FORMAT, writeAccess: 'clientModify' },
      birthDay: { type: 'long', required: false, format: 'range(1,31)', writeAccess: 'clientModify' },
      birthMonth: { type: 'long', required: false, format: 'range(1,12)', writeAccess: 'clientModify' },
      birthYear: { type: 'long', required: false, format: 'range(1900,2020)', writeAccess: 'clientModify' },
      zip: { type: 'string', required: false, writeAccess: 'clientModify' },
      country: { type: 'string', required: false, writeAccess: 'clientModify' },
      // The identity contract's phone pattern, as the embedded provider's schema gives it (writePhones adds the lengths).
      'phones.number': { type: 'string', required: false, format: `regex('${PhoneNumberPattern}')`, writeAccess: 'clientModify' },
      'phones.type': { type: 'string', required: false, writeAccess: 'clientModify' },
    },
  },
  dataSchema: {
    fields: {
      salutation: { type: 'string', required: false, format: "regex('^(mr|mrs|div)?$')", writeAccess: 'clientModify' },
      customerassignment: { type: 'string', required: false, writeAccess: 'serverOnly' },
      'sfmc.dataProcessingConsented': { type: 'boolean', required: false, writeAccess: 'clientModify' },
      'preference.FAVORITE_STORE': { type: 'string', required: false, writeAccess: 'clientModify' },
      // The shipped content's tiles, as the embedded provider's built-in schema has them (the service's schema takes
      // the loaded content's tiles; QA mode hands the fake that one).
      'preference.SHOPPING_FREQUENCY': { type: 'string', required: false, format: "regex('^(DAILY|WEEKLY|MONTHLY|RARELY)$')", writeAccess: 'clientModify' },
      'preference.ORGANIC': { type: 'boolean', required: false, writeAccess: 'clientModify' },
      'preference.VEGAN': { type: 'boolean', required: false, writeAccess: 'clientModify' },
      'preference.WINE': { type: 'boolean', required: false, writeAccess: 'clientModify' },
      'preference.BABY': { type: 'boolean', required: false, writeAccess: 'clientModify' },
      'preference.PETS': { type: 'boolean', required: false, writeAccess: 'clientModify' },
      'preference.BARBECUE': { type: 'boolean', required: false, writeAccess: 'clientModify' },
    },
  },
  subscriptionsSchema: {
    fields: {
      'NLT_GENERAL.email': { type: 'subscription', required: false, doubleOptIn: true, writeAccess: 'clientModify' },
      'NLT_RECIPES.email': { type: 'subscription', required: false, doubleOptIn: false, writeAccess: 'clientModify' },
      'SVC_PRODUCT_REMINDER.email': { type: 'subscription', required: false, doubleOptIn: true, writeAccess: 'clientModify' },
    },
  },
  preferencesSchema: {
    fields: {
      'terms.customeraccount': { type: 'consent', required: true, writeAccess: 'clientModify' },
      'privacy.aec': { type: 'consent', required: false, writeAccess: 'clientModify' },
    },
  },
};

/** The countries an address, and a profile, may be in (spec 000 §3), as the service's metadata names them. */
const COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'GB', 'IS', 'LI', 'NO', 'CH',
];

/** The postcode rule of a country without its own (spec 000 §5: at most ten characters), the embedded provider's genericPostcode. */
export const GENERIC_POSTCODE = '^[A-Za-z0-9 -]{1,10}$';

/**
 * The postcode rules by country the fake holds a profile's and an address's postcode to, the service's metadata defaults
 * (metadata.DefaultZipCodeRules, spec 000 §5): five digits in Germany and Luxembourg, four in Belgium, up to ten
 * letters, digits, spaces or hyphens elsewhere.
 */
export const defaultPostcodeRules: Record<string, string> = {
  ...Object.fromEntries(COUNTRIES.map((country) => [country, GENERIC_POSTCODE])),
  DE: '^\\d{5}$',
  LU: '^\\d{5}$',
  BE: '^\\d{4}$',
};

/** The contract's default policy: 8 characters, all four character groups (spec 000 §5), and its lockout. */
export const defaultPolicies: Policies = {
  passwordComplexity: { minLength: PasswordPolicyDefaults.minLength, minCharGroups: PasswordPolicyDefaults.minCharGroups },
  registration: { requireLoginID: false },
  accountOptions: { loginIdentifiers: 'email' },
  security: { accountLockout: { failedLoginThreshold: Lockout.maxFailures, lockoutTimeSec: Durations.lockoutDuration / 1000 } },
};

export const defaultConsent: Record<string, ConsentDetails> = {
  'terms.customeraccount': {
    isActive: true,
    isMandatory: true,
    legalStatements: {
      de: { currentDocVersion: 1, minDocVersion: 1, documentUrl: 'https://example.org/agb.pdf', purpose: 'Nutzungsbedingungen' },
      en: { currentDocVersion: 1, minDocVersion: 1, documentUrl: 'https://example.org/terms.pdf', purpose: 'Terms of use' },
      // A country's own statement, under its lower-case tag as the service keeps it (the shipped Belgian documents).
      'nl-be': { currentDocVersion: 1, minDocVersion: 1, documentUrl: 'https://example.org/nl-be/gebruiksvoorwaarden.pdf', purpose: 'Gebruiksvoorwaarden' },
    },
  },
  'privacy.aec': {
    isActive: true,
    isMandatory: false,
    legalStatements: { de: { currentDocVersion: 1, minDocVersion: 1, documentUrl: 'https://example.org/datenschutz.pdf' } },
  },
};
