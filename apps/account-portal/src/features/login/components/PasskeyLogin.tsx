import { PasskeyLoginButton } from '../../../shared/PasskeyLoginButton';
import { usePasskeyLogin } from '../api/passkey-login';
import { UnverifiedRegistration } from '../../../shared/UnverifiedRegistration';

/** The passkey button of the passwordless widget on /login: the browser asks which passkey, with the shopper's PIN or biometrics. */
export function PasskeyLogin() {
  const { start, outcome, pending } = usePasskeyLogin();
  return (
    <>
      <PasskeyLoginButton className="passwordless__button" pending={pending} onStart={() => void start(false)} outcome={outcome} />
      {outcome?.kind === 'unverified' && outcome.regToken ? <UnverifiedRegistration target={{ regToken: outcome.regToken }} /> : null}
    </>
  );
}
