import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '@portal/cms';
import { CheckboxField, deferredSchema, FormError, SelectField, SubmitButton, TextField } from '@portal/forms';
import { salutationOptions, submitSave } from '../../../shared/account-save';
import { useSaveAddress, type AddressValues } from '../api/save-address';
import { addressSchema } from '../address-schema';
import { countryOptions } from '../countries';

export interface AddressFormProps {
  initialValues: AddressValues;
  onSaved: () => void;
}

/** One form for adding and changing the address (spec 000 §2): stored in `data.addressBook`. */
export function AddressForm({ initialValues, onSaved }: AddressFormProps) {
  const { t } = useTranslation();
  const { language, metadata } = useSite();
  const save = useSaveAddress();
  const validationSchema = useMemo(() => deferredSchema((kit) => addressSchema(kit, metadata.validation.zipCode)), [metadata]);
  const countries = useMemo(() => countryOptions(t, language), [t, language]);

  const submit = submitSave(save.mutateAsync, onSaved);
  const salutations = salutationOptions(t);

  return (
    <Formik initialValues={initialValues} validationSchema={validationSchema} onSubmit={submit}>
      <Form className="form" noValidate>
        <SelectField name="salutation" label={t('ap.address.salutation')} options={salutations} emptyLabel={t('ap.salutation.none')} autoComplete="honorific-prefix" />
        <TextField name="firstName" label={t('ap.address.firstName')} required autoComplete="given-name" />
        <TextField name="lastName" label={t('ap.address.lastName')} required autoComplete="family-name" />
        <div className="form-row">
          <TextField name="street" label={t('ap.address.street')} required autoComplete="address-line1" />
          <TextField name="streetNo" label={t('ap.address.streetNo')} required />
        </div>
        <div className="form-row form-row--narrow-first">
          <TextField name="zip" label={t('ap.address.zip')} required autoComplete="postal-code" />
          <TextField name="city" label={t('ap.address.city')} required autoComplete="address-level2" />
        </div>
        <SelectField name="country" label={t('ap.address.country')} options={countries} required autoComplete="country" />
        <CheckboxField name="isStandardAddress" label={t('ap.address.standard')} />
        <FormError />
        <SubmitButton>{t('ap.form.save')}</SubmitButton>
      </Form>
    </Formik>
  );
}
