import { fillSessionStorage, test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const ENTRY = '/entries/activation-distillation-memory/';

async function searchPage(page: Page, query: string) {
  await page.goto(`/search/?q=${encodeURIComponent(query)}`);
  const panel = page.locator('[data-search-page]');
  await expect(panel.getByRole('status')).not.toBeEmpty();
  return panel;
}
const topId = async (page: Page, query: string) => {
  const panel = await searchPage(page, query);
  return (await panel.locator('.results > li.result > a.hit .meta').first().textContent())?.split(' · ')[0];
};

// Each query with the entry that must come first. Error strings are copied from entries'
// fingerprints; identifiers with underscores, dots and colons must be found whole.
const QUERIES: [string, string][] = [
  ['CUDA out of memory', 'MEM-001'],
  ['Watchdog caught collective operation timeout', 'DIST-001'],
  ['Expected all tensors to be on the same device', 'AUTO-004'],
  ['Weights only load failed', 'CKPT-003'],
  ['Asking to pad but the tokenizer does not have a padding token', 'TOK-001'],
  ['loss becomes nan', 'NUM-001'],
  ['MEM-003', 'MEM-003'],
  ['mem-003', 'MEM-003'],
  ['torch.cuda.OutOfMemoryError', 'MEM-001'],
  ['expandable_segments:True', 'MEM-002'],
  ['CUDA_LAUNCH_BLOCKING', 'HW-001'],
  ['NCCL_ASYNC_ERROR_HANDLING', 'PERF-003'],
  ['Address already in use', 'DIST-008'],
  ['FlashAttention only supports Ampere GPUs or newer', 'CONF-005'],
  // a typo: Pagefind matches word prefixes, so a missing letter at the end still finds it
  ['distilation', 'MEM-003'],
];

test.describe('search finds the right entry', () => {
  for (const [query, id] of QUERIES) {
    test(`"${query}" puts ${id} first`, async ({ page }) => {
      expect(await topId(page, query)).toBe(id);
    });
  }

  test('an identifier is found in parts too', async ({ page }) => {
    const panel = await searchPage(page, 'OutOfMemoryError');
    await expect(panel.locator('.results .meta', { hasText: 'MEM-001' })).toHaveCount(1);
  });

  test('results show title, id, category, an excerpt and section sub-results', async ({ page }) => {
    const panel = await searchPage(page, 'CUDA out of memory');
    const first = panel.locator('.results > li.result').first();
    await expect(first.locator('.title').first()).toHaveText('CUDA Out of Memory from Activation and Batch Footprint');
    await expect(first.locator('.meta').first()).toHaveText('MEM-001 · Memory');
    await expect(first.locator('.excerpt mark').first()).toBeVisible();
    await expect(first.locator('ul.sub a.hit').first()).toHaveAttribute('href', /#/);
    // sub-result titles are the heading text, without the heading's self-link
    for (const title of await first.locator('ul.sub .title').allTextContents()) expect(title).not.toMatch(/#|Link to/);
  });
});

test('a filter narrows the results, with counts, and works with an empty query', async ({ page }) => {
  const panel = await searchPage(page, 'out of memory');
  const before = await panel.locator('.results > li.result').count();
  const statusBefore = await panel.getByRole('status').textContent();
  // the facets' values are behind their buttons, so the results come first
  await expect(panel.locator('.facet-values')).toHaveCount(0);
  const category = panel.getByRole('button', { name: 'Category', exact: true });
  await expect(category).toHaveAttribute('aria-expanded', 'false');
  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  const chip = panel.getByRole('button', { name: /^Serving \d+$/ });
  const count = Number((await chip.locator('.n').textContent()) ?? '0');
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.locator('.results > li.result')).toHaveCount(Math.min(count, 5));
  expect(count).toBeLessThan(before);
  await expect(page).toHaveURL(/category=Serving/);
  // the chosen value stays in the bar once the facet is closed, and clears from there
  await category.click();
  await expect(panel.locator('.facet-values')).toHaveCount(0);
  const chosen = panel.getByRole('button', { name: 'Serving: remove this category filter' });
  await expect(chosen).toBeVisible();
  await chosen.click();
  await expect(panel.locator('.results > li.result')).toHaveCount(Math.min(before, 5));
  await expect(panel.getByRole('status')).toHaveText(statusBefore!);
  await expect(page).not.toHaveURL(/category=/);
  await expect(category).toBeFocused();

  await page.goto('/search/?category=Hardware');
  await expect(page.locator('[data-search-page] .results .meta').first()).toContainText('Hardware');
  const metas = await page.locator('[data-search-page] .results > li.result > a.hit .meta').allTextContents();
  expect(metas.every((m) => m.endsWith('Hardware'))).toBe(true);
});

test('for a query, an opened facet offers only values its results carry, and a selected one stays', async ({
  page,
}) => {
  const panel = await searchPage(page, 'expandable segments');
  await panel.getByRole('button', { name: 'Category', exact: true }).click();
  const memory = panel.getByRole('button', { name: /^Memory \d+$/ });
  await expect(memory).toBeVisible();
  // the values offered are the categories the results carry (a known issue is in its own)
  const carried = new Set(
    (await panel.locator('.results > li.result > a.hit .meta').allTextContents()).map((m) => m.split(' · ')[1]),
  );
  const categories = panel.locator('.facet-values [data-facet="category"]');
  await expect(categories).toHaveCount(carried.size);
  // with no query and no filter, every value is offered with its number of entries (Pagefind
  // gives 0 for every value of a search without words; the counts come from the filters)
  const { entries } = (await (await page.request.get('/api/v1/entries.json')).json()) as {
    entries: { category: string }[];
  };
  const { knownIssues } = (await (await page.request.get('/api/v1/known-issues.json')).json()) as {
    knownIssues: unknown[];
  };
  // every category with entries, and "Known issue"
  const values = new Set(entries.map((e) => e.category)).size + (knownIssues.length ? 1 : 0);
  await page.goto('/search/');
  const searchPanel = page.locator('[data-search-page]');
  await searchPanel.getByRole('button', { name: 'Category', exact: true }).click();
  const categoryChips = searchPanel.locator('.facet-values [data-facet="category"]');
  await expect(categoryChips).toHaveCount(values);
  const counts = (await categoryChips.locator('.n').allTextContents()).map(Number);
  expect(counts.every((n) => n > 0)).toBe(true);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(entries.length + knownIssues.length);
  const memoryEntries = entries.filter((e) => e.category === 'memory').length;
  await expect(searchPanel.getByRole('button', { name: `Memory ${memoryEntries}` })).toBeVisible();
  // with only a chip chosen, the other values are still offered, so a second one can be added
  await page.goto('/search/?category=Hardware');
  await searchPanel.getByRole('button', { name: 'Category', exact: true }).click();
  await expect(categoryChips).toHaveCount(values);
  // one facet open at a time
  await searchPanel.getByRole('button', { name: 'Framework', exact: true }).click();
  await expect(searchPanel.locator('.facet-values [data-facet="framework"]').first()).toBeVisible();
  await expect(categoryChips).toHaveCount(0);
  // a selected value no result carries is still there to be cleared
  await page.goto('/search/?q=expandable%20segments&category=Serving');
  await searchPanel.getByRole('button', { name: 'Category', exact: true }).click();
  const serving = searchPanel.getByRole('button', { name: /^Serving 0$/ });
  await expect(serving).toHaveAttribute('aria-pressed', 'true');
  await serving.click();
  await expect(searchPanel.locator('.results > li.result').first()).toBeVisible();
  // the cleared chip is gone, so the focus goes back to its facet's button rather than to nowhere
  await expect(serving).toHaveCount(0);
  await expect(searchPanel.getByRole('button', { name: 'Category', exact: true })).toBeFocused();
});

test("filter indexes are fetched only when a facet is opened, and the tags' only for a tag", async ({ page }) => {
  const filterFiles = new Set<string>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.pf_filter')) filterFiles.add(path);
  });
  // a query alone loads no filter index
  const panel = await searchPage(page, 'out of memory');
  await page.waitForLoadState('networkidle');
  expect(filterFiles.size).toBe(0);
  // opening a facet counts category, framework, stage and version: four filter indexes, not the tags'
  await panel.getByRole('button', { name: 'Stage', exact: true }).click();
  await expect(panel.getByRole('button', { name: /^Training \d+$/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(filterFiles.size).toBe(4);

  // a tag from the URL loads its index alone, and narrows the results to the tag's entries
  filterFiles.clear();
  await page.goto('/tags/activations/');
  const tagged = await page.locator('.entry-list .id').count();
  await page.goto('/search/?tag=activations');
  await expect(page.locator('[data-search-page]').getByRole('status')).toHaveText(new RegExp(`^${tagged} entr`));
  await page.waitForLoadState('networkidle');
  expect(filterFiles.size).toBe(1);
});

test('a shared URL restores the query and the filters', async ({ page }) => {
  await page.goto('/search/?q=timeout&category=Distributed');
  const panel = page.locator('[data-search-page]');
  await expect(panel.getByRole('searchbox')).toHaveValue('timeout');
  await expect(panel.getByRole('button', { name: 'Distributed: remove this category filter' })).toBeVisible();
  await expect(panel.locator('.results .meta').first()).toContainText('Distributed');
});

test('keys typed right after "/" reach the box while search is still loading, and are searched', async ({ page }) => {
  await page.goto(ENTRY);
  await page.keyboard.press('/');
  await page.keyboard.type('expandable segments'); // no pause: search.ts has not loaded yet
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog.getByRole('searchbox')).toHaveValue('expandable segments');
  await expect(dialog.locator('.results > li.result > a.hit .meta').first()).toContainText('MEM-002');
});

test('on a phone, a result with a long identifier in its excerpt stays inside the dialog', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(ENTRY);
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('searchbox').fill('expandable segments');
  const results = dialog.locator('.results');
  // MEM-002's sections quote PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, one word 45 characters long
  await expect(results.locator('.excerpt').filter({ hasText: 'PYTORCH_CUDA_ALLOC_CONF' }).first()).toBeVisible();
  // text wider than its box overflows the box rather than growing it
  const overflow = await results.evaluate((list) =>
    [...list.querySelectorAll<HTMLElement>('.excerpt')]
      .filter((e) => e.scrollWidth > e.clientWidth)
      .map((e) => e.textContent),
  );
  expect(overflow).toEqual([]);
});

test('search opens from the header with the keyboard, and results are keyboard-navigable', async ({ page }) => {
  await page.goto(ENTRY);
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('searchbox');
  await expect(input).toBeFocused();
  await input.fill('device-side assert triggered');
  await expect(dialog.locator('.results > li.result').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.locator('a.hit').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.locator('a.hit').nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('ControlOrMeta+k');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/entries\/device-side-assert-out-of-range-index-label\/\?highlight=/);
  await expect(page.locator('mark.pagefind-highlight').first()).toBeVisible();
  // the hidden list of how users asked holds these words too, and is not marked
  expect(await page.locator('[hidden] mark').count()).toBe(0);
});

test('an entry page loads no Pagefind script until search is opened', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(ENTRY);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((p) => p.startsWith('/pagefind/'))).toEqual([]);
  expect(requests.filter((p) => p.includes('search'))).toEqual([]);
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  await expect.poll(() => requests.some((p) => p === '/pagefind/pagefind.js')).toBe(true);
  // ready: Pagefind is loaded and has run its warm-up search (search.ts), which fetches nothing
  await expect(page.locator('[data-search-dialog] [data-ready]')).toBeAttached();
  // one request for the WebAssembly: the preload made as the search opened (elements.ts), before
  // Pagefind has its entry file, whose response Pagefind's own fetch then takes
  expect(requests.filter((p) => p.startsWith('/pagefind/wasm.'))).toEqual(['/pagefind/wasm.en.pagefind']);
  expect(requests.indexOf('/pagefind/wasm.en.pagefind')).toBeLessThan(
    requests.indexOf('/pagefind/pagefind-entry.json'),
  );
  expect(requests.filter((p) => /\.pf_(index|fragment|filter)$/.test(p))).toEqual([]);
});

