// Code generated from services/api/api/identity-contract.yaml by services/api/internal/identity/contract/gen. DO NOT EDIT.

/** Links in mails: the path and the query parameter that carries the token ('': the token follows the path). */
export const Links = {
  /** GET changes nothing (mail scanners open links): it lands on doubleOptInDone#verify={token}, whose page POSTs the token here (a form, as the REST API's link POSTs); the answer {next} is doubleOptInDone with errorCode 0 (and emailChanged=true when the link was an e-mail change's, which made the new address the login), 403002 (expired), 404000 (unknown or used) or 400003 (an e-mail change's new address became another account's before the link was followed, a registration's not confirmed yet too, which holds its address as setAccountInfo's 400003 says: the address is not changed and the link stays unused); a newer e-mail change ends an older change's link (404000 from then on). The service's own REST layer says more of an e-mail change's link than the contract does: /error/email-change-expired, /error/email-change-replaced (a newer change was requested, even after that one was confirmed), /error/email-change-ended (a password change or reset ended the change, also the newer change that replaced it before it was confirmed) and /error/email-change-in-use (400003). The POST is the page's fetch, not a navigation, so a request no page sends is refused as the REST API refuses it: without the token, with it given twice or not text, 400 naming token; another body type, 415 naming Content-Type. */
  verifyEmail: { path: '/identity/verify', tokenParam: 'token' },
  /** GET changes nothing: it lands on preferencesDoubleOptInDone#subscription={token}, whose page POSTs the token here; the answer {next} is preferencesDoubleOptInDone (with ?newsletter={key} for a newsletter, NLT…), else preferencesDoubleOptInError + code. A request no page sends is refused as verifyEmail's. */
  confirmSubscription: { path: '/identity/confirm-subscription', tokenParam: 'token' },
  /** The account portal's reset-completion page reads the token from pwrt (000 §2). */
  resetPassword: { path: '/login/reset-password', tokenParam: 'pwrt' },
  /** The signed subscriber token (a JWT) follows the path (001 §2). */
  preferenceCentre: { path: '/preferences/token/', tokenParam: '' },
} as const;

/** Pages the links land on (paths ending in `doi-` take the error code). */
export const Pages = {
  /** Account portal; query errorCode. 0 success; another code goes to doubleOptInError + code (000 §2). */
  doubleOptInDone: '/double-opt-in-done',
  /** Account portal error page; the code follows (doi-403002 offers registration) (000 §2). */
  doubleOptInError: '/error/doi-',
  /** Preference centre; a confirmed subscription or reminder (001 §2). */
  preferencesDoubleOptInDone: '/preferences/double-opt-in-done',
  /** Preference centre error page; the code (or `expired`) follows (001 §2). */
  preferencesDoubleOptInError: '/preferences/error/doi-',
} as const;

/** Query parameters that a link's answer gives its page beside the path, by page. */
export const PageParams = {
  doubleOptInDone: {
    /** true beside errorCode 0 when the link confirmed an e-mail change, not a registration: the page says that the address was changed and the login is the new one from now on (QA round of 2026-12-01: it said the registration's "you can log in now"). The vendor's links give only errorCode, and get the registration's words. */
    emailChanged: 'emailChanged',
  },
} as const;
