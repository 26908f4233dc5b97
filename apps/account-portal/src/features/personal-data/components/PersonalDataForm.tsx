import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '@portal/cms';
import { deferredSchema, FormError, SubmitButton, type AccountSchemaDefinition } from '@portal/forms';
import { useIdentity } from '@portal/identity';
import { ACCOUNT_FIELDS, AccountField, accountFieldPaths, accountFieldRuleOptions, isAccountFieldRequired } from '../../../shared/account-fields';
import { submitSave } from '../../../shared/account-save';
import { KeptDraft } from '../../../shared/form-draft';
import { personalDataValues, useUpdatePersonalData } from '../api/update-personal-data';

export interface PersonalDataFormProps {
  schema: AccountSchemaDefinition;
  /** Called after a successful save (the page shows its banner). */
  onSaved: () => void;
}

/** The form paths of the form, as the identity schema names its fields. */
const PATHS = ACCOUNT_FIELDS.flatMap(accountFieldPaths);

/** Salutation, first and last name, date of birth and phone (spec 000 §2, /personaldata): the account's fields. */
export function PersonalDataForm({ schema, onSaved }: PersonalDataFormProps) {
  const { t } = useTranslation();
  const { account } = useIdentity();
  const { language } = useSite();
  const save = useUpdatePersonalData();
  const initialValues = useMemo(() => personalDataValues(account), [account]);
  const validationSchema = useMemo(
    () => deferredSchema(({ accountFormSchema }) => accountFormSchema(schema, PATHS, accountFieldRuleOptions(language))),
    [schema, language],
  );
  const submit = submitSave(save.mutateAsync, onSaved);

  return (
    <Formik initialValues={initialValues} validationSchema={validationSchema} onSubmit={submit} enableReinitialize>
      <Form className="form" noValidate>
        <KeptDraft />
        {ACCOUNT_FIELDS.map((name) => (
          <AccountField key={name} name={name} required={isAccountFieldRequired(schema, name)} />
        ))}
        <FormError />
        <SubmitButton>{t('ap.form.save')}</SubmitButton>
      </Form>
    </Formik>
  );
}
