import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { ErrorCode } from '@portal/identity';
import { StatusPage } from './StatusPage';

/**
 * Codes whose error page shows the expired-link picture (spec 000 §8, spec 001 §8): doi-expired, and the expired
 * links of the account portal's confirmation and of the product reminders, where those links land (the picture
 * showed on no page they reach, QA).
 */
const codesWithImage = new Set(['doi-expired', `doi-${ErrorCode.ACTIVATION_EXPIRED}`, `reminder-${ErrorCode.ACTIVATION_EXPIRED}`]);

/**
 * What the fallback text names as the code: a number of the error catalogue or an HTTP status, with the services'
 * prefix (`doi-403002`, `reminder-404000`), or one word (`doi-network`, `oidc`). The code comes from the address,
 * where anyone can write anything: other text is not shown (QA: "Fehlercode: Ihr Konto wurde gesperrt. Rufen Sie
 * sofort 0800-123456 an" in the retailer's page).
 */
const CODE_SHAPE = /^(?:(?:doi|sso|reminder)-)?(?:\d{1,6}|[a-z]{1,12})$/;

export interface ErrorMessageProps {
  code: string;
  actions?: ReactNode;
}

/**
 * The error page body: `global.errors.{code}.headline` and `.description`, falling back to the spec's German
 * texts 'Es ist ein unerwarteter Fehler aufgetreten.' and, for a code of CODE_SHAPE, 'Fehlercode: {code}'.
 */
export function ErrorMessage({ code, actions }: ErrorMessageProps) {
  const { t, i18n } = useTranslation();
  const headline = t(`global.errors.${code}.headline`, {
    defaultValue: t('global.errors.unexpected.headline', { defaultValue: 'Es ist ein unerwarteter Fehler aufgetreten.' }),
  });
  const descriptionKey = `global.errors.${code}.description`;
  const description = i18n.exists(descriptionKey)
    ? t(descriptionKey)
    : CODE_SHAPE.test(code)
      ? t('global.errors.code', { code, defaultValue: 'Fehlercode: {code}' })
      : undefined;
  const image = codesWithImage.has(code)
    ? { src: '/images/link-expired.svg', alt: t('global.errors.doi-expired.image', { defaultValue: 'Abgelaufener Link' }) }
    : undefined;
  return (
    <StatusPage headline={headline} actions={actions} image={image}>
      {description ? <p>{description}</p> : null}
    </StatusPage>
  );
}
