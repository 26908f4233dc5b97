import { CharGroups, PasswordPolicyDefaults } from './contract.gen';

/** The rules of getPolicies → passwordComplexity (the identity client's PasswordComplexity). */
interface PasswordRules {
  minLength: number;
  minCharGroups: number;
  regExp?: string;
}

/**
 * How many of the password policy's character groups occur in `password`. The groups are the identity contract's
 * (lower Ll, upper Lu, digit Nd, other: everything else), by Unicode general category, so `Ä` is an upper-case
 * letter here exactly as in the Go embedded provider (contract.CharGroupCount).
 */
export function charGroupCount(password: string): number {
  return CharGroups.filter((group) => group.pattern.test(password)).length;
}

/** The length the policy counts: Unicode code points, not UTF-16 units (an emoji is one character). */
export function passwordLength(password: string): number {
  return [...password].length;
}

/**
 * Whether a password is longer than the embedded provider takes (PasswordPolicyDefaults.maxBytes, the bound of its hash's
 * input): counted in UTF-8 bytes, so an umlaut counts two and an emoji four, and 144 characters of which 140 are `ä` are
 * too long already.
 */
export function passwordTooLong(password: string): boolean {
  return new TextEncoder().encode(password).length > PasswordPolicyDefaults.maxBytes;
}

/**
 * The rule of the policy a password breaks first, in the order the embedded provider checks them. `nul`: a new password
 * holds no NUL (U+0000), the identity contract's passwordPolicy (a password only asked for, at a login, is then a wrong
 * one).
 */
export type PasswordPolicyProblem = 'minLength' | 'maxLength' | 'charGroups' | 'regExp' | 'nul';

/**
 * The first rule of `policy` that `password` breaks, undefined when it passes. A `regExp` that does not compile
 * (with or without the `u` flag) is ignored rather than locking everybody out.
 */
export function passwordPolicyProblem(password: string, policy: PasswordRules): PasswordPolicyProblem | undefined {
  if (passwordLength(password) < policy.minLength) return 'minLength';
  if (passwordTooLong(password)) return 'maxLength';
  if (charGroupCount(password) < policy.minCharGroups) return 'charGroups';
  if (policy.regExp) {
    const pattern = compile(policy.regExp);
    if (pattern && !pattern.test(password)) return 'regExp';
  }
  return password.includes('\0') ? 'nul' : undefined;
}

function compile(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // try the next flags
    }
  }
  return undefined;
}
