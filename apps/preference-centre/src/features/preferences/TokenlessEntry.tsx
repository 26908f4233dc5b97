import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { useIdentity } from '@portal/identity';
import { Loader } from '@portal/ui';
import { useSessionLink } from './api/session-link';
import { NotAvailablePage } from './components/NotAvailablePage';
import { PreferenceCentre } from './PreferenceCentreEntry';

/**
 * `/preferences` and any other `/preferences/*` path: without a link token, the centre opens only for a
 * logged-in shopper (spec 001 §6), with a link token the service issues for the session. Single sign-on not
 * configured for the centre: the 'not available' page (spec 000 §2). Nobody logged in, or no preference centre
 * in the metadata: `/preferences/error/notfound`.
 */
export function TokenlessEntry() {
  const { metadata, content } = useSite();
  if (!metadata.marketingPreferenceCenter?.apiKey || !content.preferenceCentre) return <Navigate to="/preferences/error/notfound" replace />;
  if (!metadata.sso?.apiKey) return <NotAvailablePage />;
  return <SessionEntry />;
}

function SessionEntry() {
  const session = useSessionLink();
  if (session.isPending) return <Loader />;
  if (session.isError || !session.data) return <Navigate to="/preferences/error/notfound" replace />;
  return <PreferenceCentre jwt={session.data.jwt} headerActions={<LogoutButton />} />;
}

/**
 * The logout for a logged-in shopper (`accounts.logout`); its failure is only logged (spec 001 §8). The centre
 * registers its logout handler: whichever app logs out, this page leaves the account.
 */
function LogoutButton() {
  const { t } = useTranslation();
  const { provider } = useIdentity();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const leave = () => {
      queryClient.removeQueries({ queryKey: ['preference-centre'] });
      void navigate('/preferences/error/notfound', { replace: true });
    };
    const offLogout = provider.onLogout(leave);
    // A login as somebody else (in the account portal) must not show the previous shopper's data.
    const offLogin = provider.onLogin(() => void queryClient.invalidateQueries({ queryKey: ['preference-centre'] }));
    return () => {
      offLogout();
      offLogin();
    };
  }, [provider, navigate, queryClient]);
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() =>
        void provider.logout().then(
          (answer) => {
            if (answer.errorCode !== 0) console.warn('preference centre: logout answered', answer.errorCode);
          },
          (error: unknown) => console.warn('preference centre: logout failed', error),
        )
      }
    >
      {t('mpp.button.logout', { defaultValue: 'Abmelden' })}
    </button>
  );
}
