import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { ErrorCode } from '@portal/identity';
import { StatusPage } from './StatusPage';

/**
 * Codes whose error page shows the expired-link picture (spec 000 §8, spec 001 §8): doi-expired, and the account
 * portal's expired confirmation link, where its links land (the picture showed on no page they reach, QA).
 */
const codesWithImage = new Set(['doi-expired', `doi-${ErrorCode.ACTIVATION_EXPIRED}`]);

export interface ErrorMessageProps {
  code: string;
  actions?: ReactNode;
}

/**
 * The error page body: `global.errors.{code}.headline` and `.description`, falling back to the spec's German
 * texts 'Es ist ein unerwarteter Fehler aufgetreten.' and 'Fehlercode: {code}'.
 */
export function ErrorMessage({ code, actions }: ErrorMessageProps) {
  const { t } = useTranslation();
  const headline = t(`global.errors.${code}.headline`, {
    defaultValue: t('global.errors.unexpected.headline', { defaultValue: 'Es ist ein unerwarteter Fehler aufgetreten.' }),
  });
  const description = t(`global.errors.${code}.description`, {
    defaultValue: t('global.errors.code', { code, defaultValue: 'Fehlercode: {code}' }),
  });
  const image = codesWithImage.has(code)
    ? { src: '/images/link-expired.svg', alt: t('global.errors.doi-expired.image', { defaultValue: 'Abgelaufener Link' }) }
    : undefined;
  return (
    <StatusPage headline={headline} actions={actions} image={image}>
      <p>{description}</p>
    </StatusPage>
  );
}
