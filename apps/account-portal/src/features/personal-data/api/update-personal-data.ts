import type { AccountState, DeepPartial, Phone, Profile, Salutation } from '@portal/identity';
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

/** The form paths of the personal data form, as the identity schema names its fields. */
export const PERSONAL_DATA_FIELDS = [
  'data.salutation',
  'profile.firstName',
  'profile.lastName',
  'profile.birthDay',
  'profile.birthMonth',
  'profile.birthYear',
  'profile.phones.0.number',
] as const;

const SALUTATIONS: readonly string[] = ['mr', 'mrs', 'div'];

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
 * The write of the form: trimmed names, the date of birth as its three parts (null removes a cleared date), and
 * the first phone number replaced while any further ones the account has stay (spec 000 §3: type 'default').
 */
export function personalDataUpdate(values: PersonalDataValues, current: Profile | undefined) {
  const { firstName, lastName, birthDay, birthMonth, birthYear } = values.profile;
  const hasDate = birthDay !== undefined && birthMonth !== undefined && birthYear !== undefined;
  const others: Phone[] = current?.phones?.slice(1) ?? [];
  const number = values.profile.phones[0].number.trim();
  const first: Phone[] = number ? [{ ...(current?.phones?.[0] ?? {}), number, type: current?.phones?.[0]?.type ?? 'default' }] : [];
  const phones = [...first, ...others];
  const profile = {
    firstName: firstName.trim(),
    lastName: lastName.trim(),
    birthDay: hasDate ? birthDay : null,
    birthMonth: hasDate ? birthMonth : null,
    birthYear: hasDate ? birthYear : null,
    phones: phones.length > 0 ? phones : null,
  };
  return { profile: profile as unknown as DeepPartial<Profile>, data: { salutation: values.data.salutation } };
}

/** The save of the personal data form; server validation errors land on their fields (`ap.errors.{field}.{code}`). */
export function useUpdatePersonalData() {
  return useAccountSave((values: PersonalDataValues, account) => personalDataUpdate(values, account.profile));
}
