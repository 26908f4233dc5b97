import { useTranslation } from 'react-i18next';
import { StatusPage } from '@portal/ui';

/** The account portal's login (spec 000 §2); on a host of its own, the centre's host sends /login there. */
export const LOGIN_PATH = '/login';

/**
 * `/preferences/session-ended`: the centre was opened from the account page (a login session, spec 001 §6) and that
 * session ended meanwhile, by a logout in another tab, say. Not the link's error page: this shopper came through
 * the login, not a mail. The login returns to the account page, whose tile opens the centre again (/login takes
 * its way back only from the portal's own pages).
 */
export function SessionEndedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      headline={t('mpp.session.ended.headline', { defaultValue: 'Ihre Sitzung ist beendet.' })}
      actions={
        <a className="button" href={LOGIN_PATH}>
          {t('global.button.login', { defaultValue: 'Zum Login' })}
        </a>
      }
    >
      <p>
        {t('mpp.session.ended.text', {
          defaultValue: 'Sie wurden abgemeldet, zum Beispiel in einem anderen Fenster. Bitte melden Sie sich erneut an; Ihre Einstellungen öffnen Sie dann über Ihr Kundenkonto.',
        })}
      </p>
    </StatusPage>
  );
}
