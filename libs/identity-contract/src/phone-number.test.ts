import { phoneNumberFault } from './phone-number';
import { PhoneNumberExamples, PhoneNumberLengths } from './phone.gen';

describe('phoneNumberFault', () => {
  // The same examples the Go side tests contract.PhoneNumberValid and the embedded provider's setAccountInfo with: the
  // forms take the numbers the service stores, and no other (QA round of 2026-11-30: the service stored +35191234567).
  it.each(PhoneNumberExamples.map((e) => [e.number, e.valid] as const))('%j: %s', (number, valid) => {
    expect(phoneNumberFault(number) === undefined).toBe(valid);
  });

  it('has examples of both kinds', () => {
    expect(new Set(PhoneNumberExamples.map((e) => e.valid))).toEqual(new Set([true, false]));
  });

  it('answers the length of a number of a country with one, so that a form can say it', () => {
    expect(phoneNumberFault('+35191234567')).toEqual(PhoneNumberLengths.PT);
    expect(phoneNumberFault('+48123')).toEqual(PhoneNumberLengths.PL);
    expect(phoneNumberFault('+123456')).toBe('format');
  });
});
