import { EmailAddressExamples } from './contract.gen';
import { isEmailAddress } from './email-address';

describe('isEmailAddress', () => {
  // The same examples the Go side tests identity.ParseEmail with: the forms refuse what the service refuses.
  it.each(EmailAddressExamples.map((e) => [e.address, e.valid] as const))('%j: %s', (address, valid) => {
    expect(isEmailAddress(address)).toBe(valid);
  });

  // The xn-- labels are decoded here rather than by the browser (whose URL parser gives only the ASCII form): a name
  // and its ASCII form are judged alike, so the decoding is the Punycode the service's IDNA lookup writes.
  it.each([
    ['müller.de', 'xn--mller-kva.de', true],
    ['bücher.example', 'xn--bcher-kva.example', true],
    ['пример.рф', 'xn--e1afmkfd.xn--p1ai', true],
    ['ドメイン.日本', 'xn--eckwd4c7c.xn--wgv71a', true],
    ['col·legi.cat', 'xn--collegi-xma.cat', true],
    ['😀.de', 'xn--e28h.de', false],
    ['☃.com', 'xn--n3h.com', false],
  ])('%s and %s alike: %s', (unicode, ascii, valid) => {
    expect(new URL(`http://${unicode}/`).hostname).toBe(ascii);
    expect([isEmailAddress(`kunde@${unicode}`), isEmailAddress(`kunde@${ascii}`)]).toEqual([valid, valid]);
  });

  it('has examples of both kinds', () => {
    expect(new Set(EmailAddressExamples.map((e) => e.valid))).toEqual(new Set([true, false]));
  });
});
