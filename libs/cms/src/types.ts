/** Postcode rule of one country, from metadata `validation.zipCode`. */
export interface ZipCodeRule {
  regex: string;
  errorMessage: string;
}

/** Which identity provider the apps talk to, and what the vendor adapter needs. */
export interface IdentitySettings {
  provider: 'embedded' | 'cdc' | 'fake';
  cdc?: { apiKey: string; dataCenter: string };
}

/** The site configuration the service answers at `GET /rest/v1/metadata` (spec 000 §3, spec 001 §3). */
export interface Metadata {
  locales: string[];
  defaultLocale: string;
  cms: { id: string };
  restApi: string;
  sso: { apiKey: string; customLogin: boolean };
  marketingPreferenceCenter?: { apiKey: string } | null;
  forceConsent: boolean;
  countryGermany: boolean;
  ownId: { environment: string; application: string };
  userCentrics: { settingsId: string };
  adobeTagManager: { launchUrl: string };
  validation: { zipCode: Record<string, ZipCodeRule> };
  environmentType: string;
  currency: string;
  identity: IdentitySettings;
}

/** A link with a label, as the CMS configures them for footers and account tiles. */
export interface CmsLink {
  id: string;
  label: string;
  url: string;
  description?: string;
}

/** One tile of linked single-sign-on client services. */
export interface SsoClientItem {
  id: string;
  image: string;
  buttonlabel: string;
  label: string;
  description: string;
  url: string;
}

/** Content of one CMS document (`/cms/{cmsId}/{locale}.json`); sections later issues use stay open. */
export interface CmsContent {
  header?: { logo?: { src: string; alt: string }; homeUrl?: string };
  footer?: { copyright?: string };
  simpleFooter?: { footerLinks: CmsLink[] };
  socialmediabar?: { items: CmsLink[] };
  components?: {
    accountPage?: { accountLinks: CmsLink[] };
    SsoClientsOverview?: { items: SsoClientItem[] };
  };
  preferenceCentre?: { tabs: unknown[]; subscribeAgainUrl?: string };
}
