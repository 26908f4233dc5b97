import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorMessage } from '@portal/ui';

/** Any path the portal does not know: offers the home page or the way back (spec 000 §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorMessage
      code="404"
      actions={
        <>
          <Link className="button" to="/">
            {t('global.button.home', { defaultValue: 'Zur Startseite' })}
          </Link>
          <button type="button" className="button button--secondary" onClick={() => navigate(-1)}>
            {t('global.button.back', { defaultValue: 'Zurück' })}
          </button>
        </>
      }
    />
  );
}
