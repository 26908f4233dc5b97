export type { CmsContent, CmsLink, IdentitySettings, Metadata, RestSchemas, SsoClientItem, ZipCodeRule } from './types';
export type {
  AccountLink,
  BooleanTileTabItem,
  CmsImage,
  NewsletterContent,
  NewsletterKey,
  NewslettersTabItem,
  PreferenceCentreContent,
  PreferenceKey,
  PreferenceTab,
  PreferenceTabItem,
  ProductRemindersTabItem,
  ProfileFieldName,
  ProfileFieldsTabItem,
  RadioOption,
  RadioTileTabItem,
  SeparatorTabItem,
  SocialMediaItem,
} from './types';
export type { components as RestComponents, paths as RestPaths } from './rest-api.gen';
export { fetchJson, ResponseError } from './fetch-json';
export { isNewsletterKey } from './types';
export { CmsSettingsProvider, useCmsSettings, type CmsSettings } from './settings';
export { metadataQuery, useMetadata } from './get-metadata';
export { contentQuery, fetchContent, useCmsContent } from './get-content';
export { SiteProvider, useSite, type Site, type SiteLoad, type SiteProviderProps } from './site';
