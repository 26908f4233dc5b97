import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { useIdentity } from '@portal/identity';
import { Breadcrumbs } from '../../../shared/Breadcrumbs';
import { useFlash } from '../../../shared/flash';
import type { LogoutState } from '../../../shared/navigation';
import { ACCOUNT_BANNER_MS, useSuccessBanner } from '../../../shared/SuccessBanner';
import { AccountTiles } from '../components/AccountTiles';
import { OwnDataSection } from '../components/OwnDataSection';

/**
 * `/`: welcome, tiles of the configured account links, online services, the shopper's own data and logout (spec
 * 000 §2); a flow that returns here with a success shows it for 10 seconds.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { content } = useSite();
  const { account } = useIdentity();
  const flash = useFlash();
  const success = useSuccessBanner(ACCOUNT_BANNER_MS, flash && t(flash));
  const links = content.components.accountPage.accountLinks;
  const services = content.components.SsoClientsOverview?.items ?? [];
  const navigate = useNavigate();
  // The session is gone with the account: /logout clears what the page still holds, tells the other tabs and
  // confirms the deletion outside the account area, whose login check took the ended session for an expired one
  // when the window got the focus back (QA keyboard round, 2026-11-30).
  const deleted = () => navigate('/logout', { replace: true, state: { accountDeleted: true } satisfies LogoutState });

  return (
    <div className="account-page">
      <Breadcrumbs trail={[]} />
      <h1 aria-describedby={success.describedBy}>{t('ap.account.welcome', { firstName: account.profile?.firstName ?? '', lastName: account.profile?.lastName ?? '' }).trim()}</h1>
      {success.banner}
      <AccountTiles links={links} />
      <section className="account-services" aria-labelledby="account-services-heading">
        <h2 id="account-services-heading">{t('ap.account.services.heading')}</h2>
        <p>{t('ap.account.services.text')}</p>
        {services.length > 0 ? (
          <ul className="tiles">
            {services.map((service) => (
              <li key={service.id} className="tile">
                <h3 className="tile__title">{service.label}</h3>
                <p>{service.description}</p>
                <a className="button button--secondary" href={service.url}>
                  {service.buttonlabel}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <a className="button button--secondary" href={content.header.homeUrl}>
            {t('ap.account.services.continue')}
          </a>
        )}
      </section>
      <OwnDataSection onDeleted={deleted} />
      <Link className="button" to="/logout">
        {t('ap.account.logout')}
      </Link>
    </div>
  );
}
