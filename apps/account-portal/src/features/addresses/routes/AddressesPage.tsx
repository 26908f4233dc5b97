import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { Breadcrumbs } from '../../../shared/Breadcrumbs';
import { useFlash } from '../../../shared/flash';
import { CAME_FROM_APP } from '../../../shared/navigation';
import { FORM_BANNER_MS, useSuccessBanner } from '../../../shared/SuccessBanner';
import { currentAddress } from '../api/save-address';
import { AddressCard } from '../components/AddressCard';

/** `/addresses` (spec 000 §2): the one address card, or the no-data text with the add button. */
export function AddressesPage() {
  const { t } = useTranslation();
  const { account } = useIdentity();
  const flash = useFlash();
  const success = useSuccessBanner(FORM_BANNER_MS, flash && t(flash));
  const address = currentAddress(account.data);
  const title = t('ap.addresses.headline');

  return (
    <section className="account-form-page">
      <Breadcrumbs trail={[{ label: title }]} />
      <h1 aria-describedby={success.describedBy}>{title}</h1>
      {success.banner}
      {address ? (
        <AddressCard address={address} />
      ) : (
        <div className="address-empty">
          <p>{t('ap.addresses.empty')}</p>
          <Link className="button" to="/addresses/addaddress" state={CAME_FROM_APP}>
            {t('ap.addresses.add')}
          </Link>
        </div>
      )}
    </section>
  );
}
