import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSite } from '@portal/cms';
import type { AddressBookEntry } from '@portal/identity';
import { CAME_FROM_APP } from '../../../shared/navigation';
import { countryName } from '../countries';

/** The account's address with its edit button (spec 000 §2, /addresses). */
export function AddressCard({ address }: { address: AddressBookEntry }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const name = [address.salutation ? t(`ap.salutation.${address.salutation}`) : '', address.firstName, address.lastName].filter(Boolean).join(' ');
  return (
    <article className="address-card" aria-labelledby="address-card-heading">
      <h2 id="address-card-heading" className="address-card__heading">
        {address.isStandardAddress ? t('ap.addresses.standard') : t('ap.addresses.address')}
      </h2>
      <address className="address-card__lines">
        {name}
        <br />
        {[address.street, address.streetNo].filter(Boolean).join(' ')}
        <br />
        {[address.zip, address.city].filter(Boolean).join(' ')}
        <br />
        {address.country ? countryName(t, address.country, language) : null}
      </address>
      <Link className="button button--secondary" to="/addresses/addresschange" state={CAME_FROM_APP}>
        {t('ap.addresses.edit')}
      </Link>
    </article>
  );
}
