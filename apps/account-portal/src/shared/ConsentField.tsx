import { useTranslation } from 'react-i18next';
import { useSite } from '@portal/cms';
import { CheckboxField } from '@portal/forms';
import type { LegalStatement } from '@portal/identity';
import { termsStatement } from './identity-settings';

/** The terms-of-use checkbox with a link to the legal statement's document (spec 000 §3, Consent). */
export function ConsentField({ consent }: { consent: Record<string, { legalStatements: Record<string, LegalStatement> }> }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const statement = termsStatement(consent, language);
  return (
    <CheckboxField
      name="consent"
      required
      label={
        <>
          {t('clp.registration.consent.text')}{' '}
          {statement?.documentUrl ? (
            <a href={statement.documentUrl} target="_blank" rel="noopener noreferrer">
              {t('clp.registration.consent.document')}
            </a>
          ) : null}
        </>
      }
    />
  );
}
