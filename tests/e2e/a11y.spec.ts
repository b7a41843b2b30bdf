import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const LOG =
  'step 3\nTraceback (most recent call last):\n  File "train.py", line 9, in <module>\nRuntimeError: CUDA error: device-side assert triggered\n';

const UNMATCHED =
  'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n    from flash_attn import flash_attn_func\nModuleNotFoundError: No module named flash_attn_interface\n';

/** Diagnoses a log and waits for the first result of a kind, once the page has stopped scrolling. */
async function diagnoseLog(page: Page, log: string, result: string) {
  await page.getByLabel('Training log or error message').fill(log);
  await page.getByRole('button', { name: 'Diagnose', exact: true }).click();
  await expect(page.locator(`.results > ${result}`).first()).toBeVisible();
  // on a phone the outcome scrolls into view, smoothly: check the page once it has stopped
  // (mid-scroll, the sticky header half covers the Diagnose button, and axe measures the
  // part it can see)
  await page.waitForFunction(
    () =>
      new Promise<boolean>((done) => {
        const y = scrollY;
        setTimeout(() => done(scrollY === y), 150);
      }),
  );
}

// Each page type, brought into the state that matters (search open, diagnose with results).
const PAGES: { name: string; path: string; prepare?: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/' },
  { name: 'entry', path: '/entries/activation-distillation-memory/' },
  { name: 'symptom index', path: '/symptoms/' },
  { name: 'symptom page', path: '/symptoms/cuda-oom/' },
  { name: 'browse page', path: '/categories/memory/' },
  { name: 'versions index', path: '/versions/' },
  { name: 'known issues', path: '/known-issues/' },
  { name: 'known issue', path: '/known-issues/peft-modules-to-save-empty-deepspeed-zero3/' },
  // the upgrade pages of the six packages the versions issue names (torch's below, with a result)
  ...['transformers', 'deepspeed', 'bitsandbytes', 'vllm', 'accelerate'].map((p) => ({
    name: `${p} upgrade page`,
    path: `/versions/${p}/`,
  })),
  {
    name: 'upgrade page',
    path: '/versions/torch/?from=2.5.0&to=2.6.0',
    prepare: async (page) => {
      await page.locator('[data-result] h2').first().waitFor();
    },
  },
  {
    name: 'search modal open',
    path: '/entries/activation-distillation-memory/',
    prepare: async (page) => {
      await page.keyboard.press('/');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('searchbox').fill('nccl timeout');
      await expect(dialog.locator('.results > li.result').first()).toBeVisible();
      // a facet open, with a value chosen: the filter bar in its fullest state
      await dialog.getByRole('button', { name: 'Framework', exact: true }).click();
      await dialog.getByRole('button', { name: /^NCCL \d+$/ }).click();
      await expect(dialog.getByRole('button', { name: 'NCCL: remove this framework filter' })).toBeVisible();
    },
  },
  { name: 'diagnose with results', path: '/diagnose/', prepare: (page) => diagnoseLog(page, LOG, 'li.result') },
  // a log no fingerprint matches: the closest entries by shared words
  { name: 'diagnose with leads', path: '/diagnose/', prepare: (page) => diagnoseLog(page, UNMATCHED, 'li.lead') },
  { name: '404', path: '/entries/no-such-page/' },
];

const VIEWS = [
  { scheme: 'light', width: 1280, height: 900 },
  { scheme: 'dark', width: 1280, height: 900 },
  { scheme: 'light', width: 390, height: 844 },
  { scheme: 'dark', width: 390, height: 844 },
] as const;

for (const view of VIEWS) {
  test.describe(`${view.scheme}, ${view.width}px`, () => {
    test.use({ colorScheme: view.scheme, viewport: { width: view.width, height: view.height } });
    for (const p of PAGES) {
      test(`${p.name} has no WCAG 2.2 AA violations`, async ({ page, consoleMessages }) => {
        await page.goto(p.path);
        await p.prepare?.(page);
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        expect(
          violations.map(
            (v) =>
              `${v.id}: ${v.help} (${v.nodes.length}): ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
          ),
        ).toEqual([]);
        if (p.name === '404') consoleMessages.length = 0; // the document's own 404 status
      });
    }
  });
}

test.describe('keyboard only', () => {
  test('the entry page: skip link, table of contents, code tabs and copy controls', async ({ page }) => {
    await page.goto('/entries/activation-distillation-memory/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // walk forward until the first code tab takes focus; every stop on the way is visible
    for (let i = 0; i < 120; i++) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      await expect(focused).toBeVisible();
      if ((await focused.getAttribute('role')) === 'tab') break;
    }
    const tab = page.locator(':focus');
    await expect(tab).toHaveAttribute('role', 'tab');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'HF Trainer' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'HF Trainer' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel')).toBeFocused();
  });

  test('diagnose: paste, run, and reach the results without a mouse', async ({ page }) => {
    await page.goto('/diagnose/');
    await page.getByLabel('Training log or error message').focus();
    await page.keyboard.insertText(LOG);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Diagnose', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('.results > li.result').first()).toBeVisible();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if (await page.locator('.results a:focus').count()) break;
    }
    // two entries show this line alike: the note that says so, and links the page that tells
    // them apart, comes first; then the entries
    await expect(page.getByRole('link', { name: /^How to tell them apart/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('.results > li.result').first().getByRole('heading').getByRole('link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/entries\/device-side-assert-out-of-range-index-label\/$/);
  });
});

test('every page type runs under the Content-Security-Policy with no violation', async ({ page, request }) => {
  const headers = (await request.get('/')).headers();
  expect(headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['permissions-policy']).toContain('camera=()');
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  for (const p of PAGES.filter((x) => x.name !== '404')) {
    await page.goto(p.path);
    await p.prepare?.(page);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), p.name).toEqual([]);
  }
});
