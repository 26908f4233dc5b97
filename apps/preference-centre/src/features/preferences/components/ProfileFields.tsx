import { useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite, type ProfileFieldName, type ProfileFieldsTabItem } from '@portal/cms';
import { CheckboxField, DateField, postcodeInputMode, SALUTATIONS, SelectField, TextField, zipCodeRule } from '@portal/forms';
import { StoreCombobox } from './StoreCombobox';

/** The salutations' German texts, the fallback (defaultValue) every text of these fields has. */
const GERMAN_SALUTATIONS = { mr: 'Herr', mrs: 'Frau', div: 'Divers' };

/** The profile fields the CMS places in a tab, in its order (spec 001 §2, §3). */
export function ProfileFields({ item }: { item: ProfileFieldsTabItem }) {
  const headingId = useId();
  return (
    <section className="pc-section pc-profile" aria-labelledby={item.title ? headingId : undefined}>
      {item.title ? <h2 id={headingId}>{item.title}</h2> : null}
      {item.description ? <p>{item.description}</p> : null}
      {item.fields.map((field) => (
        <ProfileField key={field} field={field} />
      ))}
    </section>
  );
}

function ProfileField({ field }: { field: ProfileFieldName }) {
  const { t } = useTranslation();
  const { metadata, language } = useSite();
  switch (field) {
    case 'salutation':
      return (
        <SelectField
          name="salutation"
          label={t('mpp.profile.salutation', { defaultValue: 'Anrede' })}
          autoComplete="honorific-prefix"
          options={SALUTATIONS.map((value) => ({ value, label: t(`mpp.profile.salutation.${value}`, { defaultValue: GERMAN_SALUTATIONS[value] }) }))}
        />
      );
    case 'firstName':
      return <TextField name="profile.firstName" label={t('mpp.profile.firstname', { defaultValue: 'Vorname' })} autoComplete="given-name" />;
    case 'lastName':
      return <TextField name="profile.lastName" label={t('mpp.profile.lastname', { defaultValue: 'Nachname' })} autoComplete="family-name" />;
    case 'dateOfBirth':
      return <DateField label={t('mpp.profile.dateofbirth', { defaultValue: 'Geburtsdatum' })} />;
    case 'birthYear':
      return (
        <TextField
          name="profile.birthYear"
          label={t('mpp.profile.birthyear', { defaultValue: 'Geburtsjahr' })}
          hint={t('mpp.profile.birthyear.hint', { defaultValue: 'Vierstellig, zwischen 1900 und 2020' })}
          inputMode="numeric"
          autoComplete="bday-year"
          maxLength={4}
        />
      );
    case 'zip': {
      const names = new Intl.DisplayNames([language], { type: 'region' });
      const collator = new Intl.Collator(language);
      const countries = Object.keys(metadata.validation.zipCode)
        .map((code) => ({ value: code, label: names.of(code) ?? code }))
        .sort((a, b) => collator.compare(a.label, b.label));
      return (
        <div className="pc-profile__postcode">
          <SelectField name="profile.country" required label={t('mpp.profile.country', { defaultValue: 'Land' })} options={countries} autoComplete="country" recheck="profile.zip" />
          <PostcodeField label={t('mpp.profile.zip', { defaultValue: 'Postleitzahl' })} />
        </div>
      );
    }
    case 'favouriteStore':
      return <StoreCombobox />;
    case 'personalisationOptIn':
      return (
        <CheckboxField
          name="personalisationOptIn"
          required
          label={t('mpp.personalisation.label', {
            defaultValue: 'Ja, ich möchte personalisierte Newsletter erhalten, die auf meine Interessen und meine Lieblingsfiliale abgestimmt sind.',
          })}
        />
      );
  }
}

/** The postcode, with the keyboard of the chosen country's rule: digits where it accepts digits only (QA phone round). */
function PostcodeField({ label }: { label: string }) {
  const { metadata } = useSite();
  const { values } = useFormikContext<{ profile?: { country?: string } }>();
  const inputMode = postcodeInputMode(zipCodeRule(metadata.validation.zipCode, values.profile?.country ?? ''));
  return <TextField name="profile.zip" label={label} autoComplete="postal-code" inputMode={inputMode} />;
}
