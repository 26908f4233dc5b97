/**
 * What a refused submit does (refuseSubmit), loaded as a form is first used (a focus in it, a submit) rather than with
 * the page: a small file of its own, for SubmitButton and for /login's own form, which has no room for it in its
 * first load (page weight). A refusal comes after a check, so it is there by then. This loader goes with the sign-in
 * pages' code (the account portal's `auth` chunk, vite.config.ts), which every form page loads too.
 */
export const loadRefusal = () => import('./refused-submit');
