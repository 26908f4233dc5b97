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