test('a pasted log is offered to diagnose, and its telling line is searched', async ({ page }) => {
  await page.goto('/search/');
  // the panel listens for pastes once search has loaded (data-ready)
  await expect(page.locator('[data-search-page] [data-ready]')).toBeAttached();
  const panel = page.locator('[data-search-page]');
  const log =
    'step 10 loss 2.3\nTraceback (most recent call last):\n  File "/w/train.py", line 4, in <module>\nRuntimeError: CUDA error: device-side assert triggered\n';
  await panel.getByRole('searchbox').focus();
  await page.evaluate((text) => {
    const input = document.querySelector<HTMLInputElement>('[data-search-page] [data-search-input]')!;
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, log);
  await expect(panel.getByText('That looks like a log, not a search.')).toBeVisible();
  await expect(panel.getByRole('searchbox')).toHaveValue('RuntimeError: CUDA error: device-side assert triggered');
  await expect(page).not.toHaveURL(/Traceback/);
  await panel.getByRole('button', { name: 'Diagnose this log' }).click();
  await expect(page).toHaveURL(/\/diagnose\/$/);
  await expect(page.locator('.result').first()).toContainText('HW-002');
});

test('a pasted log too large to hand over keeps the reader on search, with a note on opening it as a file', async ({
  page,
}) => {
  await page.goto('/search/');
  await expect(page.locator('[data-search-page] [data-ready]')).toBeAttached();
  // the origin's sessionStorage is nearly full, as another tab or a previous paste can leave it
  await fillSessionStorage(page);
  const panel = page.locator('[data-search-page]');
  await panel.getByRole('searchbox').focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData(
      'text/plain',
      'step 1 loss 2.3\n'.repeat(8000) + 'RuntimeError: CUDA error: device-side assert triggered\n',
    );
    document
      .querySelector('[data-search-page] [data-search-input]')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await panel.getByRole('button', { name: 'Diagnose this log' }).click();
  await expect(panel.getByRole('alert')).toContainText('This log is too large to carry to the diagnose page');
  await expect(page).toHaveURL(/\/search\/$/);
});

// What Pagefind stored for each entry: its fragment, gzip after a 12-byte marker.
function fragments(): { url: string; content: string }[] {
  const dir = join(process.cwd(), 'dist/pagefind/fragment');
  return readdirSync(dir).map((f) =>
    JSON.parse(
      gunzipSync(readFileSync(join(dir, f)))
        .subarray(12)
        .toString('utf8'),
    ),
  );
}

test('the index holds what an entry says, not the labels around it, and keeps words apart', () => {
  const all = fragments();
  expect(all.length).toBeGreaterThan(50);
  // page labels every entry repeats: indexed, they matched every entry and filled excerpts
  const LABELS = [
    '· Training',
    'Updated 20',
    'other entries show this',
    'other entry shows this',
    'Only this entry shows it',
    'If this is the cause:',
    'Code for the fix',
    'The line to look for',
    'Other fixes:',
    'How to tell it apart',
    'Why it happens here',
  ];
  for (const { url, content } of all)
    for (const label of LABELS) expect(content.includes(label), `${url} indexes "${label}"`).toBe(false);

  const { content } = all.find((f) => f.url === ENTRY)!;
  // a reference's kind, title and address are separate words ("Docstorch.no_grad" before)
  expect(content).toContain(' torch.no_grad docs.pytorch.org/docs/stable/generated/torch.no_grad.html.');
  // a symptom's wording is indexed once (under "What you'll observe"), not again in the table
  const wording = 'although the student alone trains at the same batch size';
  expect(content.split(wording).length - 1).toBe(1);
});

test('the index is split into small chunks, so a query downloads little of it', () => {
  // PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE (src/integrations/pagefind.ts); Pagefind's default
  // chunks hold 20,000 word positions, about 25 KB compressed each
  const dir = join(process.cwd(), 'dist/pagefind/index');
  const sizes = readdirSync(dir)
    .map((f) => statSync(join(dir, f)).size)
    .sort((a, b) => a - b);
  expect(sizes.length).toBeGreaterThan(100);
  expect(sizes[Math.floor(sizes.length / 2)]).toBeLessThan(6_000);
});

test('an error line is searched without the function words every entry holds', async ({ page, browser }) => {
  // the index chunks a search fetches, in a fresh browser each time
  const chunksFor = async (query: string) => {
    const context = await browser.newContext();
    const fresh = await context.newPage();
    const chunks = new Set<string>();
    fresh.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.pf_index')) chunks.add(path);
    });
    await fresh.goto(`/search/?q=${encodeURIComponent(query)}`);
    await expect(fresh.locator('[data-search-page] .results > li.result').first()).toBeVisible();
    await fresh.waitForLoadState('networkidle');
    await context.close();
    return chunks;
  };
  const functionWords = await chunksFor('the');
  expect(functionWords.size).toBeGreaterThan(0);
  const line = await chunksFor('Expected all tensors to be on the same device');
  expect([...line].filter((c) => functionWords.has(c))).toEqual([]);
  // and the entry it names still comes first
  expect(await topId(page, 'Expected all tensors to be on the same device')).toBe('AUTO-004');
});

