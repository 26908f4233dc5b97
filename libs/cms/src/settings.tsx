import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_METADATA_URL } from './metadata-url';

/** Where the apps find the backend; `metadataUrl` can be changed by a build setting (spec 001 §7). */
export interface CmsSettings {
  metadataUrl: string;
  /**
   * The app's start page, where the error page of a site that did not load leads home (SiteLoadError); unset, `/`,
   * the account portal's. The preference centre has its own: a recipient of its mails has no login (QA spec audit,
   * 2026-11-30).
   */
  homeUrl?: string;
}

const defaultSettings: CmsSettings = { metadataUrl: DEFAULT_METADATA_URL };

const SettingsContext = createContext<CmsSettings>(defaultSettings);

/** Provides the backend addresses to the metadata and content hooks. */
export function CmsSettingsProvider({ settings, children }: { settings?: Partial<CmsSettings>; children: ReactNode }) {
  return <SettingsContext.Provider value={{ ...defaultSettings, ...settings }}>{children}</SettingsContext.Provider>;
}

export function useCmsSettings(): CmsSettings {
  return useContext(SettingsContext);
}
