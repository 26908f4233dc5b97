import { useQueryClient } from '@tanstack/react-query';
import { Form, Formik, setIn, type FormikHelpers } from 'formik';
import type { i18n as I18n } from 'i18next';
import { use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { deferredSchema, FormError, hasValue, message, messages, normalisePhoneNumber, postcodeInputMode, SubmitButton, TextField, zipCodeRule, type AccountFormSchemaOptions, type AccountSchemaDefinition } from '@portal/forms';
import { addMessages } from '@portal/i18n';
import { useIdentity, type LegalStatement } from '@portal/identity';
import { AccountField, accountFieldOf, accountFieldPaths, accountFieldRuleOptions, ACCOUNT_FIELDS } from '../../../shared/account-fields';
import { failureCode, unexpectedMessage } from '../../../shared/call-failure';
import { ConsentField } from '../../../shared/ConsentField';
import { KeptDraft } from '../../../shared/form-draft';
import { consentMissingMessage, TERMS_CONSENT } from '../../../shared/identity-settings';
import { LOGIN_ORIGINS, type FinalizeOrigin } from '../../../shared/navigation';
import { loadProfileMessages } from '../../../shared/profile-texts';
import { CAME_FROM_REGISTRATION, type CameFromRegistrationState } from '../../../shared/registration-confirmation';
import { finalizeRegistration, type FinalizeValues } from '../api/finalize-registration';
import { pendingAccountQuery } from '../api/get-pending-account';
import { POSTCODE_FIELD, type FinalizeFields } from '../finalize-fields';
import { PostcodeRegion } from './PostcodeRegion';

export interface FinalizeFormProps extends FinalizeFields {
  schema: AccountSchemaDefinition;
  consent: Record<string, { legalStatements: Record<string, LegalStatement> }>;
  regToken: string;
  origin: FinalizeOrigin;
  /** The postcode the account has already: the field shows it (the region check asks for the postcode even then). */
  postcode?: string;
  /** The account's UID: what the form holds as the regToken runs out is kept for this account alone (KeptDraft). */
  uid?: string;
}

/**
 * What the form shows of the missing fields: each the personal data page knows as that page shows it (account-fields.tsx),
 * in its order, with the form paths it fills (the date of birth all three); any other required field as a text input.
 */
function shownFields(fields: string[]) {
  const known = ACCOUNT_FIELDS.filter((name) => fields.some((path) => accountFieldOf(path) === name));
  const others = fields.filter((path) => path !== POSTCODE_FIELD && !accountFieldOf(path));
  return { known, others, paths: [...known.flatMap(accountFieldPaths), ...others, ...fields.filter((path) => path === POSTCODE_FIELD)] };
}

/** Strings as the account keeps them, without the spaces around them (names, phone number, postcode). */
const trimmed = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.trim()
    : Array.isArray(value)
      ? value.map(trimmed)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, part]) => [key, trimmed(part)]))
        : value;

/**
 * The profile as the account keeps it: trimmed, and the phone number as the service stores it, a plus sign and digits
 * (normalisePhoneNumber), as the personal data page sends it; the form takes it with spaces (QA phone round).
 */
function storedProfile(profile: FinalizeValues['profile']): FinalizeValues['profile'] {
  const stored = trimmed(profile) as FinalizeValues['profile'];
  if (!stored?.phones) return stored;
  return { ...stored, phones: stored.phones.map((phone) => (phone.number === undefined ? phone : { ...phone, number: normalisePhoneNumber(phone.number) })) };
}

/**
 * Starts loading the texts of the personal data page's fields (their labels are the profile's texts), which the form
 * waits for when it shows one: the page starts them as the form's code arrives, beside the account's look-up.
 */
export function addFieldTexts(i18n: I18n): Promise<void> {
  return addMessages(i18n, loadProfileMessages);
}

