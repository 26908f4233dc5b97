/**
 * Leaving the app for an address outside it: a partner's site, or a page of the service such as the
 * continuation of a partner's sign-in. One seam, which tests replace (jsdom cannot navigate).
 */
export const leaveApp = {
  /** Goes to url; the back button returns to this page. */
  to: (url: string) => window.location.assign(url),
  /** Goes to url in this page's place: a hand-over page the back button must not return to. */
  replaceWith: (url: string) => window.location.replace(url),
};
