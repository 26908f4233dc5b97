import { IntegrationType, OwnID, OwnIDInit, WidgetType } from '@ownid/react';
import { useCallback, useState, type RefObject } from 'react';
import type { LoginOutcome } from './login-outcome';
import { LoginOutcomeMessage } from './LoginOutcomeMessage';
import { UnverifiedRegistration } from './UnverifiedRegistration';

/** What the vendor's widget reports to the page that shows it. */
export interface OwnIdCallbacks {
  /** A login through the widget finished (the vendor's SDK has logged in with the identity provider). */
  onLogin?: (payload: unknown) => void;
  /** The widget made a passwordless credential for the registration; its data goes with accounts.register. */
  onRegister?: (payload: unknown) => void;
  onError?: (error: unknown) => void;
  /** What the page made of the widget's last login that did not log in (/login): shown below the widget. */
  outcome?: LoginOutcome;
}

export interface OwnIdWidgetProps extends OwnIdCallbacks {
  kind: 'login' | 'registration';
  application: string;
  environment: string;
}

/**
 * The vendor's passwordless widget (@ownid/react): OwnIDInit loads its script from the vendor's CDN with the
 * application id and environment, integrated with the identity provider's SDK (gigya); OwnID renders beside the
 * form's e-mail and password fields, which it finds in the form around it.
 */
export default function OwnIdWidget({ kind, application, environment, onLogin, onRegister, onError, outcome }: OwnIdWidgetProps) {
  const [fields, setFields] = useState<{ email: RefObject<HTMLInputElement>; password: RefObject<HTMLInputElement> }>();
  // The forms' fields are the forms library's; the widget needs the elements themselves, found once it is placed.
  const anchor = useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    const form = node.closest('form') ?? document;
    const find = (name: string) => ({ current: form.querySelector<HTMLInputElement>(`input[name="${name}"]`) }) as RefObject<HTMLInputElement>;
    setFields((known) => known ?? { email: find('email'), password: find('password') });
  }, []);
  return (
    <div ref={anchor} className="passwordless__ownid">
      <OwnIDInit config={{ appId: application, env: environment || undefined, sdk: IntegrationType.Gigya }} />
      {fields ? (
        <OwnID
          type={kind === 'login' ? WidgetType.Login : WidgetType.Register}
          loginIdField={fields.email}
          passwordField={fields.password}
          onLogin={onLogin}
          onRegister={onRegister}
          onError={onError}
        />
      ) : null}
      {outcome ? <LoginAnswer outcome={outcome} email={fields?.email.current?.value.trim() ?? ''} /> : null}
    </div>
  );
}

/**
 * A login through the widget that did not log in: the refusal's text (spec 000 §8), or for an account whose e-mail is
 * not confirmed yet the resend panel, as after a password or passkey login (spec 000 §4): for the pending account's
 * regToken (206002), else for the address in the login ID field, which the widget logged in with (400006
 * REGISTRATION_UNVERIFIED). Here, in the widget's code, and not on /login, whose first load has no room for it.
 */
function LoginAnswer({ outcome, email }: { outcome: LoginOutcome; email: string }) {
  return (
    <>
      <div className="form-error" role="alert">
        <LoginOutcomeMessage outcome={outcome} />
      </div>
      {outcome.kind === 'unverified' ? <UnverifiedRegistration target={outcome.regToken ? { regToken: outcome.regToken } : { email }} /> : null}
    </>
  );
}
