import { Form, Formik, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredSchema, FormError, PasswordField, SubmitButton } from '@portal/forms';
import { useIdentity } from '@portal/identity';
import { failureCode, unexpectedMessage } from '../../../shared/call-failure';
import { useDeleteAccount } from '../api/delete-account';
import { useExportAccountData } from '../api/export-account-data';

const deleteForm = deferredSchema(({ formSchema, passwordSchema }) => formSchema({ password: passwordSchema() }));

/**
 * The shopper's own data: download it as a JSON file, or delete the account with the current password. Each is
 * offered only where the identity provider has it (the vendor's Web SDK has no self-service deletion).
 */
export function OwnDataSection({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const { provider } = useIdentity();
  const download = useExportAccountData();
  const erase = useDeleteAccount();
  const [asking, setAsking] = useState(false);
  const formId = useId();
  if (!provider.exportAccountData && !provider.deleteAccount) return null;

  const submitDelete = async (values: { password: string }, helpers: FormikHelpers<{ password: string }>) => {
    try {
      const outcome = await erase.mutateAsync(values.password);
      if (outcome.kind === 'deleted') onDeleted();
      else helpers.setStatus({ fieldErrors: { errors: { password: outcome.message }, values } });
    } catch (error) {
      helpers.setStatus({ formError: unexpectedMessage(failureCode(error)) });
    }
  };

  const downloadFailed = download.data?.kind === 'failed' || download.isError;
  return (
    <section className="panel own-data" aria-labelledby="own-data-heading">
      <h2 id="own-data-heading">{t('ap.account.owndata.headline')}</h2>
      {provider.exportAccountData ? (
        <div className="own-data__part">
          <p>{t('ap.account.owndata.download.text')}</p>
          {/* Not disabled while the file is made, which dropped the focus to the page (WCAG 2.4.3, QA): a second press is ignored. */}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => !download.isPending && download.mutate()}
            aria-disabled={download.isPending || undefined}
            aria-busy={download.isPending || undefined}
          >
            {t('ap.account.owndata.download')}
          </button>
          <div role="alert">{downloadFailed ? <p className="notice notice--error">{t('ap.account.owndata.download.failed')}</p> : null}</div>
        </div>
      ) : null}
      {provider.deleteAccount ? (
        <div className="own-data__part">
          <p>{t('ap.account.owndata.delete.text')}</p>
          <button type="button" className="button button--secondary" aria-expanded={asking} aria-controls={formId} onClick={() => setAsking((open) => !open)}>
            {t('ap.account.owndata.delete')}
          </button>
          {asking ? (
            <div id={formId}>
              <Formik initialValues={{ password: '' }} validationSchema={deleteForm} onSubmit={submitDelete}>
                <Form className="form" noValidate>
                  <p className="notice notice--error">{t('ap.account.owndata.delete.warning')}</p>
                  <PasswordField name="password" label={t('ap.accessdata.currentPassword')} required autoComplete="current-password" />
                  <FormError />
                  <SubmitButton>{t('ap.account.owndata.delete.confirm')}</SubmitButton>
                </Form>
              </Formik>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

