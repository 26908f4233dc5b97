import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
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
  // The account keeps one address (spec 000 §3). Forward after adding it, or Back after changing it, brought the add
  // form's history entry back empty, and its save said another window had saved an address meanwhile (QA). An add
  // form opened for an account that has its address already goes, in place of its entry, to the overview, whose card
  // shows that address with its edit button (spec 000 §2), rather than to the change form: nobody asked for a change,
  // and that form's save, which goes back one page, would go back from an entry that was not the page before. Judged
  // as the form opens, when the account's data is known (the account area shows its pages once the account is read,
  // RequireLogin): an address saved after, by this form or in another window (whose save is then refused with the
  // text that says so), leaves the form in place.
  const [hadAddress] = useState(() => mode === 'add' && !!currentAddress(account.data));
  // The mirror: a change form opened for an account without an address goes, in place of its entry, to the add form
  // (spec 000 §2: the overview offers to add when there is no address), with the navigation state it came with, so that
  // its save goes back one page as the change form's would. It showed an empty "Adresse ändern" that added (QA round of
  // 2026-12-01). Judged as the form opens, as above.
  const [hadNoAddress] = useState(() => mode === 'change' && !existing);
  const title = t(mode === 'change' ? 'ap.addresses.change.headline' : 'ap.addresses.add.headline');

  const saved = () => {
    setFlash('ap.addresses.saved');
    if (cameFromApp(location.state)) navigate(-1);
    else navigate('/addresses', { replace: true });
  };

  if (hadAddress) return <Navigate to="/addresses" replace />;
  if (hadNoAddress) return <Navigate to="/addresses/addaddress" replace state={location.state} />;
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
