import type { APIRequestContext, Page } from '@playwright/test';
import { confirmedAccount, logInThroughApi, uniqueEmail } from '../helpers/account';
import { expect, test } from '../fixtures';

/** The width in a PNG's IHDR chunk (bytes 16 to 19, big-endian): what the file really is, not what it claims. */
function pngWidth(body: Buffer): number {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return body.readUInt32BE(16);
}

/**
 * Every candidate of every srcset on the page: answered 200, a PNG of exactly the width its descriptor states,
 * with `sizes` beside it (without it the browser assumes 100vw and fetches the widest). Returns how many.
 */
async function checkEverySrcset(page: Page, request: APIRequestContext): Promise<number> {
  const images = await page.locator('img[srcset]').evaluateAll((nodes) =>
    nodes.map((node) => ({ srcset: node.getAttribute('srcset') ?? '', sizes: node.getAttribute('sizes') ?? '' })),
  );
  let candidates = 0;
  for (const { srcset, sizes } of images) {
    expect(sizes, srcset).not.toBe('');
    for (const candidate of srcset.split(',').map((part) => part.trim())) {
      const [url, descriptor] = candidate.split(/\s+/);
      const absolute = new URL(url!, page.url()).toString();
      const response = await request.get(absolute);
      expect(response.status(), absolute).toBe(200);
      expect(response.headers()['content-type'], absolute).toBe('image/png');
      expect(`${pngWidth(await response.body())}w`, absolute).toBe(descriptor);
      candidates++;
    }
  }
  return candidates;
}

test.describe('responsive pictures', () => {
  // Requests and attributes only: one browser project is enough.
  test.skip(({ isMobile }) => isMobile, 'the srcset candidates are the same at every width');

  test('every srcset candidate of both apps answers 200 with a picture of the width it states', async ({ page, baseURL }) => {
    const email = uniqueEmail(test.info(), 'srcset');
    await confirmedAccount(page.request, baseURL!, email);
    await logInThroughApi(page, baseURL!, email);

    await page.goto('/');
    await expect(page.locator('.account-tiles img')).toHaveCount(4);
    // The account tiles: 768, 1024 and 1817 (spec 000 §9), four pictures.
    expect(await checkEverySrcset(page, page.request)).toBe(4 * 3);

    await page.goto('/preferences');
    await expect(page.getByRole('link', { name: 'Zum Fotoservice' })).toBeVisible();
    // The partner tiles: 233, 258, 286, 572 and 858 (spec 001 §2), four pictures.
    expect(await checkEverySrcset(page, page.request)).toBe(4 * 5);
  });
});
