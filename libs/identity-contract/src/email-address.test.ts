import { EmailAddressExamples } from './contract.gen';
import { isEmailAddress } from './email-address';

describe('isEmailAddress', () => {
  // The same examples the Go side tests identity.ParseEmail with: the forms refuse what the service refuses.
  it.each(EmailAddressExamples.map((e) => [e.address, e.valid] as const))('%j: %s', (address, valid) => {
    expect(isEmailAddress(address)).toBe(valid);
  });

  it('has examples of both kinds', () => {
    expect(new Set(EmailAddressExamples.map((e) => e.valid))).toEqual(new Set([true, false]));
  });
});
