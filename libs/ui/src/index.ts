export { ErrorMessage, type ErrorMessageProps } from './ErrorMessage';
export { LanguageSelector, languageName, type LanguageSelectorProps } from './LanguageSelector';
export { Loader } from './Loader';
export { PageLayout, type PageLayoutProps } from './PageLayout';
export { StatusPage, type StatusPageProps } from './StatusPage';
export { UpcomingPage } from './UpcomingPage';
export { SiteLoadError } from './SiteLoadError';
export { AppProviders, type AppProvidersProps } from './AppProviders';
export { SiteLayout } from './SiteLayout';
