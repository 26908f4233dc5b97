/**
 * The navigation state with which the finalize form opens /update-confirmation once it has finished a registration
 * that a login interrupted. Opened without it (typed, bookmarked, even logged out) the page claimed a finished
 * registration (QA); it sends the visitor on to / instead.
 *
 * Navigation state rather than a mark in session storage: the browser keeps a history entry's state when the page
 * is reloaded, so a reload during the page's wait still shows the confirmation, and the state ends with the flow.
 * The form replaces its own entry with the page's, and the page replaces that as it sends the shopper on, so no
 * entry with the state is left to come back to; a mark in storage would outlive the flow and would have to be
 * cleared at the right moment.
 */
export interface RegistrationFinishedState {
  registrationFinished: true;
}

export const REGISTRATION_FINISHED: RegistrationFinishedState = { registrationFinished: true };

/** Whether /update-confirmation was opened by the finalize form, with REGISTRATION_FINISHED. */
export function isRegistrationFinished(state: unknown): boolean {
  return (state as Partial<RegistrationFinishedState> | null)?.registrationFinished === true;
}
