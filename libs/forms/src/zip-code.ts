import * as yup from 'yup';

/** A country's postcode rule, as metadata `validation.zipCode` lists it. */
export interface ZipCodeRule {
  regex: string;
  errorMessage: string;
}

/** The generic format message of spec 000 §5, used when a country's rule has no message of its own. */
export const GENERIC_FORMAT_MESSAGE = 'The specified value does not correspond to the expected format.';

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
