// `npm start` serves the build with `astro preview`: it must send the security headers the
// build writes to dist/_headers for hosts, and the site must work under them.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { PREVIEW_PORT } from './playwright.config.ts';

const root = new URL('../..', import.meta.url).pathname;
const preview = `http://localhost:${PREVIEW_PORT}`;

/** The headers of the `/*` rule in dist/_headers, by lower-cased name. */
function headersFile(): Record<string, string> {
  const out: Record<string, string> = {};
  let all = false;
  for (const line of readFileSync(`${root}dist/_headers`, 'utf8').split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) all = line.trim() === '/*';
    else if (all) out[line.slice(0, line.indexOf(':')).trim().toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
  }
  return out;
}

test('npm start serves every page and file with the headers of dist/_headers', async ({ page, request }) => {
  const expected = headersFile();
  expect(Object.keys(expected)).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options']));
  expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.goto(`${preview}/entries/activation-distillation-memory/`);
  const script = await page.locator('script[type="module"][src]').first().getAttribute('src');
  for (const path of [
    '/',
    '/entries/activation-distillation-memory/',
    '/diagnose/',
    '/api/v1/fingerprints.json',
    script!,
  ]) {
    const response = await request.get(`${preview}${path}`);
    expect(response.status(), path).toBe(200);
    const got = response.headers();
    for (const [name, value] of Object.entries(expected)) expect(got[name], `${name} on ${path}`).toBe(value);
  }
});

test('under those headers, diagnose and search work in npm start', async ({ page }) => {
  await page.goto(`${preview}/diagnose/`);
  await page.getByLabel('Training log or error message').fill('RuntimeError: CUDA error: device-side assert triggered');
  await page.getByRole('button', { name: 'Diagnose' }).click();
  await expect(page.locator('.results > li.result').first()).toContainText('HW-002');
  await page.goto(`${preview}/search/?q=${encodeURIComponent('CUDA out of memory')}`);
  await expect(page.locator('[data-search-page] .results > li.result').first()).toBeVisible();
});
