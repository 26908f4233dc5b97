import { describeHtmlTexts } from '../../tools/vite/html-texts-suite';
import { APP_LANGUAGES } from './src/app/messages';

// The keys the build takes the words of index.html from (vite.config.ts), and what they say in German.
describeHtmlTexts(
  __dirname,
  { title: 'mpp.title', description: 'mpp.html.description', noscript: 'mpp.html.noscript' },
  APP_LANGUAGES,
  { title: 'Präferenzcenter', description: 'Präferenzcenter: Newsletter und Einstellungen', noscript: 'Bitte aktivieren Sie JavaScript, um das Präferenzcenter zu nutzen.' },
);
