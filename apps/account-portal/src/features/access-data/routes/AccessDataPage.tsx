import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentity } from '@portal/identity';
import { Loader } from '@portal/ui';
import { Breadcrumbs } from '../../../shared/Breadcrumbs';
import { useIdentitySettings } from '../../../shared/identity-settings';
import { lazyNamed } from '../../../shared/load-page';
import { WhenNear } from '../../../shared/WhenNear';
import { ChangeEmailSection } from '../components/ChangeEmailSection';
import { ChangePasswordSection } from '../components/ChangePasswordSection';
import { askedAfterLogin } from '../components/LoginAgain';

interface AccessDataSectionProps {
  passwordPolicy: Parameters<typeof ChangePasswordSection>[0]['passwordPolicy'];
}

const PasskeysSectionCode = lazyNamed(() => import('../components/PasskeysSection'), 'PasskeysSection');
const PASSKEYS_SECTION_DELAY_MS = 5_000;

/**
 * The passkeys come last, below the fold of a phone: their code is not part of the page's first load, unless the
 * shopper comes back from logging in again to add or remove one (LoginAgain), which goes on at once.
 */
function PasskeysSection() {
  const { account } = useIdentity();
  return (
    <WhenNear ms={askedAfterLogin(account.UID) ? 0 : PASSKEYS_SECTION_DELAY_MS}>
      <PasskeysSectionCode />
    </WhenNear>
  );
}

/**
 * The sections of the login details, in page order. Further ways to log in (e.g. passkeys) add a section here.
 */
export const accessDataSections: readonly { id: string; Section: ComponentType<AccessDataSectionProps> }[] = [
  { id: 'email', Section: ChangeEmailSection },
  { id: 'password', Section: ChangePasswordSection },
  { id: 'passkeys', Section: PasskeysSection },
];

/** `/accessdata` (spec 000 §2): change e-mail and change password; passkeys where the identity provider has them. */
export function AccessDataPage() {
  const { t } = useTranslation();
  const settings = useIdentitySettings();
  const title = t('ap.accessdata.headline');
  return (
    <section className="account-form-page">
      <Breadcrumbs trail={[{ label: title }]} />
      <h1>{title}</h1>
      <p>{t('ap.accessdata.intro')}</p>
      {settings.isPending ? (
        <Loader />
      ) : (
        accessDataSections.map(({ id, Section }) => <Section key={id} passwordPolicy={settings.data?.passwordPolicy} />)
      )}
    </section>
  );
}
