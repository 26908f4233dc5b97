import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { StatusPage } from '@portal/ui';
import type { LoginState } from './navigation';
import { useRedirectAfterTimer } from './redirect-timer';
import { cameFromRegistration } from './registration-confirmation';

/**
 * A registration's confirmation page (spec 000 §2: /registration/confirmation, /update-confirmation): its headline
 * and text, then the redirect timer. Without the registration's state (CAME_FROM_REGISTRATION) there is no
 * registration to confirm: on to the login, which sends a logged-in visitor on to / (spec 000 §4). Not to / itself:
 * the account area's code would load only to send a visitor who is logged out on to the login (page weight, 153.8
 * KB against 150).
 */
export function RegistrationConfirmation({ headline, children, loggedOut }: ConfirmationProps) {
  const { state } = useLocation();
  return cameFromRegistration(state) ? (
    <Confirmation headline={headline} loggedOut={loggedOut}>
      {children}
    </Confirmation>
  ) : (
    <Navigate to="/login" replace />
  );
}

interface ConfirmationProps {
  headline: string;
  children: ReactNode;
  /** What the login says when the timer sends a visitor who is not logged in there. */
  loggedOut?: LoginState;
}

function Confirmation({ headline, children, loggedOut }: ConfirmationProps) {
  useRedirectAfterTimer(undefined, loggedOut);
  return <StatusPage headline={headline}>{children}</StatusPage>;
}
