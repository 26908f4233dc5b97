import { CharGroupExamples, PasswordPolicyDefaults } from './contract.gen';
import { charGroupCount, passwordLength, passwordPolicyProblem } from './password-policy';

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
  });
});
