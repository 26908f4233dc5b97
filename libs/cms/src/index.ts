export type { CmsContent, CmsLink, IdentitySettings, Metadata, SsoClientItem, ZipCodeRule } from './types';
export { fetchJson, ResponseError } from './fetch-json';
export { CmsSettingsProvider, useCmsSettings, type CmsSettings } from './settings';
export { metadataQuery, useMetadata } from './get-metadata';
export { contentQuery, fetchContent, useCmsContent } from './get-content';
export { SiteProvider, useSite, type Site, type SiteProviderProps } from './site';
