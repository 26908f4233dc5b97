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
 * The parts a pattern of digits alone is made of: digit classes, counts, groups, alternatives and anchors. A rule
 * whose pattern has nothing else accepts digits only.
 */
const DIGITS_PATTERN_PARTS = /\\d|\[0-9\]|\{\d+(?:,\d*)?\}|\(\?:|[()|^$?+*]/g;

/**
 * The keyboard a phone shows for a postcode under a country's rule (`inputmode`): the digit pad where the rule
 * accepts digits only (DE, BE, LU, and any country an operator configures so), the full keyboard where a postcode may
 * have letters (NL "1234 AB", GB), or a space or hyphen, which iOS's digit pad lacks (PL "12-345", SE "123 45").
 */
export function postcodeInputMode(rule: ZipCodeRule): 'numeric' | 'text' {
  const pattern = rule.regex.trim();
  return pattern !== '' && pattern.replace(DIGITS_PATTERN_PARTS, '') === '' ? 'numeric' : 'text';
}
