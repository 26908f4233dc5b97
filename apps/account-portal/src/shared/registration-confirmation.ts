import type { MarketConsentId } from './identity-settings';

/**
 * The navigation state with which a registration opens its confirmation page: the registration form (with a
 * password or a passkey) opens /registration/confirmation with it, and the finalize form, once it has finished a
 * registration (one started on /registration, a social registration, or one a login interrupted), opens
 * /registration/confirmation or /update-confirmation with it. Opened without it (typed, bookmarked, even logged
 * out) the pages claimed a registration nobody had made (QA); they send the visitor on to the login instead
 * (RegistrationConfirmation).
 *
 * Navigation state rather than a mark in session storage: the browser keeps a history entry's state when the page
 * is reloaded, so a reload during the page's wait still shows the confirmation, and the state ends with the flow.
 * The confirmation page replaces its own entry as its timer sends the shopper on, so no entry with the state is
 * left to come back to; a mark in storage would outlive the flow and would have to be cleared at the right moment.
 *
 * A module of its own, apart from the pages' (RegistrationConfirmation): the forms that open them load only this.
 */
export interface CameFromRegistrationState {
  cameFromRegistration: true;
  /**
   * The finalize form asked for nothing but the market's consent again, which the account had accepted at a document
   * version the site no longer takes (changed terms, a login answering 206001): /update-confirmation thanks a
   * long-standing customer for accepting the new version, where it said "Ihre Registrierung ist abgeschlossen" (QA spec
   * audit, 2026-11-30).
   */
  consentChanged?: MarketConsentId;
}

export const CAME_FROM_REGISTRATION: CameFromRegistrationState = { cameFromRegistration: true };

/** Whether a confirmation page was opened by a registration, with CAME_FROM_REGISTRATION. */
export function cameFromRegistration(state: unknown): boolean {
  return (state as Partial<CameFromRegistrationState> | null)?.cameFromRegistration === true;
}
