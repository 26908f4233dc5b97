import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loadRefusal, translateMessage, type Message, type RefusalText } from '@portal/forms';
import { useSite } from '@portal/cms';
import { ErrorCode, isStaleLinkToken, isSuccess, useIdentity } from '@portal/identity';
import { failureCode } from '../../../shared/call-failure';
import { customLogin } from '../api/custom-login';
import type { FinalizeState, LoginState } from '../../../shared/navigation';
import { loginOutcome, type LoginOutcome } from '../../../shared/login-outcome';
import { LoginOutcomeMessage } from '../../../shared/LoginOutcomeMessage';
import { forgetLinkingRegToken, goToLinkAccounts } from '../../../shared/SocialLogin';
import { validateLogin, type LoginErrors, type LoginValues } from '../validate-login';
import { cancelConditionalRequest, conditionalMediationAvailable } from '../../../shared/passkey-browser';
import type { PasskeyLoginState } from '../api/passkey-login';
import { PasskeyLoginMessage } from '../../../shared/PasskeyLoginMessage';
import { UnverifiedRegistration } from '../../../shared/UnverifiedRegistration';

function Field({ label, type, name, value, error, autoComplete, onChange }: {
  label: string;
  type: 'email' | 'password';
  name: keyof LoginValues;
  value: string;
  error: Message | undefined;
  autoComplete: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        <span className="form-field__required" aria-hidden="true">
          {' *'}
        </span>
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        className="form-field__input"
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {/* Not announced as it appears: errors come with a submit, which puts the focus on the first field in error
          (read with its error), or change as the shopper types in the field. */}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {translateMessage(t, error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * E-mail and password; every login outcome of the error catalogue (spec 000 §8). The page's passkey login
 * (`passkey`, shared with the widget's button) answers the e-mail field's autofill here.
 */
export function LoginForm({ passkey }: { passkey: PasskeyLoginState }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { provider, setRegistration } = useIdentity();
  const { metadata } = useSite();
  // The address /registration found an account for, when its link brought the shopper here (EmailState).
  const state = useLocation().state as LoginState | null;
  const [values, setValues] = useState<LoginValues>(() => ({ email: state?.email ?? '', password: '' }));
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Submits the form's own check refused: each does, once its errors are on the page, what a refused submit does in
  // every form (refuseSubmit, SubmitButton's): the focus on the first field in error, and the status line saying
  // what the focus does not, until the errors it counts are gone. Enter in the empty address field kept the focus
  // there and said nothing (QA). Its code loads as the form is first used (a focus in it), not with the page (page
  // weight).
  const [refused, setRefused] = useState(0);
  const [refusal, setRefusal] = useState<RefusalText>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refused > 0) void loadRefusal().then(({ refuseSubmit }) => refuseSubmit(form.current, i18n, setRefusal));
  }, [refused, i18n]);
  const [outcome, setOutcome] = useState<{ result: LoginOutcome; email: string }>();
  // Conditional mediation: the browser offers the shopper's passkeys in the e-mail field's autofill. It starts
  // after the first paint and loads the WebAuthn script only where the browser can do it.
  const passkeys = Boolean(provider.passkeyLogin);
  const startAutofill = passkey.start;
  const autofill = passkey.outcome?.quiet ? passkey.outcome : undefined;
  useEffect(() => {
    if (!passkeys) return;
    let active = true;
    let started = false;
    void conditionalMediationAvailable().then((available) => {
      if (!active || !available) return;
      started = true;
      void startAutofill(true);
    });
    return () => {
      active = false;
      // A conditional request outlives nothing: leaving the page (or starting anew) ends it.
      if (started) cancelConditionalRequest();
    };
  }, [passkeys, startAutofill]);

  const change = (name: keyof LoginValues) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next));
  };

  const providerLogin = async (loginID: string, password: string) => {
    const answer = await provider.login({ loginID, password });
    if (!isStaleLinkToken(answer)) return answer;
    // 200009: the link token is stale (the identity is linked already) and no session was opened; the token is
    // dropped and the login done plainly (spec 000 §4).
    forgetLinkingRegToken();
    return provider.login({ loginID, password });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    // Emptied as a submit starts, so that the same error named again after it is announced again.
    setRefusal(undefined);
    // A new attempt takes the last answer down, also when the form's own check stops it (QA: the wrong password's
    // message stood beside "not an e-mail address"), the autofill's too (it stood again while a second login ran).
    setOutcome(undefined);
    passkey.dismiss();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setRefused((n) => n + 1);
      return;
    }
    setSubmitting(true);
    const email = values.email.trim();
    let result: LoginOutcome;
    try {
      // With sso.customLogin the service checks the credentials first (spec 000 §7); only then does the provider
      // log in, so a refusal is counted once. The service answers errorCode and apiVersion only: its 206001 (an
      // incomplete registration, or changed terms) lacks the regToken that finishing needs, which the provider's
      // login, with credentials just found right, gives (spec 000 §4).
      const checked = metadata.sso.customLogin ? await customLogin(metadata.restApi, email, values.password) : undefined;
      if (metadata.sso.customLogin && !checked) result = { kind: 'unexpected', code: 'invalid-response' };
      else if (checked && !isSuccess(checked) && checked.errorCode !== ErrorCode.PENDING_REGISTRATION) result = loginOutcome(checked);
      else result = loginOutcome(await providerLogin(email, values.password));
    } catch (error) {
      result = { kind: 'unexpected', code: failureCode(error) };
    }
    setSubmitting(false);
    if (result.kind === 'finalize') {
      setRegistration(result.regToken);
      const state: FinalizeState = { origin: 'siteLogin', regToken: result.regToken };
      navigate('/registration/finalize', { state });
      return;
    }
    if (result.kind === 'linkAccounts') {
      goToLinkAccounts(navigate, result.regToken);
      return;
    }
    // A success is followed by the page's logged-in redirect.
    if (result.kind !== 'loggedIn') setOutcome({ result, email });
  };

  return (
    <>
      <form ref={form} className="form" noValidate onFocus={() => void loadRefusal()} onSubmit={(event) => void submit(event)}>
        <Field label={t('clp.form.email')} type="email" name="email" value={values.email} error={errors.email} autoComplete={passkeys ? 'username webauthn' : 'username'} onChange={change('email')} />
        <Field
          label={t('clp.form.password')}
          type="password"
          name="password"
          value={values.password}
          error={errors.password}
          autoComplete="current-password"
          onChange={change('password')}
        />
        <p>
          <Link to="/login/reset-password/start">{t('clp.login.forgotPassword')}</Link>
        </p>
        <div className="form-error" role="alert">
          {outcome ? <LoginOutcomeMessage outcome={outcome.result} /> : autofill ? <PasskeyLoginMessage outcome={autofill} /> : null}
        </div>
        {/* Not disabled while the login runs, which would drop the focus to the page: a second submit is ignored. */}
        <button type="submit" className="button" aria-disabled={submitting || undefined} aria-busy={submitting || undefined}>
          {t('clp.login.submit')}
        </button>
        {/* Polite: it follows the field's own name, which the screen reader reads as the focus stays; only in the
            language it was said in (QA: German words on the English page). */}
        <span className="visually-hidden" role="status">
          {refusal?.language === i18n.language && refusal.text}
        </span>
      </form>
      {outcome?.result.kind === 'unverified' ? <UnverifiedRegistration target={{ email: outcome.email }} /> : null}
      {!outcome && autofill?.kind === 'unverified' && autofill.regToken ? <UnverifiedRegistration target={{ regToken: autofill.regToken }} /> : null}
    </>
  );
}
