import { IntegrationType, OwnID, OwnIDInit, WidgetType } from '@ownid/react';
import { useCallback, useState, type RefObject } from 'react';

/** What the vendor's widget reports to the page that shows it. */
export interface OwnIdCallbacks {
  /** A login through the widget finished (the vendor's SDK has logged in with the identity provider). */
  onLogin?: (payload: unknown) => void;
  /** The widget made a passwordless credential for the registration; its data goes with accounts.register. */
  onRegister?: (payload: unknown) => void;
  onError?: (error: unknown) => void;
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
export default function OwnIdWidget({ kind, application, environment, onLogin, onRegister, onError }: OwnIdWidgetProps) {
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
    </div>
  );
}
