/**
 * A test fixture that fails any test whose pages log to the console or throw: "the browser
 * console is empty" is asserted on every page every test visits.
 */
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend<{ consoleMessages: string[] }>({
  consoleMessages: [
    async ({ page }, use) => {
      const messages: string[] = [];
      page.on('console', (m) => messages.push(`${m.type()}: ${m.text()} (${page.url()})`));
      page.on('pageerror', (e) => messages.push(`pageerror: ${e.message} (${page.url()})`));
      await use(messages);
      expect(messages, 'the browser console should be empty').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Fills the page origin's sessionStorage until nothing more of 16 KiB fits. */
export async function fillSessionStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (let size = 1 << 22, n = 0; size >= 1 << 14;) {
      try {
        sessionStorage.setItem(`filler-${n++}`, 'x'.repeat(size));
      } catch {
        size >>= 1;
      }
    }
  });
}
