import { test, expect } from './fixtures.ts';

test('an entry page shows the releases the failure affects and the releases it was checked against', async ({
  page,
}) => {
  await page.goto('/entries/torch-load-weights-only-default-flip/');
  const section = page.locator('section:has(#affected-versions)');
  await expect(section.getByRole('row', { name: /PyTorch/ })).toContainText('>=2.6');
  await expect(section.getByRole('row', { name: /PyTorch/ })).toContainText('introduced in 2.6.0');
  await expect(section).toContainText(/Checked against PyTorch \d+\.\d+\.\d+ on \d{4}-\d{2}-\d{2}\./);
  await section.getByRole('link', { name: 'PyTorch', exact: true }).click();
  await expect(page).toHaveURL(/\/versions\/torch\/$/);
});

test('the upgrade page lists what starts between two releases, from the form and from the address', async ({
  page,
}) => {
  await page.goto('/versions/torch/');
  await page.getByLabel('From').selectOption('2.5.0');
  await page.getByLabel('To').selectOption('2.6.0');
  await page.getByRole('button', { name: 'Show what changes' }).click();
  const result = page.locator('[data-result]');
  await expect(result.getByRole('heading', { name: /Failures that start between 2\.5\.0 and 2\.6\.0/ })).toBeVisible();
  await expect(result).toContainText('CKPT-003');
  await expect(page).toHaveURL(/\?from=2\.5\.0&to=2\.6\.0$/);
  // the same choice from the address, as a shared link opens it
  await page.goto('/versions/torch/?from=2.6.0&to=2.5.0');
  await expect(
    page.locator('[data-result]').getByRole('heading', { name: /Failures that stop between 2\.6\.0 and 2\.5\.0/ }),
  ).toBeVisible();
  await expect(page.locator('[data-result]')).toContainText('CKPT-003');
  // an entry affected on both sides by different ranges (Blackwell before 2.7, Volta from 2.11)
  await page.goto('/versions/torch/?from=2.5.0&to=2.11.0');
  const changes = page.locator('[data-result] h2:has-text("change") + ul');
  await expect(changes).toContainText('HW-003');
});

test('an address naming a release the page does not list says so instead of showing the defaults', async ({ page }) => {
  await page.goto('/versions/torch/?from=2.99.0&to=2.6.0');
  const result = page.locator('[data-result]');
  await expect(result.getByRole('status')).toContainText('“2.99.0”, which this page does not list');
  await expect(result.getByRole('heading')).toHaveCount(0);
  // the release that is listed is still chosen in the form
  await expect(page.getByLabel('To')).toHaveValue('2.6.0');
});

test('a log with pip freeze lines gets the version note on its result', async ({ page }) => {
  await page.goto('/diagnose/');
  const log = [
    'torch==2.6.0+cu124',
    'transformers==4.48.0',
    'Traceback (most recent call last):',
    '  File "train.py", line 12, in <module>',
    '    state = torch.load("ckpt.pt")',
    '_pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options, do those steps only if you trust the source of the checkpoint.',
  ].join('\n');
  await page.getByLabel('Training log or error message').fill(log);
  await page.getByRole('button', { name: 'Diagnose' }).click();
  await expect(page.locator('.results > li.summary.versions')).toHaveText(
    'Versions in this log: torch 2.6.0+cu124, transformers 4.48.0.',
  );
  const first = page.locator('.results > li.result').first();
  await expect(first.getByRole('heading')).toContainText('CKPT-003');
  await expect(first.locator('.version-note')).toHaveText('Your torch 2.6.0+cu124 is in the affected range >=2.6.');
});
