import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '@portal/cms';
import { useIdentity } from '@portal/identity';
import type { OwnIdCallbacks } from './OwnIdWidget';
import { useWideScreen } from './wide-screen';

// The vendor's widget (and its script from the vendor's CDN) loads only where it shows.
const OwnIdWidget = lazy(() => import('./OwnIdWidget'));

export interface PasswordlessProps {
  kind: 'login' | 'registration';
  /** The provider's own passwordless way (the embedded provider's and the fake's passkeys). */
  passkeys: ReactNode;
  /** With the cdc adapter and metadata ownId: what the vendor's widget reports. */
  ownId?: OwnIdCallbacks;
}

/**
 * The passwordless widget of /login and /registration (spec 000 §2): passkeys where the identity provider has
 * them, else the vendor's OwnID widget when metadata `ownId` names an application; nothing below a width of 1024.
 */
export function Passwordless({ kind, passkeys, ownId }: PasswordlessProps) {
  const { t } = useTranslation();
  const { provider } = useIdentity();
  const { metadata } = useSite();
  const wide = useWideScreen();
  const headingId = useId();
  if (!wide) return null;
  let content: ReactNode = null;
  if (provider.passkeyLogin) content = passkeys;
  else if (metadata.ownId?.application) {
    content = (
      <Suspense fallback={null}>
        <OwnIdWidget kind={kind} application={metadata.ownId.application} environment={metadata.ownId.environment} {...ownId} />
      </Suspense>
    );
  }
  if (!content) return null;
  return (
    <section className="passwordless" aria-labelledby={headingId}>
      <h2 id={headingId} className="passwordless__heading">
        {t('clp.passwordless.heading')}
      </h2>
      {content}
    </section>
  );
}
