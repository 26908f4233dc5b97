import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { useIdentity } from '@portal/identity';
import { StatusPage } from '@portal/ui';
import { useAccountDeletion } from '../../../shared/account-deletion';
import { Breadcrumbs } from '../../../shared/Breadcrumbs';
import { useFlash } from '../../../shared/flash';
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
  const { deleted, onDeleted } = useAccountDeletion();

  // The session is gone with the account, and the account area shows this without its frame (AccountArea). The way
  // on is the logout's, which ends whatever the browser may still hold and goes to the login.
  if (deleted) {
    return (
      <StatusPage
        headline={t('ap.account.deleted')}
        actions={
          <Link className="button" to="/logout">
            {t('global.button.login')}
          </Link>
        }
      />
    );
  }

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
      <OwnDataSection onDeleted={onDeleted} />
      <Link className="button" to="/logout">
        {t('ap.account.logout')}
      </Link>
    </div>
  );
}
