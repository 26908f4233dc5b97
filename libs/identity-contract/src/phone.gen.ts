// Code generated from services/api/api/identity-contract.yaml by services/api/internal/identity/contract/gen. DO NOT EDIT.

/** The rule of a phone number as it is stored (E.164), the schema's format of the number (a RegExp with the u flag). */
export const PhoneNumberPattern = '^\\+[1-9][0-9]{6,14}$';

/** The countries whose numbers have one length, by ISO country code: `digits` after the country code `countryCode`. */
export const PhoneNumberLengths: Readonly<Record<string, { countryCode: string; digits: number }>> = {
  PT: { countryCode: '351', digits: 9 },
  PL: { countryCode: '48', digits: 9 },
};

/** Numbers as stored and whether the provider takes them; both sides test against them. */
export const PhoneNumberExamples: readonly { number: string; valid: boolean }[] = [
  { number: '+4912345678', valid: true },
  { number: '+491701234567', valid: true },
  { number: '+4940123456', valid: true },
  { number: '+351912345678', valid: true },
  { number: '+35191234567', valid: false },
  { number: '+3519123456789', valid: false },
  { number: '+48123456789', valid: true },
  { number: '+4860123456', valid: false },
  { number: '+481234567890', valid: false },
  { number: '+48123', valid: false },
  { number: '+3521234567', valid: true },
  { number: '+1234567', valid: true },
  { number: '+123456', valid: false },
  { number: '+123456789012345', valid: true },
  { number: '+1234567890123456', valid: false },
  { number: '4912345678', valid: false },
  { number: '+0912345678', valid: false },
  { number: '+49123456a8', valid: false },
  { number: '+４９12345678', valid: false },
];
