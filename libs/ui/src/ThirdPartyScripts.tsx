import { useEffect } from 'react';
import { useSite } from '@portal/cms';

/**
 * Starts the consent manager and tag manager the metadata names (see third-party-scripts.ts). Their code loads
 * only when one is configured, so pages of a site without them carry nothing of it.
 */
export function ThirdPartyScripts() {
  const { metadata } = useSite();
  const settingsId = metadata.userCentrics?.settingsId ?? '';
  const launchUrl = metadata.adobeTagManager?.launchUrl ?? '';
  useEffect(() => {
    if (!settingsId) return;
    void import('./third-party-scripts').then(({ loadThirdPartyScripts }) => loadThirdPartyScripts({ settingsId, launchUrl }));
  }, [settingsId, launchUrl]);
  return null;
}
