import type { Locator, Page } from '@playwright/test';

/**
 * A field's own error text as shown under the field. A refused submit's status line (libs/forms SubmitButton) repeats
 * the error for a screen reader, visually hidden, so the text alone names two elements.
 */
export function fieldError(page: Page, text: string): Locator {
  return page.locator('.form-field__error').filter({ hasText: text });
}
