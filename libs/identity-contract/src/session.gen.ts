// Code generated from services/api/api/identity-contract.yaml by services/api/internal/identity/contract/gen. DO NOT EDIT.

/** How the account portal warns before a session of the embedded provider ends, unused or at its absolute end (WCAG 2.2.1), in milliseconds. */
export const SessionKeeping = {
  /** The embedded provider records a session's use at most this often, so it may date a session's last use up to this much early. */
  touchInterval: 60_000,
  /** The account portal asks whether to stay logged in this long before an unused session would end. */
  warningLead: 120_000,
  /** The shortest idle limit of the sessions the service starts with (metadata identity.sessionIdleSeconds), more than touchInterval and warningLead together. */
  idleMinimum: 300_000,
  /** The account portal says this long before a session's absolute end (sessionInfo.expires_in) that it ends: nothing extends it. */
  endWarningLead: 300_000,
} as const;
