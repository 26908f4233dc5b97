import * as yup from 'yup';
import { GENERIC_FORMAT_MESSAGE } from './messages';

/** A country's postcode rule, as metadata `validation.zipCode` lists it. */
export interface ZipCodeRule {
  regex: string;
  errorMessage: string;
}

// Defined with the messages, so that pages using only the message descriptors do not pull in yup.
export { GENERIC_FORMAT_MESSAGE };

/** The rule for a country; a country without one accepts what the product accepts anywhere: up to ten characters. */
export function zipCodeRule(rules: Record<string, ZipCodeRule>, country: string): ZipCodeRule {
  return rules[country.toUpperCase()] ?? { regex: '^[A-Za-z0-9 -]{1,10}$', errorMessage: GENERIC_FORMAT_MESSAGE };
}

/**
 * A yup string schema for the postcode that depends on the sibling field `country`, so the postcode is
 * validated again whenever the country changes (spec 000 §5).
 */
export function zipCodeSchema(rules: Record<string, ZipCodeRule>, countryField = 'country') {
  return yup.string().when(countryField, ([country], schema: yup.StringSchema) => {
    if (!country) return schema;
    const rule = zipCodeRule(rules, String(country));
    return schema.matches(new RegExp(rule.regex), rule.errorMessage || GENERIC_FORMAT_MESSAGE);
  });
}
