import { Form, Formik, useFormikContext } from 'formik';
import { useMemo, type FormEvent } from 'react';
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
import { useSaveAddress, type AddressValues } from '../api/save-address';
import { addressSchema } from '../address-schema';
import { countryOptions } from '../countries';

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
        {/* The country comes before the lines it shapes: the postcode's rule and keyboard follow it, and a shopper on the
            German site with a Dutch address chooses it before typing "1234 AB", which the digit pad has no letters for. */}
        <SelectField name="country" label={t('ap.address.country')} options={countries} required autoComplete="country" />
        <StreetFields />
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

// A street line that ends in a house number: "Musterstraße 5", "Straße des 17. Juni 12a-14", "Calle Mayor, 5".
const STREET_LINE = /^(.+?)[\s,]+(\d+(?:\s?[a-z])?(?:\s?[-/]\s?\d+(?:\s?[a-z])?)?)$/i;

/**
 * Street and house number. The standard has no token for a house number: it is part of address-line1 (WHATWG
 * autofill). A token of our own ("house-number") is a value Chrome cannot map, and it switches its autofill off for
 * the field; address-line2 would fill in the line's second part (c/o, flat). So the street says address-line1, the
 * line every browser fills, and the house number "on": filling allowed, the kind left to the browser, and Chrome,
 * which has a house number of its own, finds it by the field's label and name. A browser that fills the whole line
 * into the street ("Musterstraße 5", QA) has it split here: a line that arrives at once (autofill, a paste) and ends in
 * a house number gives that number to an empty house number field, or to one that has that number already; a line
 * typed stays as typed.
 */
function StreetFields() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<AddressValues>();
  const split = (event: FormEvent<HTMLDivElement>) => {
    const { name, value } = event.target as HTMLInputElement;
    const line = name === 'street' && value.length > values.street.length + 1 ? STREET_LINE.exec(value.trim()) : null;
    if (!line || (values.streetNo && values.streetNo !== line[2])) return;
    void setFieldValue('street', line[1]);
    void setFieldValue('streetNo', line[2]);
  };
  return (
    // After the street's own change (the event bubbles), which it corrects.
    <div className="form-row" onChange={split}>
      <TextField name="street" label={t('ap.address.street')} required autoComplete="address-line1" />
      <TextField name="streetNo" label={t('ap.address.streetNo')} required autoComplete="on" />
    </div>
  );
}

/** The postcode, with the keyboard of the chosen country's rule: the digit pad for digits-only postcodes. */
function PostcodeField({ label, rules }: { label: string; rules: Record<string, ZipCodeRule> }) {
  const { values } = useFormikContext<AddressValues>();
  const inputMode = postcodeInputMode(zipCodeRule(rules, values.country));
  return <TextField name="zip" label={label} required autoComplete="postal-code" inputMode={inputMode} />;
}
