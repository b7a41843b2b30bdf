import { test, expect } from './fixtures.ts';

test('/symptoms/cuda-oom/ lists every entry that references it, with tell-apart text', async ({ page }) => {
  await page.goto('/symptoms/cuda-oom/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('CUDA out of memory (OOM)');
  const table = page.getByRole('table', { name: 'Causes of CUDA out of memory (OOM) and how to tell them apart' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Failure and what you see',
    'Why it happens there',
    'How to tell it apart',
    'Quick check',
  ]);
  const rows = table.locator('tbody tr');
  const ids = await rows.locator('.id').allTextContents();
  for (const id of ['MEM-001', 'MEM-003', 'MEM-004', 'MEM-008', 'FT-005']) expect(ids).toContain(id);
  const count = await rows.count();
  await expect(page.getByRole('heading', { level: 2, name: `${count} failures show this symptom` })).toBeVisible();
  for (let i = 0; i < count; i++) {
    await expect(rows.nth(i).locator('td.tell')).not.toBeEmpty();
    await expect(rows.nth(i).locator('td.tell')).not.toHaveText('Only this entry shows it.');
  }
  await expect(page.getByText('CUDA out of memory. Tried to allocate', { exact: true })).toBeVisible();
});

test("an entry's symptom row links to the symptom page, and back to the row's anchor", async ({ page }) => {
  await page.goto('/entries/activation-distillation-memory/');
  await page.locator('#symptom-cuda-oom').getByRole('link', { name: 'CUDA out of memory' }).click();
  await expect(page).toHaveURL('/symptoms/cuda-oom/');
  await page.locator('#MEM-003').getByRole('link', { name: 'Activation Distillation Memory' }).click();
  await expect(page).toHaveURL('/entries/activation-distillation-memory/#symptom-cuda-oom');
  await expect(page.locator('#symptom-cuda-oom')).toBeInViewport();
});

test('the symptom index filter narrows the list as you type', async ({ page }) => {
  await page.goto('/symptoms/');
  const items = page.locator('[data-filter-item]');
  const all = await items.count();
  await page.getByLabel('Filter symptoms').fill('nccl');
  const visible = page.locator('[data-filter-item]:visible');
  await expect(page.locator('[data-filter-count]')).toHaveText(/^\d+ of \d+ symptoms$/);
  const shown = await visible.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(all);
  await expect(page.locator('#nccl-timeout')).toBeVisible();
  await expect(page.locator('#cuda-oom')).toBeHidden();
});

test('the symptom index works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/symptoms/');
  await expect(page.locator('#cuda-oom')).toBeVisible();
  await expect(page.getByLabel('Filter symptoms')).toBeHidden();
  await context.close();
});

test('browse pages list the right entries', async ({ page }) => {
  await page.goto('/categories/');
  await page.getByRole('link', { name: 'Memory' }).click();
  await expect(page).toHaveURL('/categories/memory/');
  const ids = await page.locator('.entry-list .id').allTextContents();
  expect(ids.length).toBeGreaterThanOrEqual(8);
  expect(ids.every((id) => id.startsWith('MEM-'))).toBe(true);

  await page.goto('/frameworks/vllm/');
  const vllm = await page.locator('.entry-list .id').allTextContents();
  expect(vllm).toContain('SERV-001');

  await page.goto('/tags/');
  await page.getByRole('link', { name: 'activations', exact: true }).click();
  await expect(page).toHaveURL('/tags/activations/');
  await expect(page.locator('.entry-list')).toContainText('MEM-003');
});

test('each browse index leads to the others, and the header marks the section a page is in', async ({ page }) => {
  await page.goto('/categories/');
  const ways = page.getByRole('navigation', { name: 'Browse by' });
  await expect(ways.getByRole('link', { name: 'Category' })).toHaveAttribute('aria-current', 'page');
  await ways.getByRole('link', { name: 'Framework' }).click();
  await expect(page).toHaveURL('/frameworks/');
  await page.getByRole('navigation', { name: 'Browse by' }).getByRole('link', { name: 'Tag' }).click();
  await expect(page).toHaveURL('/tags/');
  const header = page.getByRole('navigation', { name: 'Main' });
  await expect(header.getByRole('link', { name: 'Browse' })).toHaveAttribute('aria-current', 'true');
  await page.goto('/entries/activation-distillation-memory/');
  await expect(header.getByRole('link', { name: 'Entries' })).toHaveAttribute('aria-current', 'true');
  await expect(header.locator('[aria-current]')).toHaveCount(1);
  await page.goto('/symptoms/cuda-oom/');
  await expect(header.getByRole('link', { name: 'Symptoms' })).toHaveAttribute('aria-current', 'true');
});

test('a tag on one entry is a row of the tags index: its chip and its old URL lead there', async ({ page }) => {
  await page.goto('/entries/activation-distillation-memory/');
  await page.getByRole('link', { name: '#distillation', exact: true }).click();
  await expect(page).toHaveURL('/tags/#tag-distillation');
  const row = page.locator('#tag-distillation');
  await expect(row).toContainText('#distillation');
  await expect(row.getByRole('link')).toHaveAttribute('href', '/entries/activation-distillation-memory/');
  // a link to the tag page from before keeps working: it redirects to the row
  await page.goto('/tags/distillation/');
  await expect(page).toHaveURL('/tags/#tag-distillation');
  await expect(page.locator('#tag-distillation:target')).toBeVisible();
});
