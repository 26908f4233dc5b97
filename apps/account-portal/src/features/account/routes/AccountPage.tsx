import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { useIdentity } from '@portal/identity';

/** `/`: welcome, tiles of the configured account links, online services, logout (spec 000 §2). */
export function AccountPage() {
  const { t } = useTranslation();
  const { content } = useSite();
  const { account } = useIdentity();
  const links = content.components.accountPage.accountLinks;
  const services = content.components.SsoClientsOverview?.items ?? [];
  return (
    <div className="account-page">
      <h1>{t('ap.account.welcome', { firstName: account.profile?.firstName ?? '', lastName: account.profile?.lastName ?? '' }).trim()}</h1>
      <ul className="tiles">
        {links.map((link) => (
          <li key={link.id} className="tile">
            <h2 className="tile__title">
              <a href={link.url}>{link.label}</a>
            </h2>
            <p>{link.description}</p>
          </li>
        ))}
      </ul>
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
      <Link className="button" to="/logout">
        {t('ap.account.logout')}
      </Link>
    </div>
  );
}
