// The identity contract's rule for showing an address, which the pages import on demand, through this module: the app
// then depends on the library statically, as the lint's project graph asks of a library its tests import. A shared
// module with the load-and-fallback in it would be a chunk of its own in the pages' first load (0.2 KB, 2026-11-30).
export { displayEmail } from '@portal/identity-contract/email-display';
