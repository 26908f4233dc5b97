import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { confirmedAccount, identityCall, logInThroughApi, uniqueEmail } from '../helpers/account';
import { preferenceLink, uniqueEmail as preferencesEmail } from '../helpers/preferences';

/**
 * WCAG 1.4.10 (reflow): at 320 CSS pixels, the width of a phone at 400 % zoom, no page scrolls sideways, in the
 * languages with the longest words and with long data. A QA sweep found the header's language select, the
 * show-password button, a long e-mail address, a long street name and one-word headlines past the screen's edge.
 */
test.use({ viewport: { width: 320, height: 640 } });

async function expectNoSidewaysScroll(page: Page, what: string) {
  await page.locator('h1').first().waitFor();
  const { overflow, past } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The innermost elements past the edge name the culprit in the failure.
    const past = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width && ![...element.children].some((child) => child.getBoundingClientRect().right > width))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(element.getBoundingClientRect().right)} px)`);
    return { overflow: document.documentElement.scrollWidth - width, past };
  });
  expect(overflow, `${what} is wider than the screen: ${past.join(', ')}`).toBeLessThanOrEqual(0);
}

test('public pages, in the languages with the longest words', async ({ page }) => {
  test.setTimeout(90_000);
  for (const language of ['en', 'fr', 'nl', 'de']) {
    for (const path of ['/login', '/registration', '/registration/finalize', '/login/reset-password/start', '/preferences/error/notfound']) {
      await page.goto(`${path}?lang=${language}`);
      await expectNoSidewaysScroll(page, `${path} (${language})`);
    }
  }
});

test('account pages with a long e-mail address and a long street name', async ({ page, request, baseURL }, info) => {
  const email = uniqueEmail(info, 'maximiliane.schwarzenberg.hohenlohe');
  await confirmedAccount(request, baseURL!, email);
  await logInThroughApi(page, baseURL!, email);
  const address = {
    firstName: 'Maximiliane', lastName: 'Schwarzenberg-Hohenlohe', street: 'Donaudampfschifffahrtsgesellschaftsstraße', streetNo: '1234a',
    zip: '20095', city: 'Hamburg', country: 'DE', isStandardAddress: true,
  };
  expect((await identityCall(page.request, baseURL!, 'setAccountInfo', { data: { addressBook: [address] } })).errorCode).toBe(0);
  for (const path of ['/accessdata', '/addresses', '/personaldata', '/']) {
    await page.goto(`${path}?lang=fr`);
    await expectNoSidewaysScroll(page, path);
  }
});

test("the centre's tabs: a name wider than the list between the arrows wraps inside it, its focus ring whole", async ({ page }) => {
  // QA: at 320 px "Recordatorios de productos" showed as "…torios de productos", the focus ring cut off with it.
  const centre = preferenceLink(preferencesEmail('narrow-tabs'));
  for (const language of ['es', 'de', 'pl']) {
    await page.goto(`${centre}?lang=${language}`);
    const tabs = page.getByRole('tablist');
    await tabs.getByRole('tab').first().focus();
    await page.keyboard.press('End');
    const last = tabs.getByRole('tab').last();
    await expect(last).toBeFocused();
    await expect(async () => {
      const [tab, list] = [await last.boundingBox(), await tabs.boundingBox()];
      // The outline (3 px, offset 2 px) inside the list's own box, which clips what scrolls.
      expect(tab!.x - 5, language).toBeGreaterThanOrEqual(list!.x);
      expect(tab!.x + tab!.width + 5, language).toBeLessThanOrEqual(list!.x + list!.width);
    }).toPass();
  }
});

test("the centre's interest tiles keep each word whole where a column holds it, and stay within a phone's screen", async ({ page }) => {
  // QA: at 1280 px "Weinempfehlungen" broke as "Weinempfehlung / en", without a hyphen: Linux's Chromium has no German
  // hyphenation dictionary, and the tiles' columns were 137 px.
  test.setTimeout(60_000);
  const centre = preferenceLink(preferencesEmail('tile-words'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(centre);
  // The interests open for a subscriber with the personalisation opt-in, which comes with a newsletter.
  await page.getByRole('switch', { name: 'Allgemeiner Newsletter' }).check();
  await page.getByRole('dialog', { name: 'Ihre Einwilligung' }).getByRole('button', { name: 'OK' }).click();
  await page.getByRole('checkbox', { name: /personalisierte Newsletter/ }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Erfolgreich! Ihr Profil wurde aktualisiert.')).toBeVisible();
  // The desktop, and the narrowest columns of three (784 px, the tiles' minimum) and of two (528 px).
  for (const width of [1280, 784, 528]) {
    await page.setViewportSize({ width, height: 800 });
    for (const language of ['de', 'nl']) {
      await page.goto(`${centre}?lang=${language}#interests`);
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('checkbox').first().waitFor();
      // A word whose letters stand on more than one line was broken inside.
      const broken = await panel.evaluate((element) =>
        [...element.querySelectorAll<HTMLInputElement>('input[type="checkbox"][aria-describedby]')]
          .flatMap((box) => [box.labels?.[0], document.getElementById(box.getAttribute('aria-describedby')!)])
          .flatMap((text) => {
            if (!text) return [];
            const words: string[] = [];
            const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) words.push(match[0]);
              }
            }
            return words;
          }),
      );
      expect(broken, `${language} at ${width} px`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${centre}?lang=nl#interests`);
  await page.getByRole('tabpanel').getByRole('checkbox').first().waitFor();
  await expectNoSidewaysScroll(page, 'the interest tiles (nl)');
});

