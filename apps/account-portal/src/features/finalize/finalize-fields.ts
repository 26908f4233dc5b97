import { missingRequiredFields, type AccountSchemaDefinition } from '@portal/forms';
import type { AccountInfo } from '@portal/identity';
import { TERMS_CONSENT } from '../../shared/identity-settings';

export const POSTCODE_FIELD = 'profile.zip';

export interface FinalizeFields {
  /** Dotted form paths of the inputs to show, e.g. `profile.firstName`. */
  fields: string[];
  askConsent: boolean;
}

/**
 * Spec 000 §4: only the required fields the account has no value for, plus the postcode in Germany, plus the
 * terms of use when they are required and not (or no longer) accepted.
 */
export function finalizeFields(schema: AccountSchemaDefinition | undefined, account: Partial<AccountInfo>, countryGermany: boolean): FinalizeFields {
  const fields = missingRequiredFields(schema, account as Record<string, unknown>);
  if (countryGermany && !fields.includes(POSTCODE_FIELD)) fields.push(POSTCODE_FIELD);
  const [group, id] = TERMS_CONSENT.split('.') as [string, string];
  const required = schema?.preferencesSchema?.fields[TERMS_CONSENT]?.required === true;
  const granted = account.preferences?.[group]?.[id]?.isConsentGranted === true;
  return { fields, askConsent: required && !granted };
}
