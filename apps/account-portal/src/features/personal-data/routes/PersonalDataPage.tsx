import { useTranslation } from 'react-i18next';
import { Loader } from '@portal/ui';
import { Breadcrumbs } from '../../../shared/Breadcrumbs';
import { useIdentitySettings } from '../../../shared/identity-settings';
import { FORM_BANNER_MS, useSuccessBanner } from '../../../shared/SuccessBanner';
import { PersonalDataForm } from '../components/PersonalDataForm';
import { IdentityUnavailable } from '../../../shared/IdentityUnavailable';

/** `/personaldata` (spec 000 §2): the form, a 5-second success banner and breadcrumbs. */
export function PersonalDataPage() {
  const { t } = useTranslation();
  const settings = useIdentitySettings();
  const success = useSuccessBanner(FORM_BANNER_MS);
  const title = t('ap.personaldata.headline');
  return (
    <section className="account-form-page">
      <Breadcrumbs trail={[{ label: title }]} />
      <h1>{title}</h1>
      {success.banner}
      {settings.isError ? <IdentityUnavailable /> : null}
      {settings.data ? <PersonalDataForm schema={settings.data.schema} onSaved={() => success.show(t('ap.personaldata.saved'))} /> : null}
      {settings.isPending ? <Loader /> : null}
    </section>
  );
}
