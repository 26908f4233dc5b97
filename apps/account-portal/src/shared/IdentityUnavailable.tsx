import { useTranslation } from 'react-i18next';

/**
 * Said where a form would be when the identity provider could not give what the form needs (its settings, the
 * account being finished or linked): `global.errors.identity.load`, inside the page rather than as an error page
 * of its own, so the page keeps its one heading and what else it offers (the social logins).
 */
export function IdentityUnavailable() {
  const { t } = useTranslation();
  return (
    <p className="notice notice--error" role="alert">
      {t('global.errors.identity.load')}
    </p>
  );
}

/**
 * A page whose whole content needed the identity provider (finishing a registration, linking accounts): its heading
 * and IdentityUnavailable.
 */
export function IdentityUnavailablePage({ headline }: { headline: string }) {
  return (
    <section className="auth-page">
      <h1>{headline}</h1>
      <IdentityUnavailable />
    </section>
  );
}
