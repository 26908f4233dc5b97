import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorCode } from '@portal/identity';
import { ErrorMessage } from '@portal/ui';

/** Expired confirmation links can only be fixed by registering again; every other error by logging in. */
const codesOfferingRegistration = new Set([`doi-${ErrorCode.ACTIVATION_EXPIRED}`]);

/** `/error/{errorCode}` (spec 000 §2 and §8). */
export function ErrorPage() {
  const { t } = useTranslation();
  const code = useParams().errorCode ?? 'unknown';
  const action = codesOfferingRegistration.has(code) ? (
    <Link className="button" to="/registration">
      {t('global.button.register', { defaultValue: 'Jetzt registrieren' })}
    </Link>
  ) : (
    <Link className="button" to="/login">
      {t('global.button.login', { defaultValue: 'Zum Login' })}
    </Link>
  );
  return <ErrorMessage code={code} actions={action} />;
}
