/**
 * An address as the pages show it: its domain as people write it (displayEmail, the rule of the service's mails), not
 * the xn-- form the service stores and the browser's e-mail field hands over (QA wording round, 2026-11-30). The rule
 * loads when an address needs it, not with the page, which has no room for it (page weight); when it fails to load,
 * the address shows as it is.
 */
export const shownEmail = (address: string): Promise<string> =>
  import('./email-display').then(
    ({ displayEmail }) => displayEmail(address),
    () => address,
  );
