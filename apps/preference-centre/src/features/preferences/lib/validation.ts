import type { AnySchema } from 'yup';
import type { ProfileFieldName, ZipCodeRule } from '@portal/cms';
import {
  findSchemaField,
  GENERIC_REQUIRED_TEXT,
  hasValue,
  message,
  parseFormat,
  PREFERENCE_CENTRE_ERROR_KEYS,
  serverErrorMessage,
  type AccountSchemaDefinition,
  type Message,
  type SchemaKit,
} from '@portal/forms';
import { ErrorCode } from '@portal/identity';

import type { PreferencesValues } from './form';
import { PRODUCT_NAME } from './product';

/** The preference centre's own rules (spec 001 §5), as message descriptors. */
export const centreMessages = {
  storeInvalid: (): Message => message('mpp.favouritestore.error.invalid', 'Please select a valid {product} store.', { product: PRODUCT_NAME }),
  // The spec's English words (001 §5), its American "favorite" included: the owner's text, kept as given (QA asked).
  // Not a rule of the form's check: the store field shows it for a saved favourite that has closed (StoreCombobox).
  storeClosed: (): Message => message('mpp.favouritestore.error.closed', 'Your favorite store has been closed. Please pick a new one.'),
  personalisationRequired: (): Message => message('mpp.personalisation.error.required', 'To save, please fill in this field.'),
};

export interface CentreRules {
  shown: Set<ProfileFieldName>;
  zipCodeRules: Record<string, ZipCodeRule>;
  /** Whether a save of the values needs the personalisation opt-in (personalisationOptInRequired in lib/form). */
  personalisationOptInRequired: (values: PreferencesValues) => boolean;
  /**
   * The provider's getSchema answer: its `range(…)` of profile.birthYear bounds the birth year (spec 001 §7), and the
   * names it requires may not be removed.
   */
  accountSchema?: AccountSchemaDefinition;
  /** The account's profile as the page loaded it. */
  saved?: Record<string, unknown>;
}

/**
 * What the service's refusal `errorCode` of `field` says (spec 001 §5: mpp.errors.{errorCode}.{fieldName}), for a
 * check that refuses before sending what the service would refuse.
 */
const refusal = (errorCode: number, fieldName: string, fallback: string): Message =>
  serverErrorMessage({ fieldName, errorCode, message: fallback }, PREFERENCE_CENTRE_ERROR_KEYS);

/**
 * The form's schema: only the fields the CMS shows are checked. Formik validates the whole form on every change,
 * so the postcode is checked again when the country changes, and every field before a tab switch (spec 001 §2).
 */
export function centreSchema(
  { yup, birthYearSchema, firstNameSchema, lastNameSchema, postcodeSchema }: SchemaKit,
  { shown, zipCodeRules, personalisationOptInRequired, accountSchema, saved }: CentreRules,
) {
  const profile: Record<string, AnySchema> = {};
  for (const name of ['firstName', 'lastName'] as const) {
    if (!shown.has(name)) continue;
    const field = `profile.${name}`;
    // The service's person-name rule, in the words of its refusals: what a name holds (mpp.errors.400026.profile.lastName),
    // a name too long said as such (mpp.errors.400006.profile.lastName).
    let rule = name === 'firstName' ? firstNameSchema() : lastNameSchema();
    // A name the schema requires cannot be removed: a cleared one went to the service as null and came back refused
    // (400027). An account that never had the name (a newsletter-only one) saves on without it, as the service takes.
    if (findSchemaField(accountSchema, field)?.required && hasValue(saved?.[name])) {
      rule = rule.test('required', refusal(ErrorCode.MISSING_REQUIRED_VALUE, field, GENERIC_REQUIRED_TEXT), hasValue);
    }
    profile[name] = rule;
  }
  if (shown.has('birthYear') || shown.has('dateOfBirth')) {
    // The provider's schema decides the range; without one (or a format this product does not read), the spec's.
    const format = parseFormat(findSchemaField(accountSchema, 'profile.birthYear')?.format);
    profile.birthYear = format?.kind === 'range' ? birthYearSchema(format.min, format.max) : birthYearSchema();
  }
  if (shown.has('zip')) profile.zip = postcodeSchema(zipCodeRules, { field: 'profile.zip', countryField: 'country' });
  return yup.object({
    profile: yup.object(profile),
    // Typed text must become a store. A saved favourite that has closed since is no rule of the form: the field names
    // it (StoreCombobox), and the save leaves it as it is, as the service does. A rule here judged it at every check of
    // the whole form, so every save and tab change of any tab stopped on it, an unsubscribe too (QA; GDPR Art. 7(3)).
    favouriteStore: shown.has('favouriteStore')
      ? yup.object({
          text: yup.string().test('chosen', centreMessages.storeInvalid(), function chosen(text) {
            return !text?.trim() || Boolean((this.parent as { id: string }).id);
          }),
        })
      : yup.object(),
    // Required to save (spec 001 §5), but never to withdraw: the rule and its why are personalisationOptInRequired's.
    personalisationOptIn: shown.has('personalisationOptIn')
      ? yup.boolean().test('required', centreMessages.personalisationRequired(), function required(value) {
          return value === true || !personalisationOptInRequired(this.parent as PreferencesValues);
        })
      : yup.boolean(),
  });
}