/** A reader's style sheet spacing the text as far as WCAG 1.4.12 asks a page to bear. */
const TEXT_SPACING = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

/** A reader's style sheet with the text at 200 % (WCAG 1.4.4). */
const largeText = (page: Page) => page.addStyleTag({ content: 'html { font-size: 200% !important; }' });

test.describe('a reader\'s style sheet', () => {
  // It is the reader's own: the pages' CSP, which keeps inline styles out, does not apply to it.
  test.use({ bypassCSP: true });

  test('with the text spaced wider (WCAG 1.4.12), in the languages that went past the edge', async ({ page }) => {
    // QA: the login tabs went 9 px past the screen in German and 4 px in Polish, the centre's newsletter cards 35 px
    // in Dutch.
    const centre = preferenceLink(preferencesEmail('spacing'));
    for (const [language, path, ready] of [
      ['de', '/login', 'h1'],
      ['pl', '/registration', 'h1'],
      ['nl', centre, '.pc-newsletter'],
    ] as const) {
      await page.goto(`${path}?lang=${language}`);
      await page.locator(ready).first().waitFor();
      await page.addStyleTag({ content: TEXT_SPACING });
      await expectNoSidewaysScroll(page, `${path} (${language}) with wider text spacing`);
    }
  });

  test('with the text at 200 % (WCAG 1.4.4): forms, an account page and every centre tab', async ({ page, request, baseURL }, info) => {
    // QA phone round: at 200 % text the centre's tiles, radio options and partner cards went up to 164 px past a
    // 320 px screen, and "Passwort anzeigen" past its box on /registration and /accessdata.
    test.setTimeout(90_000);
    const email = uniqueEmail(info, 'large-text');
    await confirmedAccount(request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);
    for (const path of ['/registration', '/accessdata']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await largeText(page);
      await expectNoSidewaysScroll(page, `${path} at 200 % text`);
    }
    const centre = preferenceLink(preferencesEmail('large-text'));
    await page.goto(centre);
    await page.getByRole('tablist').waitFor();
    await largeText(page);
    // The other tabs open for a subscriber with the personalisation opt-in, which comes with a newsletter.
    await page.getByRole('switch', { name: 'Allgemeiner Newsletter' }).check();
    await page.getByRole('dialog', { name: 'Ihre Einwilligung' }).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('checkbox', { name: /personalisierte Newsletter/ }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Erfolgreich! Ihr Profil wurde aktualisiert.')).toBeVisible();
    const tabs = page.getByRole('tablist').getByRole('tab');
    await expect(tabs.nth(1)).toBeEnabled();
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await expectNoSidewaysScroll(page, `the centre's tab ${await tabs.nth(i).textContent()} at 200 % text`);
    }
  });

  test('with the text at 200 % on a tablet: the account menu above the page, not beside it', async ({ page, request, baseURL }, info) => {
    // QA phone round: on a 768-pixel tablet at 200 % text the menu column kept its 14rem (448 px) beside the page and
    // left the page 208 px; at 1024 px the page had less than half the screen.
    test.setTimeout(60_000);
    const email = uniqueEmail(info, 'large-text-tablet');
    await confirmedAccount(request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);
    const menu = page.getByRole('navigation', { name: 'Kontomenü' });
    const heading = page.getByRole('heading', { level: 1 });
    for (const viewport of [{ width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
      await page.setViewportSize(viewport);
      for (const path of ['/personaldata', '/addresses']) {
        const what = `${path} at ${viewport.width} px`;
        await page.goto(path);
        await heading.waitFor();
        // At the usual text size the menu stands beside the page.
        const [nav, title] = [(await menu.boundingBox())!, (await heading.boundingBox())!];
        expect(nav.x + nav.width, `${what}: the menu beside the page`).toBeLessThanOrEqual(title.x);
        await largeText(page);
        await expectNoSidewaysScroll(page, `${what} and 200 % text`);
        await expect(async () => {
          const [nav, title] = [(await menu.boundingBox())!, (await heading.boundingBox())!];
          // The heading spans the page's column: at least half the screen, below the menu.
          expect(title.width, `${what} and 200 % text: the page's width`).toBeGreaterThanOrEqual(viewport.width / 2);
          expect(nav.y + nav.height, `${what} and 200 % text: the menu above the page`).toBeLessThanOrEqual(title.y);
        }).toPass();
      }
    }
  });
});
