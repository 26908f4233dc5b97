/**
 * Where the apps find metadata unless a build sets VITE_METADATA_URL: the CMS settings' default, and the address
 * the apps' HTML preloads (tools/vite/plugins.ts), which must be the same for the preload to be taken.
 */
export const DEFAULT_METADATA_URL = '/rest/v1/metadata';
