import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_METADATA_URL } from './metadata-url';

/** Where the apps find the backend; `metadataUrl` can be changed by a build setting (spec 001 §7). */
export interface CmsSettings {
  metadataUrl: string;
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
