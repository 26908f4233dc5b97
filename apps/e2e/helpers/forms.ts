import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A field's own error text as shown under the field. A refused submit's status line (libs/forms SubmitButton) repeats
 * the error for a screen reader, visually hidden, so the text alone names two elements.
 */
export function fieldError(page: Page, text: string): Locator {
  return page.locator('.form-field__error').filter({ hasText: text });
}

/**
 * Leaves a date input holding a date in part, as a shopper does with Backspace in its month (the first segment, the day
 * in German, has the focus first). The browser then reports the value "" of an empty input and only validity.badInput
 * tells the two apart: the state a save must refuse rather than take for a removed date (QA).
 */
export async function leaveDateInPart(page: Page, date: Locator): Promise<void> {
  await date.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Backspace');
  expect(await date.evaluate((input: HTMLInputElement) => [input.value, input.validity.badInput])).toEqual(['', true]);
}
