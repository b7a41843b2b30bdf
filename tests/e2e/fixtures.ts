/**
 * A test fixture that fails any test whose pages log to the console or throw: "the browser
 * console is empty" is asserted on every page every test visits.
 */
import { test as base, expect } from '@playwright/test';

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
