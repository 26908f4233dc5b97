import type { TFunction } from 'i18next';
import type { SelectOption } from '@portal/forms';
import type { Salutation } from '@portal/identity';

/** The salutations of spec 000 §3 and §9: mr (shown as male), mrs (female), div (divers). */
export const SALUTATIONS: readonly Salutation[] = ['mr', 'mrs', 'div'];

/**
 * The salutations as a select's options, for the salutation field of the account (account-fields.tsx) and of the
 * address. A module of its own: the address pages take it without the account's fields.
 */
export function salutationOptions(t: TFunction): SelectOption[] {
  return SALUTATIONS.map((value) => ({ value, label: t(`ap.salutation.${value}`) }));
}
