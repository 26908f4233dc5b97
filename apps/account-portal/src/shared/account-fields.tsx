import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '@portal/cms';
import {
  BIRTH_DATE_FIELDS,
  DateField,
  findSchemaField,
  SelectField,
  TextField,
  type AccountSchemaDefinition,
  type FieldRuleOptions,
  type MapValidationErrorsOptions,
} from '@portal/forms';
import { phoneExample } from '@portal/forms/phone-examples';
import { PersonNameMaxLength } from '@portal/identity';
import { salutationOptions } from './account-save';

// The account's own fields as the personal data page shows them (spec 000 §2, /personaldata), one place for that
// page and the finalize form, which shows a required field without a value the same way, in the shopper's language
// (spec 000 §4): a select of the salutations, one date input split into the three numbers of the date of birth. The
// finalize form showed free text labelled with the field's path, took "Monsieur" for no salutation and sent the year
// of birth as text, which the provider refused: the registration could never finish (QA market round). Their labels
// are the profile's texts (profile-texts.ts), which both pages load.

interface AccountFieldView {
  /** The form paths it fills, as the identity schema names the fields. */
  paths: readonly string[];
  /** `language`: the site's language tag (useSite().language), whose country the phone's example is of. */
  render: (t: TFunction, required: boolean, language: string) => ReactNode;
}

const views = {
  salutation: {
    paths: ['data.salutation'],
    render: (t, required) => (
      <SelectField
        name="data.salutation"
        label={t('ap.personaldata.salutation')}
        options={salutationOptions(t)}
        required={required}
        emptyLabel={t('ap.salutation.none')}
        autoComplete="honorific-prefix"
      />
    ),
  },
  firstName: {
    paths: ['profile.firstName'],
    render: (t, required) => <TextField name="profile.firstName" label={t('ap.personaldata.firstName')} required={required} autoComplete="given-name" />,
  },
  lastName: {
    paths: ['profile.lastName'],
    render: (t, required) => <TextField name="profile.lastName" label={t('ap.personaldata.lastName')} required={required} autoComplete="family-name" />,
  },
  birthDate: {
    paths: [BIRTH_DATE_FIELDS.day, BIRTH_DATE_FIELDS.month, BIRTH_DATE_FIELDS.year],
    render: (t, required) => <DateField label={t('ap.personaldata.birthDate')} required={required} />,
  },
  phone: {
    paths: ['profile.phones.0.number'],
    render: (t, required, language) => (
      <TextField
        name="profile.phones.0.number"
        type="tel"
        label={t('ap.personaldata.phone')}
        hint={t('ap.personaldata.phone.hint', { example: phoneExample(language) })}
        required={required}
        autoComplete="tel"
        inputMode="tel"
      />
    ),
  },
} satisfies Record<string, AccountFieldView>;

export type AccountFieldName = keyof typeof views;

/** The fields in the personal data page's order. */
export const ACCOUNT_FIELDS = Object.keys(views) as AccountFieldName[];

/** The form paths of a field (the date of birth's three). */
export const accountFieldPaths = (name: AccountFieldName): readonly string[] => views[name].paths;

/** The field a form path belongs to (`profile.birthYear`: the date of birth), if the personal data page shows it. */
export const accountFieldOf = (path: string): AccountFieldName | undefined => ACCOUNT_FIELDS.find((name) => views[name].paths.includes(path));

/** Whether the identity schema requires the field (any of its paths). */
export const isAccountFieldRequired = (schema: AccountSchemaDefinition, name: AccountFieldName): boolean =>
  views[name].paths.some((path) => findSchemaField(schema, path)?.required === true);

/**
 * What the rules of the account's fields need of the site (accountFormSchema's options), for the language tag
 * `language`: the phone's format error names the example number its hint names, the one of the site's country (a
 * Belgian number on the Belgian Dutch page, not a Dutch one; QA, 2026-11-30). Both forms with these fields pass it.
 */
export const accountFieldRuleOptions = (language: string): FieldRuleOptions => ({ phoneExample: phoneExample(language) });

/**
 * What the service's refusals of the account's fields need of the site (mapValidationErrors' options), for the language
 * tag `language`: the phone's (ap.errors.profile.phones.number.400026) names the example its hint and the form's own
 * check name, not a German one on every site (QA wording round, 2026-11-30), and a name too long (.400006) the most
 * characters of a name, the texts of this form the service limits ({max}; "shorter" did not say how much to cut, QA
 * 2026-11-30). Both forms with these fields pass it.
 */
export const accountFieldErrorOptions = (language: string): MapValidationErrorsOptions => ({
  values: { example: phoneExample(language), max: PersonNameMaxLength },
});

/** One field of the account as the personal data page shows it. */
export function AccountField({ name, required }: { name: AccountFieldName; required: boolean }) {
  const { t } = useTranslation();
  const { language } = useSite();
  return <>{views[name].render(t, required, language)}</>;
}
