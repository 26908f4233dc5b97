import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DateField,
  deferredSchema,
  findSchemaField,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  type AccountSchemaDefinition,
} from '@portal/forms';
import { useIdentity } from '@portal/identity';
import { salutationOptions, submitSave } from '../../../shared/account-save';
import { PERSONAL_DATA_FIELDS, personalDataValues, useUpdatePersonalData } from '../api/update-personal-data';

export interface PersonalDataFormProps {
  schema: AccountSchemaDefinition;
  /** Called after a successful save (the page shows its banner). */
  onSaved: () => void;
  /** Called as a save starts (the page takes down the banner of the save before). */
  onSaving?: () => void;
}

/** Salutation, first and last name, date of birth and phone (spec 000 §2, /personaldata). */
export function PersonalDataForm({ schema, onSaved, onSaving }: PersonalDataFormProps) {
  const { t } = useTranslation();
  const { account } = useIdentity();
  const save = useUpdatePersonalData();
  const initialValues = useMemo(() => personalDataValues(account), [account]);
  const validationSchema = useMemo(() => deferredSchema(({ accountFormSchema }) => accountFormSchema(schema, PERSONAL_DATA_FIELDS)), [schema]);
  const required = (path: string) => findSchemaField(schema, path)?.required === true;

  const submit = submitSave(save.mutateAsync, onSaved, onSaving);
  const salutations = salutationOptions(t);

  return (
    <Formik initialValues={initialValues} validationSchema={validationSchema} onSubmit={submit} enableReinitialize>
      <Form className="form" noValidate>
        <SelectField
          name="data.salutation"
          label={t('ap.personaldata.salutation')}
          options={salutations}
          required={required('data.salutation')}
          emptyLabel={t('ap.salutation.none')}
          autoComplete="honorific-prefix"
        />
        <TextField name="profile.firstName" label={t('ap.personaldata.firstName')} required={required('profile.firstName')} autoComplete="given-name" />
        <TextField name="profile.lastName" label={t('ap.personaldata.lastName')} required={required('profile.lastName')} autoComplete="family-name" />
        <DateField label={t('ap.personaldata.birthDate')} required={required('profile.birthYear')} />
        <TextField
          name="profile.phones.0.number"
          type="tel"
          label={t('ap.personaldata.phone')}
          hint={t('ap.personaldata.phone.hint')}
          required={required('profile.phones.0.number')}
          autoComplete="tel"
          inputMode="tel"
        />
        <FormError />
        <SubmitButton>{t('ap.form.save')}</SubmitButton>
      </Form>
    </Formik>
  );
}