test('an error line with values no entry holds still finds its entry, and says what was left out', async ({ page }) => {
  // Pagefind wants every word; "2.00" and "79.15" are on no page
  const panel = await searchPage(
    page,
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB',
  );
  await expect(panel.getByRole('status')).toContainText('No entry holds every word; left out: “2.00” “79.15”.');
  await expect(panel.locator('.results > li.result > a.hit .meta').first()).toHaveText(/^MEM-001 /);
  // a query whose every word one entry holds is searched as it is
  const exact = await searchPage(page, 'Watchdog caught collective operation timeout');
  await expect(exact.getByRole('status')).not.toContainText('left out');
});

test('results past the first five are a button away, and the focus lands on the first new one', async ({ page }) => {
  const panel = await searchPage(page, 'training hangs');
  const status = panel.getByRole('status');
  await expect(status).toHaveText(/^\d+ entries, showing the first 5\.$/);
  const total = Number((await status.textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThan(5);
  const results = panel.locator('.results > li.result');
  await expect(results).toHaveCount(5);
  await panel.getByRole('button', { name: `Show ${Math.min(5, total - 5)} more` }).click();
  const shown = Math.min(10, total);
  await expect(results).toHaveCount(shown);
  await expect(status).toHaveText(
    total > shown ? `${total} entries, showing the first ${shown}.` : `${total} entries.`,
  );
  await expect(results.nth(5).locator('a.hit').first()).toBeFocused();
  await expect(panel.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(total > shown ? 1 : 0);
});

test('a misspelt word is searched at once as the site spells it, and the status says so', async ({ page }) => {
  const panel = await searchPage(page, 'nccl wachdog timeout');
  await expect(panel.getByRole('status')).toContainText('Showing results for “nccl watchdog timeout”.');
  await expect(panel.locator('.results > li.result > a.hit .meta').first()).toHaveText(/^DIST-001 /);
  await expect(panel.locator('[data-search-suggest]')).toBeHidden();
  // a query spelled right is searched as typed
  const right = await searchPage(page, 'watchdog timeout');
  await expect(right.locator('.results > li.result > a.hit .meta').first()).toHaveText(/^DIST-001 /);
  await expect(right.getByRole('status')).not.toContainText('Showing results for');
  // a word of the variants file is a spelling ("stuck" is a hang), though no title uses it
  const variant = await searchPage(page, 'ddp training stuck');
  await expect(variant.locator('.results > li.result').first()).toBeVisible();
  await expect(variant.getByRole('status')).not.toContainText('Showing results for');
});

test('a symptom typed as a sentence, with filler words and a typo, finds its entry first', async ({ page }) => {
  // "during" and "my" are on pages other than the entry's; "trainning" is on none
  const panel = await searchPage(
    page,
    'my trainning hangs forever during the NCCL allreduce and then the watchdog kills it',
  );
  await expect(panel.locator('.results > li.result > a.hit .meta').first()).toHaveText(/^DIST-001 /);
  await expect(panel.getByRole('status')).toContainText('Showing results for');
  // a pasted error line in quotes, with its exception class, is still found by its words
  const quoted = await searchPage(page, '"RuntimeError: CUDA error: device-side assert triggered"');
  await expect(quoted.locator('.results > li.result > a.hit .meta').first()).toHaveText(/^HW-002 /);
});

test('a title in Chinese with the error glued to it finds the entry of its Latin words', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  // a query in Latin script does not fetch the translations
  expect(await topId(page, 'Exclusive Process mode')).toBe('ENV-024');
  expect(requests.filter((p) => p.includes('search-translations'))).toEqual([]);
  // a real title (modelscope/ms-swift#5118): the Latin words are glued to the Chinese around them
  const panel = await searchPage(page, '显卡独占（Exclusive Process）模式下训练报错');
  await expect(panel.locator('.results > li.result > a.hit .meta').first()).toHaveText(/^ENV-024 /);
  await expect(panel.getByRole('status')).not.toContainText('No entry matches');
  expect(requests.filter((p) => p.includes('search-translations'))).toHaveLength(1);
});

test('a search whose results do not arrive says so, and the next search clears it', async ({
  page,
  consoleMessages,
}) => {
  const panel = await searchPage(page, 'training hangs');
  await expect(panel.locator('.results > li.result')).not.toHaveCount(0);
  // the connection drops: no result's text (Pagefind's fragments) arrives
  await page.route('**/pagefind/fragment/**', (route) => route.abort());
  const input = panel.getByRole('searchbox');
  await input.fill('shared memory bus error');
  await expect(panel.getByRole('status')).toHaveText(/^The search failed \(.+\)\. Try again, or reload the page\.$/);
  await expect(panel.locator('.results > li.result')).toHaveCount(0);
  await page.unroute('**/pagefind/fragment/**');
  await input.fill('shared memory bus error dataloader');
  await expect(panel.getByRole('status')).toHaveText(/entr(y|ies)/);
  await expect(panel.locator('.results > li.result > a.hit .meta').first()).toHaveText(/^DATA-001 /);
  // the aborted requests are the browser's to report, not a fault of the page
  const aborted = (m: string) => m.startsWith('error: Failed to load resource: net::ERR_FAILED');
  expect(consoleMessages.filter(aborted).length).toBeGreaterThan(0);
  consoleMessages.splice(0, consoleMessages.length, ...consoleMessages.filter((m) => !aborted(m)));
});

test('more results that do not arrive are said, and the button works again', async ({ page, consoleMessages }) => {
  const panel = await searchPage(page, 'training hangs');
  const results = panel.locator('.results > li.result');
  await expect(results).toHaveCount(5);
  await page.route('**/pagefind/fragment/**', (route) => route.abort());
  const more = panel.getByRole('button', { name: /^Show \d+ more$/ });
  await more.click();
  await expect(panel.getByRole('status')).toHaveText(/^The next results did not load \(.+\)\. Try again\.$/);
  await expect(results).toHaveCount(5);
  await expect(more).toBeEnabled();
  await page.unroute('**/pagefind/fragment/**');
  await more.click();
  await expect(results).not.toHaveCount(5);
  await expect(panel.getByRole('status')).toHaveText(/^\d+ entries/);
  const aborted = (m: string) => m.startsWith('error: Failed to load resource: net::ERR_FAILED');
  expect(consoleMessages.filter(aborted).length).toBeGreaterThan(0);
  consoleMessages.splice(0, consoleMessages.length, ...consoleMessages.filter((m) => !aborted(m)));
});
