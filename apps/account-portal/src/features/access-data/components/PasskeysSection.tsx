import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredSchema, FormError, PasswordField, SubmitButton, translateMessage } from '@portal/forms';
import { useIdentity, type PasskeyInfo } from '@portal/identity';
import { Loader } from '@portal/ui';
import { failureCode, unexpectedMessage } from '../../../shared/call-failure';
import { FORM_BANNER_MS, useSuccessBanner } from '../../../shared/SuccessBanner';
import { useConfirmPassword } from '../api/login-details-mutations';
import { usePasskeys } from '../api/passkey-list';
import { useAddPasskey, useRemovePasskey } from '../api/passkeys';
import type { CeremonyFailure } from '../../../shared/passkey-browser';
import { askedAfterLogin, forgetAsked, LoginAgain, type AskedAction } from './LoginAgain';

// A ceremony that failed says why: before, every failure but a cancel read "this browser does not support
// passkeys", also on a device that already holds the account's passkey (the provider excludes it).
const ceremonyErrorKey: Record<CeremonyFailure, string> = {
  cancelled: 'ap.accessdata.passkeys.error.cancelled',
  unsupported: 'clp.passwordless.error.unsupported',
  registered: 'ap.accessdata.passkeys.error.registered',
  failed: 'ap.accessdata.passkeys.error.failed',
};

const confirmForm = deferredSchema(({ formSchema, passwordSchema }) => formSchema({ password: passwordSchema() }));

/** What waits for the shopper to confirm it is them: adding a passkey named `name`, or removing the one of `id`. */
type Confirming = Exclude<AskedAction, { kind: 'password' }>;

/**
 * A passkey is a way in that outlives a password reset, and removing one logs the account out on its other devices,
 * so the provider does either only within minutes of a login: a session cookie copied from the shopper's browser must
 * not be enough. Confirming the current password is that login (as for the e-mail change); an account without a
 * password logs in again.
 */
function ConfirmItsYou({ hasPassword, asked, onConfirmed }: { hasPassword: boolean; asked: Confirming; onConfirmed: () => void }) {
  const { t } = useTranslation();
  const removing = asked.kind === 'remove';
  const confirm = useConfirmPassword();
  // The add button's form gives way to this one: the focus goes where the shopper continues (WCAG 2.4.3), to the
  // password field, which the intro describes: the focus arriving reads why a password is asked (WCAG 4.1.3).
  const box = useRef<HTMLDivElement>(null);
  const introId = useId();
  useEffect(() => box.current?.querySelector('input')?.focus(), []);

  const submit = async (values: { password: string }, helpers: FormikHelpers<{ password: string }>) => {
    try {
      const outcome = await confirm.mutateAsync(values.password);
      if (outcome.kind === 'done') onConfirmed();
      else helpers.setStatus({ fieldErrors: { errors: { password: outcome.message }, values } });
    } catch (error) {
      helpers.setStatus({ formError: unexpectedMessage(failureCode(error)) });
    }
  };

  return (
    <div ref={box}>
      {hasPassword ? (
        <Formik initialValues={{ password: '' }} validationSchema={confirmForm} onSubmit={submit}>
          <Form className="form" noValidate>
            <p id={introId}>{t(removing ? 'ap.accessdata.passkeys.removeConfirmIntro' : 'ap.accessdata.passkeys.confirmIntro')}</p>
            <PasswordField
              name="password"
              label={t('ap.accessdata.currentPassword')}
              required
              autoComplete="current-password"
              aria-describedby={introId}
            />
            <FormError />
            <SubmitButton>{t(removing ? 'ap.accessdata.passkeys.removeConfirm' : 'ap.accessdata.passkeys.confirm')}</SubmitButton>
          </Form>
        </Formik>
      ) : (
        <LoginAgain asked={asked} />
      )}
    </div>
  );
}

/**
 * The names the list shows: a name several passkeys share (the provider names each after its device, "Passkey
 * (Linux)") is numbered down the list, so that each row, and its remove button, has a name of its own (QA: two
 * like devices' rows and buttons could not be told apart).
 */
function withDistinctNames(passkeys: PasskeyInfo[]): { passkey: PasskeyInfo; name: string }[] {
  const seen = new Map<string, number>();
  return passkeys.map((passkey) => {
    const n = (seen.get(passkey.name) ?? 0) + 1;
    seen.set(passkey.name, n);
    return { passkey, name: passkeys.some((other) => other !== passkey && other.name === passkey.name) ? `${passkey.name} (${n})` : passkey.name };
  });
}

