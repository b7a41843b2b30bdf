import { test, expect } from './fixtures.ts';

// A real record of content/known-issues: PEFT 0.15.0 under ZeRO-3 saves empty modules_to_save
// weights (huggingface/peft#2450), fixed in 0.15.1.
const RECORD = '/known-issues/peft-modules-to-save-empty-deepspeed-zero3/';
const ERROR_LINE =
  'size mismatch for model.embed_tokens.modules_to_save.default.weight: copying a param with shape torch.Size([0]) from checkpoint, the shape in current model is torch.Size([32064, 3072]).';

test('the list of known issues leads to a record with its releases, fix and upstream links', async ({ page }) => {
  await page.goto('/known-issues/');
  await page.getByRole('link', { name: 'PEFT', exact: true }).first().click();
  await page
    .locator('section:has(#peft)')
    .getByRole('link', { name: /modules_to_save weights/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`${RECORD}$`));
  await expect(page.locator('section:has(#affected-versions)').getByRole('row', { name: /PEFT/ })).toContainText(
    'fixed in 0.15.1',
  );
  await expect(page.locator('section:has(#quick-answer)')).toContainText('Upgrade peft to 0.15.1');
  await expect(page.locator('section:has(#upstream) li a')).toHaveCount(2);
  await expect(page.locator('section:has(#what-youll-see) pre.signature')).toContainText(
    'modules_to_save.default.weight',
  );
});

test('a record’s short link leads to its page', async ({ page }) => {
  await page.goto('/k/peft-2450/');
  await expect(page).toHaveURL(new RegExp(`${RECORD}$`));
});

test('diagnose puts the record first on its error and gives the version advice', async ({ page }) => {
  await page.goto('/diagnose/');
  const log = [
    'peft==0.15.0',
    'RuntimeError: Error(s) in loading state_dict for Phi3ForCausalLM:',
    `\t${ERROR_LINE}`,
  ].join('\n');
  await page.getByLabel('Training log or error message').fill(log);
  await page.getByRole('button', { name: 'Diagnose' }).click();
  const first = page.locator('.results > li.result').first();
  await expect(first.getByRole('heading')).toContainText('peft-2450');
  await expect(first.locator('.why')).toContainText('Known issue');
  await expect(first.locator('.version-note')).toHaveText(
    'Your peft 0.15.0 is in the affected range >=0.15.0,<0.15.1; fixed in 0.15.1.',
  );
});

test('search finds the record from its error line, and filters to known issues', async ({ page }) => {
  await page.goto(`/search/?q=${encodeURIComponent(ERROR_LINE)}`);
  const panel = page.locator('[data-search-page]');
  await expect(panel.getByRole('status')).not.toBeEmpty();
  await expect(panel.locator('.results > li.result > a.hit').first()).toHaveAttribute('href', new RegExp(RECORD));
  await expect(panel.locator('.results > li.result .meta').first()).toHaveText('peft-2450 · Known issue');
  // the Known issue category keeps the records alone
  await page.goto(`/search/?q=${encodeURIComponent('modules_to_save')}&category=${encodeURIComponent('Known issue')}`);
  await expect(panel.getByRole('status')).not.toBeEmpty();
  const metas = await panel.locator('.results > li.result > a.hit .meta').allTextContents();
  expect(metas.length).toBeGreaterThan(0);
  for (const meta of metas) expect(meta).toMatch(/ · Known issue$/);
});

test('a word only a record uses is searched as written, not respelt to an entry’s word', async ({ page }) => {
  // "libcuda" is in no entry; the site's word list once lacked the records' words, and search
  // respelt it to an entry's "libcudart"
  await page.goto(`/search/?q=${encodeURIComponent('AssertionError: libcuda.so cannot found!')}`);
  const panel = page.locator('[data-search-page]');
  await expect(panel.getByRole('status')).not.toBeEmpty();
  await expect(panel.getByRole('status')).not.toContainText('Showing results for');
  await expect(panel.locator('.results > li.result .meta').first()).toHaveText('triton-2507 · Known issue');
});

test('the upgrade page lists the record at the release that fixed it, and in the from/to result', async ({ page }) => {
  await page.goto('/versions/peft/');
  await expect(page.locator('#release-0-15-1')).toContainText('known issue peft-2450');
  await page.goto('/versions/peft/?from=0.15.0&to=0.15.1');
  await expect(
    page.locator('[data-result]').getByRole('heading', { name: /Failures that stop between 0\.15\.0 and 0\.15\.1/ }),
  ).toBeVisible();
  await expect(page.locator('[data-result]')).toContainText('peft-2450');
});
