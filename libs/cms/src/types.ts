import type { components } from './rest-api.gen';

/** The backend's answer types, generated from the OpenAPI document so the apps cannot drift from the service. */
export type RestSchemas = components['schemas'];

/** Postcode rule of one country, from metadata `validation.zipCode`. */
export type ZipCodeRule = RestSchemas['ZipCodeRule'];

/** The site configuration the service answers at `GET /rest/v1/metadata` (spec 000 §3, spec 001 §3). */
export type Metadata = RestSchemas['Metadata'];

/** Which identity provider the apps talk to, and what the vendor adapter needs. */
export type IdentitySettings = Metadata['identity'];

/** A link with a label, as the CMS configures them for footers and account tiles. */
export interface CmsLink {
  id: string;
  label: string;
  /** An absolute https URL or a path on the same site starting with `/`. */
  url: string;
  description?: string;
}

/** A picture with its alternative text. */
export interface CmsImage {
  src: string;
  alt: string;
}

/** One tile of the account page (and entry of the side menu). */
export interface AccountLink extends CmsLink {
  description: string;
  /**
   * The tile's picture. `src` may hold `{width}`, replaced by each of the responsive widths (768, 1024, 1817); an
   * empty `alt` marks it as decoration beside the tile's heading.
   */
  image?: CmsImage;
}

/** One social media channel of the footer bar. */
export interface SocialMediaItem extends CmsLink {
  /** Image path, e.g. `/images/social-facebook.svg`. */
  icon: string;
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

/** A newsletter subscription key, e.g. `NLT_GENERAL` (stored as `subscriptions.NLT_GENERAL`). */
export type NewsletterKey = `NLT${string}`;

/** Newsletter subscription keys start with NLT (spec 001 §3). */
export function isNewsletterKey(key: string): key is NewsletterKey {
  return key.startsWith('NLT');
}

/** A preference field of the account, e.g. `data.preference.ORGANIC`. */
export type PreferenceKey = `data.preference.${string}`;

/** How one newsletter is presented (spec 001 §3). */
export interface NewsletterContent {
  name: string;
  /** Image path, e.g. `/images/newsletter-general.svg`. */
  icon: string;
  /** A one-line teaser and optional bullet points. */
  descriptions: { short: string; long?: string[] };
  /**
   * The newsletter is listed only after displayStart and before displayEnd (spec 001 §4). ISO 8601 date and time
   * with offset; null or absent means open-ended.
   */
  displayStart?: string | null;
  displayEnd?: string | null;
}

/** What every tab item has. `id` is unique across all tabs. */
interface TabItemBase {
  id: string;
}

/** Toggles for the listed newsletters (plus the subscribe-to-all toggle). */
export interface NewslettersTabItem extends TabItemBase {
  type: 'newsletters';
  /** Keys of `preferenceCentre.newsletters`, in display order. */
  keys: NewsletterKey[];
  title?: string;
  description?: string;
}

/** A yes/no preference. */
export interface BooleanTileTabItem extends TabItemBase {
  type: 'booleanTile';
  preference: PreferenceKey;
  title: string;
  description: string;
  icon: string;
}

/** One choice of a radio tile; `value` is what is stored in the preference. */
export interface RadioOption {
  value: string;
  label: string;
}

/** A preference with one of several values. */
export interface RadioTileTabItem extends TabItemBase {
  type: 'radioTile';
  preference: PreferenceKey;
  title: string;
  /** At least two, values unique. */
  options: RadioOption[];
  description?: string;
  icon?: string;
}

/** The list of the account's product reminders. */
export interface ProductRemindersTabItem extends TabItemBase {
  type: 'productReminders';
  title?: string;
  description?: string;
}

/** The profile fields a profileFields item may show; each appears at most once across all tabs. */
export type ProfileFieldName =
  | 'salutation'
  | 'firstName'
  | 'lastName'
  | 'dateOfBirth'
  | 'birthYear'
  | 'zip'
  | 'favouriteStore'
  | 'personalisationOptIn';

/** Profile inputs (favourite store, birth year, personalisation opt-in, …). */
export interface ProfileFieldsTabItem extends TabItemBase {
  type: 'profileFields';
  fields: ProfileFieldName[];
  title?: string;
  description?: string;
}

/** A visual divider. */
export interface SeparatorTabItem extends TabItemBase {
  type: 'separator';
}

/** One entry of a preference centre tab, told apart by `type`. */
export type PreferenceTabItem =
  | NewslettersTabItem
  | BooleanTileTabItem
  | RadioTileTabItem
  | ProductRemindersTabItem
  | ProfileFieldsTabItem
  | SeparatorTabItem;

/** One tab of the preference centre. */
export interface PreferenceTab {
  /** Also the URL hash anchor; the same in every language. */
  id: string;
  title: string;
  /** Whether a customer without any newsletter subscription may open the tab (spec 001 §2). */
  accessWithoutNewsletterSubscription: boolean;
  items: PreferenceTabItem[];
}

/** Content of the preference centre. */
export interface PreferenceCentreContent {
  /** The greeting reads `${greetingPrefix} ${firstName}${greetingSuffix ?? ''}`. */
  home?: { greetingPrefix: string; greetingSuffix?: string; description: string };
  subscribeAgainUrl: string;
  tabs: PreferenceTab[];
  newsletters: Record<NewsletterKey, NewsletterContent>;
}

/**
 * Content of one CMS document (`/cms/{cmsId}/{locale}.json`). The service checks every document against this model
 * at start-up (services/api/internal/content/model.go); keys not listed here may appear and are passed through.
 */
export interface CmsContent {
  header: { logo: CmsImage; homeUrl: string };
  footer: { copyright: string; text?: string };
  simpleFooter: { footerLinks: CmsLink[] };
  socialmediabar?: { items: SocialMediaItem[] };
  components: {
    accountPage: { accountLinks: AccountLink[] };
    SsoClientsOverview?: { items: SsoClientItem[] };
  };
  preferenceCentre?: PreferenceCentreContent;
  /**
   * The language of the texts where it may not be the page's, which they then carry (WCAG 3.1.2): the fallback
   * /cms/default.json's, the one it names, else the metadata's default language (fetchContent).
   */
  lang?: string;
}