function PasskeyRow({ passkey, name, onRemove, onKeep, busy }: { passkey: PasskeyInfo; name: string; onRemove: () => void; onKeep: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  // With the time: passkeys added the same day differ in it.
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  // A removal ends the account's other sessions and cannot be undone: one keypress took it (QA). The remove button
  // asks first, in the row; the question takes the focus, which goes back to the button when it is taken back
  // (undefined: not asked yet, the focus left alone).
  const [asking, setAsking] = useState<boolean>();
  const question = useRef<HTMLParagraphElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking !== undefined) (asking ? question : removeButton).current?.focus();
  }, [asking]);
  const keepIt = () => {
    setAsking(false);
    onKeep();
  };
  return (
    <li className="passkeys__item">
      <div>
        <p className="passkeys__name">{name}</p>
        <p className="passkeys__meta">
          {t('ap.accessdata.passkeys.created', { date: date(passkey.created) })}
          {' · '}
          {passkey.lastUsed ? t('ap.accessdata.passkeys.lastUsed', { date: date(passkey.lastUsed) }) : t('ap.accessdata.passkeys.neverUsed')}
        </p>
      </div>
      {asking ? (
        // Escape, from the question or either button, takes it back as the cancel button does.
        <div className="passkeys__confirm" onKeyDown={(event) => event.key === 'Escape' && keepIt()}>
          <p ref={question} tabIndex={-1}>
            {t('ap.accessdata.passkeys.remove.confirm', { name })}
          </p>
          {/* Not disabled while the removal runs, which would drop the focus to the page (WCAG 2.4.3): a second press is ignored. */}
          <button type="button" className="button" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={busy ? undefined : onRemove}>
            {t('ap.accessdata.passkeys.remove.yes')}
          </button>
          <button type="button" className="button button--secondary" onClick={keepIt}>
            {t('ap.accessdata.passkeys.remove.cancel')}
          </button>
        </div>
      ) : (
        <button
          ref={removeButton}
          type="button"
          className="button button--secondary"
          aria-disabled={busy || undefined}
          aria-label={t('ap.accessdata.passkeys.remove.label', { name })}
          onClick={busy ? undefined : () => setAsking(true)}
        >
          {t('ap.accessdata.passkeys.remove')}
        </button>
      )}
    </li>
  );
}

/** Passkeys of the account: list (name, created, last used), add one, remove one. Only where the provider has them. */
export function PasskeysSection() {
  const { provider } = useIdentity();
  if (!provider.getPasskeys) return null;
  return <PasskeysPanel />;
}

