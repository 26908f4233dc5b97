import { startAfterModules } from '@portal/ui';
import '@portal/ui/styles.css';
import './app/preference-centre.css';
import { startCentre } from './app/start';

const metadataUrl = import.meta.env.VITE_METADATA_URL as string | undefined;

startAfterModules(() => void startCentre(metadataUrl ? { metadataUrl } : undefined));
