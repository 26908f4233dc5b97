import { useMutation } from '@tanstack/react-query';
import type { FormikErrors } from 'formik';
import { mapValidationErrors } from '@portal/forms';
import {
  isSuccess,
  isValidationError,
  useIdentity,
  type AccountState,
  type DeepPartial,
  type IdentityProvider,
  type Phone,
  type Profile,
  type Salutation,
} from '@portal/identity';

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

export type PersonalDataOutcome = { kind: 'saved' } | { kind: 'fieldErrors'; errors: FormikErrors<PersonalDataValues> } | { kind: 'failed'; code: number | string };

/** setAccountInfo with the session; server validation errors land on their fields (`ap.errors.{field}.{code}`). */
export async function updatePersonalData(provider: IdentityProvider, values: PersonalDataValues, current: Profile | undefined): Promise<PersonalDataOutcome> {
  const answer = await provider.setAccountInfo(personalDataUpdate(values, current));
  if (isSuccess(answer)) return { kind: 'saved' };
  if (isValidationError(answer)) {
    const errors = mapValidationErrors<PersonalDataValues>(answer.validationErrors);
    if (Object.keys(errors).length > 0) return { kind: 'fieldErrors', errors };
  }
  return { kind: 'failed', code: answer.errorCode };
}

/** The save, as a mutation: the account is read again after it, so every page shows the new values. */
export function useUpdatePersonalData() {
  const { provider, account, refresh } = useIdentity();
  return useMutation({
    mutationFn: (values: PersonalDataValues) => updatePersonalData(provider, values, account.profile),
    onSuccess: async (outcome) => {
      if (outcome.kind === 'saved') await refresh();
    },
  });
}
