import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorMessage } from '@portal/ui';

/** A path outside the preference centre's routes, when it runs on a host of its own. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorMessage
      code="404"
      actions={
        <button type="button" className="button button--secondary" onClick={() => navigate(-1)}>
          {t('global.button.back', { defaultValue: 'Zurück' })}
        </button>
      }
    />
  );
}
