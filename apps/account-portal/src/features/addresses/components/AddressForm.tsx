import { Form, Formik, useFormikContext } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '@portal/cms';
import {
  CheckboxField,
  deferredSchema,
  FormError,
  postcodeInputMode,
  SelectField,
  SubmitButton,
  TextField,
  zipCodeRule,
  type ZipCodeRule,
} from '@portal/forms';
import { salutationOptions, submitSave } from '../../../shared/account-save';
import { KeptDraft } from '../../../shared/form-draft';
import { useSaveAddress, type AddressValues } from '../api/save-address';
import { countryOptions } from '../countries';

/**
 * The address's rules (address-schema.ts) load with the forms' rules, when the form is first checked (deferredSchema),
 * not with the page: the address pages had no bytes to spare in their first load (2026-11-30).
 */
const loadAddressRules = () => import('../address-schema');

export interface AddressFormProps {
  initialValues: AddressValues;
  /** Whether the form was opened without an address: it adds the one address of the account. */
  adding: boolean;
  onSaved: () => void;
}

/** One form for adding and changing the address (spec 000 §2): stored in `data.addressBook`. */
export function AddressForm({ initialValues, adding, onSaved }: AddressFormProps) {
  const { t } = useTranslation();
  const { language, metadata } = useSite();
  const save = useSaveAddress(initialValues, adding);
  const validationSchema = useMemo(
    () => deferredSchema((kit) => loadAddressRules().then(({ addressSchema }) => addressSchema(kit, metadata.validation.zipCode))),
    [metadata],
  );
  const countries = useMemo(() => countryOptions(t, language), [t, language]);

  const submit = submitSave(save.mutateAsync, onSaved);
  const salutations = salutationOptions(t);

  return (
    <Formik initialValues={initialValues} validationSchema={validationSchema} onSubmit={submit}>
      <Form className="form" noValidate>
        <KeptDraft />
        <SelectField name="salutation" label={t('ap.address.salutation')} options={salutations} emptyLabel={t('ap.salutation.none')} autoComplete="honorific-prefix" />
        <TextField name="firstName" label={t('ap.address.firstName')} required autoComplete="given-name" />
        <TextField name="lastName" label={t('ap.address.lastName')} required autoComplete="family-name" />
        {/* The country comes before the lines it shapes: the postcode's rule and keyboard follow it, and a shopper on the
            German site with a Dutch address chooses it before typing "1234 AB", which the digit pad has no letters for. */}
        <SelectField name="country" label={t('ap.address.country')} options={countries} required autoComplete="country" recheck="zip" />
        <div className="form-row">
          {/* The standard has no token for a house number: it is part of address-line1 (WHATWG autofill). A token of
              our own ("house-number") is a value Chrome cannot map, and it switches its autofill off for the field;
              address-line2 would fill in the line's second part (c/o, flat). So the house number says "on": filling
              allowed, the kind left to the browser, and Chrome, which has a house number of its own, finds it by the
              field's label and name. The street keeps address-line1, the line every browser fills; one that keeps
              the line whole puts the number in the street too, and the shopper moves it (a split here was measured at
              0.2 KB, more than the address pages have left within their 150 KB). */}
          <TextField name="street" label={t('ap.address.street')} required autoComplete="address-line1" />
          <TextField name="streetNo" label={t('ap.address.streetNo')} required autoComplete="on" />
        </div>
        <div className="form-row form-row--narrow-first">
          <PostcodeField label={t('ap.address.zip')} rules={metadata.validation.zipCode} />
          <TextField name="city" label={t('ap.address.city')} required autoComplete="address-level2" />
        </div>
        <CheckboxField name="isStandardAddress" label={t('ap.address.standard')} />
        <FormError />
        <SubmitButton>{t('ap.form.save')}</SubmitButton>
      </Form>
    </Formik>
  );
}

/** The postcode, with the keyboard of the chosen country's rule: the digit pad for digits-only postcodes. */
function PostcodeField({ label, rules }: { label: string; rules: Record<string, ZipCodeRule> }) {
  const { values } = useFormikContext<AddressValues>();
  const inputMode = postcodeInputMode(zipCodeRule(rules, values.country));
  return <TextField name="zip" label={label} required autoComplete="postal-code" inputMode={inputMode} />;
}
