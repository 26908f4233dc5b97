// The identity contract's rule for showing an address, reached through this module so that the pages load it on
// demand (shown-email.ts) while the app still depends on the library statically, as the lint's project graph asks.
export { displayEmail } from '@portal/identity-contract/email-display';
