import { PasskeyLoginButton } from '../../../shared/PasskeyLoginButton';
import type { PasskeyLoginState } from '../api/passkey-login';
import { UnverifiedRegistration } from '../../../shared/UnverifiedRegistration';

/**
 * The passkey button of the passwordless widget on /login: the browser asks which passkey, with the shopper's PIN or
 * biometrics. The page's passkey login (`passkey`) is the e-mail field's autofill's too, which answers in the form.
 */
export function PasskeyLogin({ passkey }: { passkey: PasskeyLoginState }) {
  const { start, pending } = passkey;
  const outcome = passkey.outcome?.quiet ? undefined : passkey.outcome;
  return (
    <>
      <PasskeyLoginButton className="passwordless__button" pending={pending} onStart={() => void start(false)} outcome={outcome} />
      {outcome?.kind === 'unverified' && outcome.regToken ? <UnverifiedRegistration target={{ regToken: outcome.regToken }} /> : null}
    </>
  );
}
