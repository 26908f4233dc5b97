import type { SubscriptionsUpdate, ValidationError } from '@portal/identity';

/**
 * The newsletters a save subscribed to that the identity provider refused, and the answer's other validation errors
 * (spec 001 §2, screen 6: "Sorry! … not allowed to subscribe", the rule behind it not shown). The rule is the
 * provider's: a validation error on `subscriptions.<KEY>` or below it (`….email.isSubscribed`), whatever its code,
 * for a key the save switched on. The embedded provider and the fake answer 400009 with 400006 "Unknown
 * subscription" on `subscriptions.<KEY>` for a key their schema lacks; SAP CDC answers with its own validation error
 * for a subscription its schema lacks or does not let the client write. An error on a newsletter the save switched
 * off is no refusal to subscribe: it stays on its switch, as every other field error (spec 001 §5).
 */
export function refusedSubscriptions(errors: readonly ValidationError[] | undefined, subscriptions: SubscriptionsUpdate): { keys: string[]; rest: ValidationError[] } {
  const keys = new Set<string>();
  const rest: ValidationError[] = [];
  for (const error of errors ?? []) {
    const key = /^subscriptions\.([^.]+)/.exec(error.fieldName)?.[1];
    if (key !== undefined && Object.hasOwn(subscriptions, key) && subscriptions[key]?.email.isSubscribed === true) keys.add(key);
    else rest.push(error);
  }
  return { keys: [...keys], rest };
}
