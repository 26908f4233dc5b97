/**
 * The retailer's consent manager (Usercentrics) and tag manager (Adobe Launch), loaded as the retailer's sites do:
 * the consent manager first, the tag manager only once the shopper has consented to it. Loaded on demand, and
 * only when metadata names them; the service's Content-Security-Policy opens for exactly these origins then.
 */

/** The consent manager's loader (Usercentrics browser CMP v3), configured by `data-settings-id`. */
export const CONSENT_MANAGER_SCRIPT = 'https://web.cmp.usercentrics.eu/ui/loader.js';

/** The window event the consent manager sends after it starts (with the stored choice) and on every change. */
export const CONSENT_EVENT = 'UC_CONSENT';

export interface ThirdPartySettings {
  /** metadata `userCentrics.settingsId`; empty loads no consent manager. */
  settingsId: string;
  /** metadata `adobeTagManager.launchUrl`; empty loads no tag manager. */
  launchUrl: string;
}

interface ConsentService {
  name?: string;
  consent?: { given?: boolean };
}

interface ConsentDetail {
  consent?: { status?: string };
  services?: Record<string, ConsentService> | ConsentService[];
}

/**
 * Whether a consent event allows the tag manager: every service was accepted, or the service of the tag manager
 * (its name mentions Adobe) was.
 */
export function tagManagerConsented(detail: unknown): boolean {
  const d = (detail ?? {}) as ConsentDetail;
  if (d.consent?.status === 'ALL_ACCEPTED') return true;
  const services = Array.isArray(d.services) ? d.services : Object.values(d.services ?? {});
  return services.some((service) => /adobe/i.test(service.name ?? '') && service.consent?.given === true);
}

function appendScript(doc: Document, src: string, attributes: Record<string, string> = {}) {
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  doc.head.appendChild(script);
  return script;
}

/**
 * Loads the consent manager, then the tag manager once consent arrives. Without a consent manager the tag manager
 * never loads: nobody could have consented to it. Safe to call more than once per page.
 */
export function loadThirdPartyScripts({ settingsId, launchUrl }: ThirdPartySettings, win: Window = window): void {
  const doc = win.document;
  if (!settingsId || doc.getElementById('usercentrics-cmp')) return;
  const cmp = appendScript(doc, CONSENT_MANAGER_SCRIPT, { 'data-settings-id': settingsId });
  cmp.id = 'usercentrics-cmp';
  if (!launchUrl) return;
  const onConsent = (event: Event) => {
    if (!tagManagerConsented((event as CustomEvent<unknown>).detail)) return;
    win.removeEventListener(CONSENT_EVENT, onConsent);
    appendScript(doc, launchUrl).id = 'tag-manager';
  };
  win.addEventListener(CONSENT_EVENT, onConsent);
}
