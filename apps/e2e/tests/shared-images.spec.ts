import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { startPortal, type PortalServer } from '../portal-server';

// The pictures both apps show live once in libs/ui/assets; each app's build copies them to its own root. These
// tests hold the URLs that index.html, libs/ui and the CMS content name to what the service answers.
const repository = path.resolve(import.meta.dirname, '../../..');
const assets = path.join(repository, 'libs/ui/assets');
const pictures = ['/favicon.svg', '/logo.svg', ...readdirSync(path.join(assets, 'images')).map((name) => `/images/${name}`)];
const pictureFile = (url: string) => readFileSync(path.join(assets, url));
/** The raster variants of the tile pictures (tools/images/render-variants.mjs) are PNG. */
const pictureType = (url: string) => (url.endsWith('.png') ? 'image/png' : 'image/svg+xml');

/** The widths a `{width}` in a content picture's address stands for (spec 000 §9, the account tiles). */
const TEMPLATE_WIDTHS = [768, 1024, 1817];

/** Every picture URL the CMS content files name (logo, social icons, tiles, newsletters ...), templates expanded. */
function cmsPictureURLs(): string[] {
  const folder = path.join(repository, 'services/api/internal/content/files');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.json'));
  const urls = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(path.join(folder, file), 'utf8').matchAll(/"(\/[^"]+\.(?:svg|png|jpe?g|webp|gif))"/g)) {
      const url = match[1]!;
      if (url.includes('{width}')) for (const width of TEMPLATE_WIDTHS) urls.add(url.replaceAll('{width}', String(width)));
      else urls.add(url);
    }
  }
  return [...urls].sort();
}

test.describe('shared pictures', () => {
  // Requests only: the phone project leaves this spec out (playwright.config.ts, REQUEST_ONLY_SPECS).

  test('every picture the CMS content names is one of the shared pictures', () => {
    const named = cmsPictureURLs();
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((url) => !pictures.includes(url))).toEqual([]);
  });

  test('the account portal answers each shared picture at its URL', async ({ request }) => {
    for (const url of pictures) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toBe(pictureType(url));
      expect(await response.body(), url).toEqual(pictureFile(url));
    }
  });

  test('the preference centre answers each shared picture under /preferences/', async ({ request }) => {
    for (const url of pictures) {
      const response = await request.get(`/preferences${url}`);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toBe(pictureType(url));
      expect(await response.body(), url).toEqual(pictureFile(url));
    }
  });

  test('pictures are revalidated by ETag, not cached blindly: their URLs carry no content hash', async ({ request }) => {
    const first = await request.get('/preferences/images/newsletter-general.svg');
    expect(first.headers()['cache-control']).toBe('no-cache');
    const etag = first.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await request.get('/preferences/images/newsletter-general.svg', { headers: { 'If-None-Match': etag! } });
    expect(again.status()).toBe(304);
  });

  test('a picture that is not there is not found, never the app\'s page', async ({ request }) => {
    for (const url of ['/images/tile-gone.svg', '/preferences/images/tile-gone.svg']) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(404);
      expect(response.headers()['content-type'], url).not.toContain('text/html');
    }
  });

  test.describe('a preference centre bound to its own host', () => {
    const host = 'preferences.example.test';
    let server: PortalServer;
    test.beforeAll(async () => {
      server = await startPortal({ PORTAL_APPS_PREFERENCECENTRE_HOST: host });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test('answers the CMS picture URLs itself, from the root of its host', async ({ playwright }) => {
      const request = await playwright.request.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { Host: host } });
      try {
        for (const url of [...new Set([...pictures, ...cmsPictureURLs()])]) {
          const response = await request.get(url);
          expect(response.status(), url).toBe(200);
          expect(response.headers()['content-type'], url).toBe(pictureType(url));
          expect(await response.body(), url).toEqual(pictureFile(url));
        }
        // The Host header really reached the service: this host serves the preference centre, not the portal.
        const page = await request.get('/');
        expect(await page.text()).toContain('Präferenzcenter');
      } finally {
        await request.dispose();
      }
    });
  });
});
