import { useTranslation } from 'react-i18next';
import { useSite } from '@portal/cms';
import { CheckboxField } from '@portal/forms';
import type { LegalStatement } from '@portal/identity';
import { consentStatement, marketConsentId, TERMS_CONSENT } from './identity-settings';

/**
 * The consent checkbox of the market with a link to the legal statement's document (spec 000 §3, Consent): the
 * terms of use in Germany, the privacy notice elsewhere.
 */
export function ConsentField({ consent }: { consent: Record<string, { legalStatements: Record<string, LegalStatement> }> }) {
  const { t } = useTranslation();
  const { language, metadata } = useSite();
  const id = marketConsentId(metadata.countryGermany);
  const statement = consentStatement(consent, id, language);
  const texts = id === TERMS_CONSENT ? 'clp.registration.consent' : 'clp.registration.privacy';
  return (
    <CheckboxField
      name="consent"
      required
      label={
        <>
          {t(`${texts}.text`)}{' '}
          {statement?.documentUrl ? (
            <a href={statement.documentUrl} target="_blank" rel="noopener noreferrer">
              {t(`${texts}.document`)}
            </a>
          ) : null}
        </>
      }
    />
  );
}
