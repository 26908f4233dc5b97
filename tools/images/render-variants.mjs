// Renders the raster variants of the shared pictures at the widths the apps ask for in their srcset attributes
// (spec 001 §2, screen 9: partner tiles 233, 258, 286, 572 and 858 pixels wide; spec 000 §9: account tiles 768,
// 1024 and 1817), from the SVG sources in
// libs/ui/assets/images, with the same Chromium the browser tests use. Run it after changing a picture and
// commit the PNG files: `node tools/images/render-variants.mjs` (`--check` fails when one is missing).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';

const root = path.resolve(import.meta.dirname, '../..');
const images = path.join(root, 'libs/ui/assets/images');

/**
 * Which pictures get which widths: partner tiles (components.SsoClientsOverview, spec 001 §2) and the account
 * page's tile pictures (components.accountPage.accountLinks, spec 000 §9: 768, 1024, 1817). The other CMS pictures
 * are icons drawn at 48 or 64 CSS pixels (interest tiles, newsletters, social media bar): they stay vectors, sharp
 * at any density, where a 768-pixel raster would only cost bytes.
 */
export const VARIANTS = [
  { prefix: 'sso-', widths: [233, 258, 286, 572, 858] },
  { prefix: 'tile-account-', widths: [768, 1024, 1817] },
];

const wanted = [];
for (const file of readdirSync(images).filter((name) => name.endsWith('.svg'))) {
  for (const { prefix, widths } of VARIANTS) {
    if (!file.startsWith(prefix)) continue;
    for (const width of widths) wanted.push({ source: file, width, target: file.replace(/\.svg$/, `-${width}w.png`) });
  }
}

if (process.argv.includes('--check')) {
  const missing = wanted.filter(({ target }) => !existsSync(path.join(images, target)));
  for (const { target } of missing) console.error(`missing ${target}: run node tools/images/render-variants.mjs`);
  process.exit(missing.length ? 1 : 0);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const { source, width, target } of wanted) {
  const svg = readFileSync(path.join(images, source), 'utf8');
  const [, , , w, h] = /viewBox="(\S+) (\S+) (\S+) (\S+)"/.exec(svg) ?? [];
  const height = Math.round((width * Number(h)) / Number(w));
  await page.setViewportSize({ width, height });
  await page.setContent(`<html><body style="margin:0"><img style="display:block;width:${width}px;height:${height}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`);
  writeFileSync(path.join(images, target), await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } }));
  console.log(`${target} ${width}x${height}`);
}
await browser.close();
