import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the success notice stays (spec 001 §9). */
export const SUCCESS_BANNER_MS = 5000;

/** 'Success! Your profile has been updated.', announced politely, gone after five seconds. */
export function SuccessBanner({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(onDone, SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  return <p className="pc-banner">{t('mpp.save.success', { defaultValue: 'Erfolgreich! Ihr Profil wurde aktualisiert.' })}</p>;
}