/** The fields still missing, the postcode (with its region in Germany) and the terms of use when missing. */
export function FinalizeForm({ schema, consent, regToken, origin, fields, country, regionCheck, consentId, askConsent, consentChanged, postcode = '', uid }: FinalizeFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { language, metadata } = useSite();
  const { provider } = useIdentity();
  const asksPostcode = fields.includes(POSTCODE_FIELD);
  const zipCodeRules = metadata.validation.zipCode;
  const { known, others, paths } = useMemo(() => shownFields(fields), [fields]);
  // The page's look-up of the account, whose answer says when the regToken ran out.
  const pendingKey = pendingAccountQuery(provider, regToken).queryKey;
  if (known.length > 0) use(addFieldTexts(i18n));

  const initialValues = useMemo(() => {
    let values: Record<string, unknown> = {};
    for (const path of paths) values = setIn(values, path, path === POSTCODE_FIELD ? postcode : '') as Record<string, unknown>;
    // The postcode goes with its country: the provider holds it to that rule and takes the store area from a German
    // one; without a country it counts as the site's (German) postcode, which a British one is not (QA).
    if (asksPostcode) values = setIn(values, 'profile.country', country) as Record<string, unknown>;
    if (askConsent) values.consent = false;
    return values as FinalizeValues;
  }, [paths, asksPostcode, country, askConsent, postcode]);

  const validationSchema = useMemo(
    () =>
      deferredSchema(({ accountFormSchema, consentSchema, postcodeSchema }) => {
        const rules: AccountFormSchemaOptions = { ...accountFieldRuleOptions(language), zipCodeRules, rules: {} };
        // The region check asks the postcode whether the schema requires it or not; a required one has the schema's rule.
        if (regionCheck) {
          rules.rules![POSTCODE_FIELD] = postcodeSchema(zipCodeRules, { field: POSTCODE_FIELD, countryField: 'country' }).test(
            'required',
            messages.required(POSTCODE_FIELD),
            hasValue,
          );
        }
        if (askConsent) rules.rules!.consent = consentSchema(consentMissingMessage(consentId));
        return accountFormSchema(schema, paths, rules);
      }),
    [schema, paths, regionCheck, askConsent, consentId, zipCodeRules, language],
  );

  const fromLogin = LOGIN_ORIGINS.includes(origin);
  // Only the changed terms (or privacy notice) were asked: no field, but a German postcode the account has already, which
  // shows for its region.
  const onlyConsent = consentChanged && known.length === 0 && others.length === 0 && (!asksPostcode || postcode !== '');

  const submit = async (values: FinalizeValues, helpers: FormikHelpers<FinalizeValues>) => {
    helpers.setStatus(undefined);
    let outcome;
    try {
      outcome = await finalizeRegistration(provider, regToken, { ...values, profile: storedProfile(values.profile), data: trimmed(values.data) as FinalizeValues['data'] }, consentId, language);
    } catch (error) {
      outcome = { kind: 'unexpected' as const, code: failureCode(error) };
    }
    switch (outcome.kind) {
      case 'loggedIn': {
        const state: CameFromRegistrationState = onlyConsent ? { ...CAME_FROM_REGISTRATION, consentChanged: consentId } : CAME_FROM_REGISTRATION;
        navigate(fromLogin ? '/update-confirmation' : '/registration/confirmation', { replace: true, state });
        return;
      }
      case 'confirmEmail':
        navigate('/registration/confirmation', { replace: true, state: CAME_FROM_REGISTRATION });
        return;
      case 'expired':
        // From any origin (spec 000 §8, session expired during finalize): the page that says so, focused, with the login
        // that hands out a fresh regToken and comes back here. From the registration the message stood in the form with
        // no way to the login, and the submit sent the dead regToken again (QA, 2026-11-30). Told as the page's look-up
        // would tell it: the page goes there with the account's address, and the entries are kept (KeptDraft).
        queryClient.setQueryData(pendingKey, { expired: true });
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
        {uid ? <KeptDraft by={uid} fields={[...paths, 'consent']} expired={() => queryClient.getQueryData(pendingKey)?.expired === true} /> : null}
        {known.map((name) => (
          <AccountField key={name} name={name} required />
        ))}
        {others.map((path, index) => (
          // A field no page shows (a market's own required field, which the service takes as text): a label in the
          // shopper's language, numbered when there are several, never the field's path (QA market round).
          <TextField key={path} name={path} label={`${t('clp.finalize.field.other')}${others.length > 1 ? ` ${index + 1}` : ''}`} required />
        ))}
        {asksPostcode ? (
          <div>
            <TextField
              name={POSTCODE_FIELD}
              label={t('clp.finalize.field.profile.zip')}
              required
              // The shopper's country's rule decides the keyboard (it was the digit pad on every site, QA phone round).
              inputMode={postcodeInputMode(zipCodeRule(zipCodeRules, country))}
              autoComplete="postal-code"
              // The region the postcode belongs to is read with the field, not only announced once (QA).
              aria-describedby={regionCheck ? 'postcode-region' : undefined}
            />
            {regionCheck ? <PostcodeRegion id="postcode-region" /> : null}
          </div>
        ) : null}
        {consentChanged ? <p className="notice">{t(consentId === TERMS_CONSENT ? 'clp.finalize.consent.changed' : 'clp.finalize.privacy.changed')}</p> : null}
        {askConsent ? <ConsentField consent={consent} /> : null}
        <FormError />
        <SubmitButton>{t('clp.finalize.submit')}</SubmitButton>
      </Form>
    </Formik>
  );
}
