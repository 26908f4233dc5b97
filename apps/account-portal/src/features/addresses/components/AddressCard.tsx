import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSite } from '@portal/cms';
import type { AddressBookEntry } from '@portal/identity';
import { CAME_FROM_APP } from '../../../shared/navigation';
import { countryName } from '../countries';

/**
 * The countries of the list (spec 000 §3) whose addresses give the house number before the street: "10 rue de
 * Rivoli", "10 Downing Street", Ireland's, Luxembourg's "71, route de Longwy" and Malta's alike. The others write
 * the street first, Belgium ("Rue Neuve 12", bpost's standard) and the Netherlands among them.
 */
const NUMBER_FIRST: ReadonlySet<string> = new Set(['FR', 'GB', 'IE', 'LU', 'MT']);

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
        {(NUMBER_FIRST.has(address.country ?? '') ? [address.streetNo, address.street] : [address.street, address.streetNo]).filter(Boolean).join(' ')}
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
