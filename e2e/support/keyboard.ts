// Moving about a page as a keyboard user does: Tab until a control has the focus.
import type { Locator, Page } from '@playwright/test';

export const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus (as a keyboard user would), at most `limit` times. */
export async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}
