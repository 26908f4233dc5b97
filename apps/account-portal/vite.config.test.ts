import { describeHtmlTexts } from '../../tools/vite/html-texts-suite';
import { APP_LANGUAGES } from './src/app/messages';

// The keys the build takes the words of index.html from (vite.config.ts), and what they say in German.
describeHtmlTexts(
  __dirname,
  { title: 'ap.title', description: 'ap.html.description', noscript: 'ap.html.noscript' },
  APP_LANGUAGES,
  { title: 'Kundenkonto', description: 'Kundenkonto: Registrierung, Anmeldung und Kontodaten', noscript: 'Bitte aktivieren Sie JavaScript, um das Kundenkonto zu nutzen.' },
);
