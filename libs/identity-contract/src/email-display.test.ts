import { displayEmail } from './email-display';

// The cases of services/api identity TestMaskedAddress, whose Masked shows the domain by the same rule: in Unicode,
// as people write it, unless a label mixes scripts (a look-alike) or is no valid xn-- form.
describe('displayEmail', () => {
  it.each([
    ['an ASCII domain, as it is', 'eva@example.com', 'eva@example.com'],
    ['an internationalised domain in Unicode', 'kunde@xn--bcher-kva.de', 'kunde@bücher.de'],
    ['the QA case as the browser hands it over', 'łukasz.wąsowski+neu@xn--bcher-kva.de', 'łukasz.wąsowski+neu@bücher.de'],
    ['a domain of another script', 'ivan@xn--e1afmkfd.xn--p1ai', 'ivan@пример.рф'],
    ['Japanese, which mixes Han and kana', 'taro@xn--eckwd4c7c.xn--wgv71a', 'taro@ドメイン.日本'],
    ['an xn-- form in capitals', 'kunde@XN--BCHER-KVA.DE', 'kunde@bücher.de'],
    ['a label mixing Latin and Cyrillic: its xn-- form', 'eva@xn--exmple-4nf.com', 'eva@xn--exmple-4nf.com'],
    ['only the mixed label keeps its xn-- form', 'eva@xn--exmple-4nf.xn--p1ai', 'eva@xn--exmple-4nf.рф'],
    ['a label that is no valid punycode: as it is', 'eva@xn--zz.example', 'eva@xn--zz.example'],
    ['no @: as it is', 'example.com', 'example.com'],
    ['an @ in the local part: the domain after the last', '"a@b"@xn--bcher-kva.de', '"a@b"@bücher.de'],
  ])('%s', (_name, address, shown) => {
    expect(displayEmail(address)).toBe(shown);
  });
});