function PasskeysPanel() {
  const { t } = useTranslation();
  const { account } = useIdentity();
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const success = useSuccessBanner(FORM_BANNER_MS);
  const [error, setError] = useState<string>();
  // The name typed before logging in again to add one (LoginAgain) stays typed.
  const [name, setName] = useState(() => {
    const asked = askedAfterLogin(account.UID);
    return asked?.kind === 'add' ? asked.name : '';
  });
  const [confirming, setConfirming] = useState<Confirming>();
  const nameId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // The password confirmation took the focus and gives way to the add form again: after an addition's, the focus
  // goes back to the add button, not to the page's start (WCAG 2.4.3); a removal's moves it itself (confirmed), or
  // its row, taken back, to its remove button.
  const wasConfirming = useRef<Confirming['kind'] | undefined>(undefined);
  useEffect(() => {
    if (wasConfirming.current === 'add' && !confirming) addButton.current?.focus();
    wasConfirming.current = confirming?.kind;
  }, [confirming]);

  const addNamed = async (named = name, resumed = false) => {
    setError(undefined);
    success.hide();
    try {
      const outcome = await add.mutateAsync(named);
      if (outcome.kind === 'done') {
        setName('');
        success.show(t('ap.accessdata.passkeys.added'));
      } else if (outcome.kind === 'recentLogin') {
        setConfirming({ kind: 'add', name: named });
      } else if (outcome.kind === 'ceremony') {
        // Started after a login rather than by a press: a browser that makes a passkey only on a press (Safari)
        // refuses as a cancel does, and the shopper presses the button the focus is on.
        setError(t(resumed && outcome.failure === 'cancelled' ? 'ap.accessdata.passkeys.resumeAdd' : ceremonyErrorKey[outcome.failure]));
      } else setError(t('ap.accessdata.passkeys.error.failed'));
    } catch (error) {
      setError(translateMessage(t, unexpectedMessage(failureCode(error))));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!add.isPending) void addNamed();
  };

  const drop = async (id: string) => {
    setError(undefined);
    success.hide();
    try {
      const outcome = await remove.mutateAsync(id);
      if (outcome.kind === 'done') {
        // The row and its button go: the focus stays in the section, whose banner says what happened.
        heading.current?.focus();
        success.show(t('ap.accessdata.passkeys.removed'));
      } else if (outcome.kind === 'recentLogin') setConfirming({ kind: 'remove', id });
      else setError(t(outcome.kind === 'last' ? 'ap.accessdata.passkeys.error.last' : 'ap.accessdata.passkeys.error.failed'));
    } catch (error) {
      setError(translateMessage(t, unexpectedMessage(failureCode(error))));
    }
  };

  // The login just made lets the provider do what waited for it. A removal's focus goes to the section's heading,
  // where its banner or error follows, as the row it was asked in may go.
  const confirmed = () => {
    setConfirming(undefined);
    if (confirming?.kind === 'remove') {
      heading.current?.focus();
      void drop(confirming.id);
    } else void addNamed();
  };

  // Back from logging in again (LoginAgain), what was asked goes on, with the list as the new login reads it (the
  // one kept is the old session's): a removal of a passkey still listed as if confirmed here, an addition with its
  // ceremony, the focus on the add button. Taken once: React's development check runs the effect twice.
  const resume = useEffectEvent((passkeys: PasskeyInfo[] = []) => {
    const asked = askedAfterLogin(account.UID);
    if (asked?.kind !== 'add' && asked?.kind !== 'remove') return;
    forgetAsked();
    if (asked.kind === 'add') {
      addButton.current?.focus();
      void addNamed(asked.name, true);
    } else if (passkeys.some((passkey) => passkey.id === asked.id)) {
      heading.current?.focus();
      void drop(asked.id);
    }
  });
  const refetchList = list.refetch;
  useEffect(() => {
    if (askedAfterLogin(account.UID)) void refetchList({ cancelRefetch: false }).then(({ data }) => resume(data?.passkeys));
  }, [account.UID, refetchList]);

  return (
    <section className="panel access-section" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading" ref={heading} tabIndex={-1}>{t('ap.accessdata.passkeys.headline')}</h2>
      <p>{t('ap.accessdata.passkeys.intro')}</p>
      {success.banner}
      {list.isPending ? (
        <Loader />
      ) : list.data?.passkeys.length ? (
        <ul className="passkeys" aria-label={t('ap.accessdata.passkeys.headline')}>
          {withDistinctNames(list.data.passkeys).map(({ passkey, name }) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              name={name}
              busy={remove.isPending}
              onRemove={() => void drop(passkey.id)}
              // Taken back while its removal waits for the password: the password no longer removes it.
              onKeep={() => confirming?.kind === 'remove' && confirming.id === passkey.id && setConfirming(undefined)}
            />
          ))}
        </ul>
      ) : (
        <p>{t('ap.accessdata.passkeys.none')}</p>
      )}
      {confirming ? (
        <ConfirmItsYou hasPassword={list.data?.hasPassword ?? true} asked={confirming} onConfirmed={confirmed} />
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <div className="form-field">
            <label className="form-field__label" htmlFor={nameId}>
              {t('ap.accessdata.passkeys.name')}
            </label>
            <input id={nameId} className="form-field__input" value={name} maxLength={100} autoComplete="off" onChange={(event) => setName(event.target.value)} />
          </div>
          <div className="form-error" role="alert">
            {error ? <p className="form-error__text">{error}</p> : null}
          </div>
          {/* Not disabled while the ceremony runs, which would drop the focus to the page: a second submit is ignored. */}
          <button ref={addButton} type="submit" className="button" aria-disabled={add.isPending || undefined} aria-busy={add.isPending || undefined}>
            {t('ap.accessdata.passkeys.add')}
          </button>
        </form>
      )}
    </section>
  );
}
