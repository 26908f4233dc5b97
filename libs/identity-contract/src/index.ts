// The identity contract's facts for TypeScript: generated from services/api/api/identity-contract.yaml
// (contract.gen.ts; session.gen.ts, which only the account pages' session keeper reads, and limits.gen.ts,
// links.gen.ts and text-length.gen.ts, which only pages after the first and the forms' rules read, are files of
// their own so that they stay out of the first chunk), plus the checks that follow them (password policy, e-mail
// address). The phone rule (phone.gen.ts and its check) is reached as '@portal/identity-contract/phone' only:
// re-exported here it went into the chunk /login shares with the schema kit (7 bytes over /login's budget,
// 2026-11-30). A util library, so that every layer (the identity client, libs/forms, the apps) can use the same
// names; @portal/identity re-exports it.
export * from './contract.gen';
export { SessionKeeping } from './session.gen';
export * from './limits.gen';
export * from './links.gen';
export * from './text-length.gen';
export { isEmailAddress } from './email-address';
export { charGroupCount, passwordLength, passwordPolicyProblem, passwordTooLong, type PasswordPolicyProblem } from './password-policy';
