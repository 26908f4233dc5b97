import { CharGroupExamples, PasswordPolicyDefaults } from './contract.gen';
import { charGroupCount, passwordLength, passwordPolicyProblem, passwordTooLong } from './password-policy';

describe('password policy', () => {
  // The same examples the Go side tests contract.CharGroupCount with: both count alike.
  it.each(CharGroupExamples.map((e) => [e.password, e.groups] as const))('%s has %d character groups', (password, groups) => {
    expect(charGroupCount(password)).toBe(groups);
  });

  it('counts Ä as upper case and ä as lower case', () => {
    expect(charGroupCount('Ä')).toBe(1);
    expect(charGroupCount('ÄÖÜäöü123456')).toBe(3);
  });

  it('counts code points, not UTF-16 units', () => {
    expect('😀😀😀😀'.length).toBe(8);
    expect(passwordLength('😀😀😀😀')).toBe(4);
  });

  it('names the first broken rule', () => {
    const policy = { minLength: 8, minCharGroups: 4 };
    expect(passwordPolicyProblem('Aa1!', policy)).toBe('minLength');
    expect(passwordPolicyProblem('Aa1!😀😀', policy)).toBe('minLength'); // 6 code points, 8 UTF-16 units
    expect(passwordPolicyProblem('password', policy)).toBe('charGroups');
    expect(passwordPolicyProblem('Ää1-Ää1-', policy)).toBeUndefined();
    expect(passwordPolicyProblem(`Aa1!${'x'.repeat(PasswordPolicyDefaults.maxBytes)}`, policy)).toBe('maxLength');
    expect(passwordPolicyProblem('Aa1!Aa1!', { ...policy, regExp: '^[^!]*$' })).toBe('regExp');
    expect(passwordPolicyProblem('Aa1!Aa1!', { ...policy, regExp: '(' })).toBeUndefined();
    // A NUL after the other rules, as the embedded provider checks it (QA, 2026-12-01); other controls are characters.
    expect(passwordPolicyProblem('Abcdefg1!\0', policy)).toBe('nul');
    expect(passwordPolicyProblem('Ab1!\0', policy)).toBe('minLength');
    expect(passwordPolicyProblem('Abcdefg1!\t\u0001\u007f\u2028', policy)).toBeUndefined();
  });

  // QA spec audit, 2026-11-30: `Aa1!` and 140 times `ä` are 144 characters but 284 bytes, which the service refuses.
  it('counts the length limit in UTF-8 bytes, as the embedded provider does', () => {
    expect(PasswordPolicyDefaults.maxBytes).toBe(256);
    expect(passwordTooLong(`Aa1!${'x'.repeat(252)}`)).toBe(false);
    expect(passwordTooLong(`Aa1!${'x'.repeat(253)}`)).toBe(true);
    expect(passwordTooLong(`Aa1!${'ä'.repeat(126)}`)).toBe(false);
    expect(passwordTooLong(`Aa1!${'ä'.repeat(127)}`)).toBe(true);
    expect(passwordTooLong(`Aa1!${'ä'.repeat(140)}`)).toBe(true);
    expect(passwordPolicyProblem(`Aa1!${'ä'.repeat(140)}`, { minLength: 8, minCharGroups: 4 })).toBe('maxLength');
  });
});
