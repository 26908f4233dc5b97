import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { shopperCountry } from '@portal/i18n/country';
import { useIdentity } from '@portal/identity';
import { Breadcrumbs } from '../../../shared/Breadcrumbs';
import { setFlash } from '../../../shared/flash';
import { cameFromApp } from '../../../shared/navigation';
import { addressValues, currentAddress } from '../api/save-address';
import { AddressForm } from '../components/AddressForm';

/**
 * The page of the address form. On success it goes back one page (spec 000 §2) and leaves the success banner to
 * that page; opened otherwise than by a link of this app (navigation CAME_FROM_APP), it goes to the address
 * overview instead.
 */
function AddressFormPage({ mode }: { mode: 'change' | 'add' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { language } = useSite();
  const { account } = useIdentity();
  const existing = mode === 'change' ? currentAddress(account.data) : undefined;
  // Taken once: the account is read again after saving, and the form must not jump meanwhile; the save writes what
  // changed against them, and adds only to an account that had no address (addressUpdate). A new address starts in
  // the shopper's country, the page's: a Belgian's on the German site is Belgian, not German (QA).
  const [initialValues] = useState(() => addressValues(existing, { country: shopperCountry(language) }));
  const [adding] = useState(!existing);
  const title = t(mode === 'change' ? 'ap.addresses.change.headline' : 'ap.addresses.add.headline');

  const saved = () => {
    setFlash('ap.addresses.saved');
    if (cameFromApp(location.state)) navigate(-1);
    else navigate('/addresses', { replace: true });
  };

  return (
    <section className="account-form-page">
      <Breadcrumbs trail={[{ label: t('ap.addresses.headline'), to: '/addresses' }, { label: title }]} />
      <h1>{title}</h1>
      <AddressForm initialValues={initialValues} adding={adding} onSaved={saved} />
    </section>
  );
}

/** `/addresses/addresschange`: the form with the account's address. */
export function AddressChangePage() {
  return <AddressFormPage mode="change" />;
}

/** `/addresses/addaddress`: the empty form. */
export function AddAddressPage() {
  return <AddressFormPage mode="add" />;
}
