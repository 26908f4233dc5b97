import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { deferredSchema, FormError, message, messages, PasswordField, SubmitButton, TextField } from '@portal/forms';
import { useIdentity } from '@portal/identity';
import { failureCode, unexpectedMessage } from '../../../shared/call-failure';
import { KeptDraft, keptValues } from '../../../shared/form-draft';
import { InBackground } from '../../../shared/InBackground';
import { lazyNamed } from '../../../shared/load-page';
import { useChangeEmail, useConfirmPassword } from '../api/login-details-mutations';
import { usePasskeys } from '../api/passkey-list';

/** `sent` holds the new address as the notice shows it (shownEmail). */
type Step = { name: 'password' } | { name: 'email'; password: string } | { name: 'sent'; email: string };

const passwordForm = deferredSchema(({ formSchema, passwordSchema }) => formSchema({ password: passwordSchema() }));

/**
 * An address as the section shows it: its domain as people write it (displayEmail, the rule of the service's mails),
 * not the xn-- form the service stores and the browser's e-mail field hands over (QA wording round, 2026-11-30). The
 * rule loads when an address needs it, not with the page, which has no room for it (page weight); when it fails to
 * load, the address shows as it is.
 */
const shownEmail = (address: string) =>
  import('../../../shared/email-display').then(
    (rule) => rule.displayEmail(address),
    () => address,
  );

const KeptEmailNotice = lazyNamed(() => import('./KeptEmailNotice'), 'KeptEmailNotice');
const KEPT_EMAIL_ID = 'change-email-kept';

/**
 * Change e-mail (spec 000 §2): the current password first, then the new address. The change takes effect when the
 * link mailed to the new address is followed. An account without a password (registered with a passkey) sets one
 * first, in the password section below: the change is confirmed with it. A new address typed when the session ended
 * is back in its field after the login and the password (KeptDraft); the password is typed again, never kept. Until
 * then the password step names the address that waits (KeptEmailNotice), with the field it asks for.
 */
export function ChangeEmailSection() {
  const { t } = useTranslation();
  const { account } = useIdentity();
  const current = account.profile?.email ?? '';
  // Only a domain label in xn-- form (an internationalised domain) has another form to show. The address stays for
  // as long as the page shows: its change ends the session.
  const [shownCurrent, setShownCurrent] = useState<string>();
  useEffect(() => {
    if (/[@.]xn--/i.test(current)) void shownEmail(current).then(setShownCurrent);
  }, [current]);
  const [step, setStep] = useState<Step>({ name: 'password' });
  const { pathname } = useLocation();
  // The new address kept for after the login, as the section shows addresses, read as the password step shows: once
  // the new address's form has taken it back, none waits.
  const keptEmail = useMemo(() => {
    const email = step.name === 'password' ? keptValues(account.UID, pathname)?.email : undefined;
    return typeof email === 'string' ? shownEmail(email) : undefined;
  }, [step.name, account.UID, pathname]);
  const confirm = useConfirmPassword();
  const change = useChangeEmail();
  const withoutPassword = usePasskeys().data?.hasPassword === false;
  // Each step replaces the form the focus was in (WCAG 2.4.3): the new address's field takes it, then the
  // confirmation that the link is on its way (read out as the focus arrives).
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (step.name === 'email') section.current?.querySelector<HTMLElement>('input[name="email"]')?.focus();
    if (step.name === 'sent') section.current?.querySelector<HTMLElement>('.notice')?.focus();
  }, [step.name]);
  const emailForm = useMemo(
    () =>
      deferredSchema(({ emailSchema, formSchema }) =>
        formSchema({
          email: emailSchema({ required: messages.emailRequired() }).test(
            'differs',
            message('ap.accessdata.email.same', 'Please enter a different e-mail address.'),
            (value) => !value || value.trim().toLowerCase() !== current.toLowerCase(),
          ),
        }),
      ),
    [current],
  );

  const submitPassword = async (values: { password: string }, helpers: FormikHelpers<{ password: string }>) => {
    try {
      const outcome = await confirm.mutateAsync(values.password);
      if (outcome.kind === 'done') setStep({ name: 'email', password: values.password });
      else helpers.setStatus({ fieldErrors: { errors: { password: outcome.message }, values } });
    } catch (error) {
      helpers.setStatus({ formError: unexpectedMessage(failureCode(error)) });
    }
  };

  const submitEmail = async (values: { email: string }, helpers: FormikHelpers<{ email: string }>) => {
    if (step.name !== 'email') return;
    const email = values.email.trim();
    try {
      const outcome = await change.mutateAsync({ email, password: step.password });
      if (outcome.kind === 'done') setStep({ name: 'sent', email: await shownEmail(email) });
      else if (outcome.field === 'email') helpers.setStatus({ fieldErrors: { errors: { email: outcome.message }, values } });
      // The password stopped working meanwhile (changed elsewhere): back to the first step, with the reason.
      else setStep({ name: 'password' });
    } catch (error) {
      helpers.setStatus({ formError: unexpectedMessage(failureCode(error)) });
    }
  };

  return (
    <section ref={section} className="panel access-section" aria-labelledby="change-email-heading">
      <h2 id="change-email-heading">{t('ap.accessdata.email.headline')}</h2>
      <p>{t('ap.accessdata.email.current', { email: shownCurrent ?? current })}</p>
      {step.name === 'password' && withoutPassword ? <p>{t('ap.accessdata.email.passwordFirst')}</p> : null}
      {step.name === 'password' && !withoutPassword ? (
        <Formik initialValues={{ password: '' }} validationSchema={passwordForm} onSubmit={submitPassword}>
          <Form className="form" noValidate>
            <p>{t('ap.accessdata.email.confirmIntro')}</p>
            {keptEmail ? (
              <InBackground>
                <KeptEmailNotice id={KEPT_EMAIL_ID} email={keptEmail} />
              </InBackground>
            ) : null}
            <PasswordField
              name="password"
              label={t('ap.accessdata.currentPassword')}
              required
              autoComplete="current-password"
              aria-describedby={keptEmail && KEPT_EMAIL_ID}
            />
            <FormError />
            <SubmitButton>{t('ap.accessdata.email.confirm')}</SubmitButton>
          </Form>
        </Formik>
      ) : null}
      {step.name === 'email' ? (
        <Formik initialValues={{ email: '' }} validationSchema={emailForm} onSubmit={submitEmail}>
          <Form className="form" noValidate>
            <KeptDraft />
            <TextField name="email" type="email" label={t('ap.accessdata.email.new')} required autoComplete="email" autoCapitalize="off" spellCheck={false} />
            <FormError />
            <SubmitButton>{t('ap.accessdata.email.submit')}</SubmitButton>
          </Form>
        </Formik>
      ) : null}
      {step.name === 'sent' ? (
        <p className="notice notice--success" tabIndex={-1}>
          {t('ap.accessdata.email.sent', { email: step.email })}
        </p>
      ) : null}
    </section>
  );
}
