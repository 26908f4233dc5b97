import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { StatusPage } from '@portal/ui';

/** The account portal's login (spec 000 §2); on a host of its own, the centre's host sends /login there. */
export const LOGIN_PATH = '/login';

export const SESSION_ENDED_PATH = '/preferences/session-ended';

/** The history entry's state: kept across a reload, as the page's words should be. */
export interface SessionEndedState {
  /** The centre's own logout button ended the session (not another tab, not a password change). */
  loggedOutHere?: boolean;
  /**
   * The service no longer has the session and no tab said that the shopper logged out: it ran out (30 minutes unused,
   * or its 12 hours), as the account pages say too (clp.login.sessionEnded).
   */
  expired?: boolean;
}

/**
 * `/preferences/session-ended`: the centre was opened from the account page (a login session, spec 001 §6) and that
 * session ended meanwhile, by a logout in another tab, say. Not the link's error page: this shopper came through
 * the login, not a mail. The login returns to the account page, whose tile opens the centre again (/login takes
 * its way back only from the portal's own pages). After the centre's own logout button it says just that; after a
 * session that ran out, that it expired (it said "you were logged out, in another window perhaps": QA, 2026-11-30).
 */
export function SessionEndedPage() {
  const { t } = useTranslation();
  const state = useLocation().state as SessionEndedState | null;
  if (state?.loggedOutHere) {
    return (
      <StatusPage headline={t('mpp.session.loggedOut.headline', { defaultValue: 'Sie haben sich abgemeldet.' })} actions={<LoginLink />}>
        <p>
          {t('mpp.session.loggedOut.text', {
            defaultValue: 'Um Ihre Einstellungen wieder zu öffnen, melden Sie sich in Ihrem Kundenkonto an oder nutzen Sie den Link in einer unserer E-Mails.',
          })}
        </p>
      </StatusPage>
    );
  }
  if (state?.expired) {
    return (
      <StatusPage headline={t('mpp.session.expired.headline', { defaultValue: 'Ihre Sitzung ist abgelaufen.' })} actions={<LoginLink />}>
        <p>{t('mpp.session.expired.text', { defaultValue: 'Bitte melden Sie sich erneut an; Ihre Einstellungen öffnen Sie dann über Ihr Kundenkonto.' })}</p>
      </StatusPage>
    );
  }
  return (
    <StatusPage
      headline={t('mpp.session.ended.headline', { defaultValue: 'Ihre Sitzung ist beendet.' })}
      actions={<LoginLink />}
    >
      <p>
        {t('mpp.session.ended.text', {
          defaultValue: 'Sie wurden abgemeldet, zum Beispiel in einem anderen Fenster. Bitte melden Sie sich erneut an; Ihre Einstellungen öffnen Sie dann über Ihr Kundenkonto.',
        })}
      </p>
    </StatusPage>
  );
}

function LoginLink() {
  const { t } = useTranslation();
  return (
    <a className="button" href={LOGIN_PATH}>
      {t('global.button.login', { defaultValue: 'Zum Login' })}
    </a>
  );
}
