import { ErrorCode, type SubscriptionsUpdate, type ValidationError } from '@portal/identity';
import { subscriptionKeyOf } from './form';

/**
 * The codes by which the identity provider refuses a subscription: the embedded provider's and the fake's 400006
 * "Unknown subscription" for a key their schema lacks, and SAP CDC's refusals to let the client write one (400020,
 * 403007). Any other code on a subscription says something about the value and stays on its switch (review,
 * 2026-11-30: every code opened the dialog).
 */
const REFUSALS: readonly number[] = [ErrorCode.INVALID_PARAMETER, ErrorCode.READ_ONLY_FIELD, ErrorCode.PERMISSION_DENIED];

/**
 * The newsletters a save subscribed to that the identity provider refused, and the answer's other validation errors
 * (spec 001 §2, screen 6: "Sorry! … not allowed to subscribe", the rule behind it not shown). The rule is the
 * provider's: a refusal (REFUSALS) on `subscriptions.<KEY>` or below it (`….email.isSubscribed`) for a key the save
 * switched on. An error on a newsletter the save switched off is no refusal to subscribe: it stays on its switch, as
 * every other field error (spec 001 §5).
 */
export function refusedSubscriptions(errors: readonly ValidationError[] | undefined, subscriptions: SubscriptionsUpdate): { keys: string[]; rest: ValidationError[] } {
  const keys = new Set<string>();
  const rest: ValidationError[] = [];
  for (const error of errors ?? []) {
    const key = subscriptionKeyOf(error.fieldName);
    if (key !== undefined && REFUSALS.includes(error.errorCode) && Object.hasOwn(subscriptions, key) && subscriptions[key]?.email.isSubscribed === true) keys.add(key);
    else rest.push(error);
  }
  return { keys: [...keys], rest };
}
