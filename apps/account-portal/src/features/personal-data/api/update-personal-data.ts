import { useSite } from '@portal/cms';
import { joinDate, normalisePhoneNumber, SALUTATIONS } from '@portal/forms';
import type { AccountState, DeepPartial, Phone, Profile, Salutation, SetAccountInfoParams } from '@portal/identity';
import { accountFieldErrorOptions } from '../../../shared/account-fields';
import { useAccountSave } from '../../../shared/account-save';

/** What the personal data form edits (spec 000 §3): salutation, names, date of birth, the first phone number. */
export interface PersonalDataValues {
  data: { salutation: Salutation | '' };
  profile: {
    firstName: string;
    lastName: string;
    birthDay?: number;
    birthMonth?: number;
    birthYear?: number;
    phones: [{ number: string }];
  };
}

/** The form's values for the account as it is. */
export function personalDataValues(account: Pick<AccountState, 'profile' | 'data'>): PersonalDataValues {
  const profile = account.profile ?? {};
  const salutation = account.data?.salutation;
  return {
    data: { salutation: salutation && SALUTATIONS.includes(salutation) ? salutation : '' },
    profile: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      birthDay: profile.birthDay,
      birthMonth: profile.birthMonth,
      birthYear: profile.birthYear,
      phones: [{ number: profile.phones?.[0]?.number ?? '' }],
    },
  };
}

/**
 * The write of the form: only what the shopper changed against the values the form was loaded with (`account`, the
 * same account personalDataValues filled it from). Written whole, the form replaced what another tab or the
 * preference centre had saved meanwhile: a phone or a date of birth saved there was lost (QA). A changed field goes
 * as the form has it: trimmed names, the date of birth as its three parts (null removes a cleared date), and the
 * first phone number as the service stores it (normalisePhoneNumber) replaced while any further ones the account has
 * stay (spec 000 §3: type 'default'); a field emptied on purpose sends its null. The phones go as a whole list, so
 * the further ones come from the account as stored just before the save (`stored`): taken from the page's copy, they
 * undid a phone another tab had saved.
 */
export function personalDataUpdate(
  values: PersonalDataValues,
  account: Pick<AccountState, 'profile' | 'data'>,
  stored: Pick<AccountState, 'profile'> = account,
): SetAccountInfoParams {
  const loaded = personalDataValues(account);
  const current = stored.profile;
  const profile: Record<string, unknown> = {};
  for (const name of ['firstName', 'lastName'] as const) {
    if (values.profile[name] !== loaded.profile[name]) profile[name] = values.profile[name].trim();
  }
  // A year alone (the preference centre asks for no more) shows as no date, and stays unless a date is entered.
  if (joinDate(values.profile) !== joinDate(loaded.profile)) {
    const { birthDay, birthMonth, birthYear } = values.profile;
    const hasDate = birthDay !== undefined && birthMonth !== undefined && birthYear !== undefined;
    Object.assign(profile, { birthDay: hasDate ? birthDay : null, birthMonth: hasDate ? birthMonth : null, birthYear: hasDate ? birthYear : null });
  }
  // The number as the service stores it (E.164): the shopper may write it with spaces, "+48 123 456 789", and the same
  // number written otherwise is no change.
  const number = normalisePhoneNumber(values.profile.phones[0].number);
  if (number !== normalisePhoneNumber(loaded.profile.phones[0].number)) {
    const others: Phone[] = current?.phones?.slice(1) ?? [];
    const first: Phone[] = number ? [{ ...(current?.phones?.[0] ?? {}), number, type: current?.phones?.[0]?.type ?? 'default' }] : [];
    const phones = [...first, ...others];
    profile.phones = phones.length > 0 ? phones : null;
  }
  const update: SetAccountInfoParams = {};
  if (Object.keys(profile).length > 0) update.profile = profile as DeepPartial<Profile>;
  if (values.data.salutation !== loaded.data.salutation) update.data = { salutation: values.data.salutation };
  return update;
}

/**
 * The save of the personal data form; server validation errors land on their fields (`ap.errors.{field}.{code}`), the
 * phone's with the site's example number (accountFieldErrorOptions).
 */
export function useUpdatePersonalData() {
  const { language } = useSite();
  return useAccountSave((values: PersonalDataValues, account, stored) => personalDataUpdate(values, account, stored), accountFieldErrorOptions(language));
}
