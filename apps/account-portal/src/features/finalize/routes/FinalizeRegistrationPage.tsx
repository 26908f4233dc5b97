import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { useIdentity } from '@portal/identity';
import { Loader, StatusPage } from '@portal/ui';
import { useIdentitySettings } from '../../../shared/identity-settings';
import { finalizeStateOf, LOGIN_ORIGINS, type EmailState } from '../../../shared/navigation';
import { usePendingAccount } from '../api/get-pending-account';
import { finalizeFields } from '../finalize-fields';
import { IdentityUnavailablePage } from '../../../shared/IdentityUnavailable';
import { lazyNamed, loadCode } from '../../../shared/load-page';
import type { FinalizeFormProps } from '../components/FinalizeForm';

// The form (the personal data page's fields, their texts, the region check) loads once there is a regToken, beside the
// account's look-up: the page shows without one too, and its first load stays light (page weight).
const loadForm = () => import('../components/FinalizeForm');
const FinalizeForm = lazyNamed<FinalizeFormProps, 'FinalizeForm'>(loadForm, 'FinalizeForm');

function RegTokenMissing() {
  const { t } = useTranslation();
  return (
    <StatusPage
      headline={t('clp.finalize.regtoken.missing.headline')}
      actions={
        <Link className="button" to="/registration">
          {t('clp.finalize.regtoken.missing.back')}
        </Link>
      }
    >
      <p>{t('clp.finalize.regtoken.missing')}</p>
    </StatusPage>
  );
}

/**
 * `/registration/finalize` (spec 000 §2 and §4): the navigation state names the origin and carries the
 * regToken. Without a (valid) regToken the registration origin explains it, login origins go to /session-expired; so
 * does any origin once the form was shown (spec 000 §8, the regToken ran out during finalize: the submit, or the look-up
 * again as the tab is shown), with the account's address for the login (router state, never stored), after which the
 * form's entries come back (KeptDraft).
 */
export function FinalizeRegistrationPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { metadata, language } = useSite();
  const { account } = useIdentity();
  const state = finalizeStateOf(location.state);
  const origin = state.origin ?? 'registration';
  const regToken = state.regToken ?? account.regToken;
  const fromLogin = LOGIN_ORIGINS.includes(origin);
  const settings = useIdentitySettings();
  const pending = usePendingAccount(regToken);
  // The address of the account the form was shown for, which an answer that the regToken ran out no longer names.
  const [email, setEmail] = useState<string>();
  const shown = pending.data?.expired === false ? pending.data.account.profile?.email : undefined;
  if (shown && shown !== email) setEmail(shown);

  if (!regToken || pending.data?.expired) {
    const state: EmailState = { email };
    return fromLogin || email ? <Navigate to="/session-expired" replace state={state} /> : <RegTokenMissing />;
  }
  // The form's code, then its fields' texts, load beside the look-ups below; a failure is the form's to show.
  void loadCode(loadForm).then(
    (form) => void form.addFieldTexts(i18n),
    () => undefined,
  );
  if (settings.isError || pending.isError) return <IdentityUnavailablePage headline={t('clp.finalize.headline')} />;
  if (!settings.data || !pending.data) return <Loader />;

  const { fields, country, regionCheck, askConsent, consentChanged, consentId } = finalizeFields(
    settings.data.schema,
    pending.data.account,
    metadata.countryGermany,
    settings.data.consent,
    language,
  );
  return (
    <section className="auth-page">
      <h1>{t('clp.finalize.headline')}</h1>
      <p>{t('clp.finalize.intro')}</p>
      <Suspense fallback={<Loader />}>
        <FinalizeForm
          schema={settings.data.schema}
          consent={settings.data.consent}
          regToken={regToken}
          origin={origin}
          fields={fields}
          country={country}
          regionCheck={regionCheck}
          consentId={consentId}
          askConsent={askConsent}
          consentChanged={consentChanged}
          postcode={typeof pending.data.account.profile?.zip === 'string' ? pending.data.account.profile.zip : undefined}
          uid={pending.data.account.UID}
        />
      </Suspense>
    </section>
  );
}
