import { useQueryClient } from '@tanstack/react-query';
import { Form, Formik, setIn, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { deferredSchema, FormError, hasValue, message, messages, postcodeInputMode, SubmitButton, TextField, zipCodeRule, type AccountFormSchemaOptions, type AccountSchemaDefinition } from '@portal/forms';
import { useIdentity, type LegalStatement } from '@portal/identity';
import { failureCode, unexpectedMessage } from '../../../shared/call-failure';
import { ConsentField } from '../../../shared/ConsentField';
import { consentMissingMessage, TERMS_CONSENT } from '../../../shared/identity-settings';
import { LOGIN_ORIGINS, type FinalizeOrigin } from '../../../shared/navigation';
import { CAME_FROM_REGISTRATION } from '../../../shared/registration-confirmation';
import { finalizeRegistration, type FinalizeValues } from '../api/finalize-registration';
import { POSTCODE_FIELD, type FinalizeFields } from '../finalize-fields';
import { PostcodeRegion } from './PostcodeRegion';

export interface FinalizeFormProps extends FinalizeFields {
  schema: AccountSchemaDefinition;
  consent: Record<string, { legalStatements: Record<string, LegalStatement> }>;
  regToken: string;
  origin: FinalizeOrigin;
  /** The postcode the account has already: the field shows it (the region check asks for the postcode even then). */
  postcode?: string;
}

const autoCompletes: Record<string, string> = {
  'profile.firstName': 'given-name',
  'profile.lastName': 'family-name',
  'profile.zip': 'postal-code',
};

/** The fields still missing, the postcode (with its region in Germany) and the terms of use when missing. */
export function FinalizeForm({ schema, consent, regToken, origin, fields, country, regionCheck, consentId, askConsent, consentChanged, postcode = '' }: FinalizeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { language, metadata } = useSite();
  const { provider } = useIdentity();
  const asksPostcode = fields.includes(POSTCODE_FIELD);
  const zipCodeRules = metadata.validation.zipCode;

  const initialValues = useMemo(() => {
    let values: Record<string, unknown> = {};
    for (const path of fields) values = setIn(values, path, path === POSTCODE_FIELD ? postcode : '') as Record<string, unknown>;
    // The postcode goes with its country: the provider holds it to that rule and takes the store area from a German
    // one; without a country it counts as the site's (German) postcode, which a British one is not (QA).
    if (asksPostcode) values = setIn(values, 'profile.country', country) as Record<string, unknown>;
    if (askConsent) values.consent = false;
    return values as FinalizeValues;
  }, [fields, asksPostcode, country, askConsent, postcode]);

  const validationSchema = useMemo(
    () =>
      deferredSchema(({ accountFormSchema, consentSchema, postcodeSchema }) => {
        const rules: AccountFormSchemaOptions = { zipCodeRules, rules: {} };
        // The region check asks the postcode whether the schema requires it or not; a required one has the schema's rule.
        if (regionCheck) {
          rules.rules![POSTCODE_FIELD] = postcodeSchema(zipCodeRules, { field: POSTCODE_FIELD, countryField: 'country' }).test(
            'required',
            messages.required(POSTCODE_FIELD),
            hasValue,
          );
        }
        if (askConsent) rules.rules!.consent = consentSchema(consentMissingMessage(consentId));
        return accountFormSchema(schema, fields, rules);
      }),
    [schema, fields, regionCheck, askConsent, consentId, zipCodeRules],
  );

  const fromLogin = LOGIN_ORIGINS.includes(origin);

  const submit = async (values: FinalizeValues, helpers: FormikHelpers<FinalizeValues>) => {
    helpers.setStatus(undefined);
    const profile = values.profile ? { ...values.profile, ...(typeof values.profile.zip === 'string' ? { zip: values.profile.zip.trim() } : {}) } : undefined;
    let outcome;
    try {
      outcome = await finalizeRegistration(provider, regToken, { ...values, profile }, consentId, language);
    } catch (error) {
      outcome = { kind: 'unexpected' as const, code: failureCode(error) };
    }
    switch (outcome.kind) {
      case 'loggedIn':
        navigate(fromLogin ? '/update-confirmation' : '/registration/confirmation', { replace: true, state: CAME_FROM_REGISTRATION });
        return;
      case 'confirmEmail':
        navigate('/registration/confirmation', { replace: true, state: CAME_FROM_REGISTRATION });
        return;
      case 'expired':
        if (fromLogin) navigate('/session-expired', { replace: true });
        else helpers.setStatus({ formError: message('clp.registration.sessionexpired', 'Your session has expired.') });
        return;
      case 'stillIncomplete':
        await queryClient.invalidateQueries({ queryKey: ['pending-account'] });
        helpers.setStatus({ formError: message('clp.form.error.validation', 'Please check your entries in the form.') });
        return;
      case 'fieldErrors':
        helpers.setStatus({ fieldErrors: { errors: outcome.errors, values } });
        return;
      case 'unexpected':
        helpers.setStatus({ formError: unexpectedMessage(outcome.code) });
    }
  };

  return (
    <Formik initialValues={initialValues} validationSchema={validationSchema} onSubmit={submit}>
      <Form className="form" noValidate>
        {fields.map((path) =>
          path === POSTCODE_FIELD ? (
            <div key={path}>
              <TextField
                name={path}
                label={t('clp.finalize.field.profile.zip')}
                required
                // The shopper's country's rule decides the keyboard (it was the digit pad on every site, QA phone round).
                inputMode={postcodeInputMode(zipCodeRule(zipCodeRules, country))}
                autoComplete={autoCompletes[path]}
                // The region the postcode belongs to is read with the field, not only announced once (QA).
                aria-describedby={regionCheck ? 'postcode-region' : undefined}
              />
              {regionCheck ? <PostcodeRegion id="postcode-region" /> : null}
            </div>
          ) : (
            <TextField key={path} name={path} label={t(`clp.finalize.field.${path}`, { defaultValue: path })} required autoComplete={autoCompletes[path]} />
          ),
        )}
        {consentChanged ? <p className="notice">{t(consentId === TERMS_CONSENT ? 'clp.finalize.consent.changed' : 'clp.finalize.privacy.changed')}</p> : null}
        {askConsent ? <ConsentField consent={consent} /> : null}
        <FormError />
        <SubmitButton>{t('clp.finalize.submit')}</SubmitButton>
      </Form>
    </Formik>
  );
}
