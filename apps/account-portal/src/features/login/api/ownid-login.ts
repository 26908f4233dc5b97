import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIdentity, type Envelope } from '@portal/identity';
import type { OwnIdCallbacks } from '../../../shared/OwnIdWidget';
import type { FinalizeState } from '../../../shared/navigation';
import { loginOutcome, type LoginOutcome } from '../../../shared/login-outcome';

/**
 * What the vendor's widget reports after a login (decided): its SDK logged in with the identity provider, and
 * where the provider stopped the login (206001: required fields or consent missing) the payload is the provider's
 * envelope with the regToken; any other payload is a login.
 */
export function ownIdLoginOutcome(payload: unknown): LoginOutcome {
  const envelope = payload as Partial<Envelope> | null | undefined;
  if (envelope && typeof envelope.errorCode === 'number') return loginOutcome(envelope as Envelope);
  return { kind: 'loggedIn' };
}

/**
 * The OwnID widget's callbacks on /login: an incomplete account goes to finalize with origin ownIdLogin; any other
 * answer that did not log in is the outcome the widget shows.
 */
export function useOwnIdLogin(): OwnIdCallbacks {
  const { refresh, setRegistration } = useIdentity();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<LoginOutcome>();
  const callbacks = useMemo<OwnIdCallbacks>(
    () => ({
      onLogin(payload) {
        const result = ownIdLoginOutcome(payload);
        if (result.kind === 'finalize') {
          setRegistration(result.regToken);
          const state: FinalizeState = { origin: 'ownIdLogin', regToken: result.regToken };
          navigate('/registration/finalize', { state });
          return;
        }
        // The vendor's SDK reports the login to the page through its own event too; reading the account makes sure.
        if (result.kind === 'loggedIn') void refresh();
        else setOutcome(result);
      },
      onError() {
        setOutcome({ kind: 'unexpected', code: 'ownid' });
      },
    }),
    [navigate, refresh, setRegistration],
  );
  return { ...callbacks, outcome };
}
