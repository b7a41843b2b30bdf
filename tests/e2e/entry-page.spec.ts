import { test, expect } from './fixtures.ts';

const MEM003 = '/entries/activation-distillation-memory/';

test.describe('the MEM-003 entry page', () => {
  test('shows the title, id, category and tags', async ({ page }) => {
    await page.goto(MEM003);
    await expect(page).toHaveTitle('Activation Distillation Memory (MEM-003) · Faultline');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activation Distillation Memory');
    const header = page.locator('.entry-header');
    await expect(header.getByText('MEM-003', { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Memory' })).toBeVisible();
    await expect(header.getByRole('link', { name: '#distillation' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'HF Trainer' })).toBeVisible();
  });

  test('renders every section in the designed order', async ({ page }) => {
    await page.goto(MEM003);
    const headings = await page
      .locator('article h2')
      .evaluateAll((hs) => hs.map((h) => h.firstChild?.textContent?.trim()));
    expect(headings).toEqual([
      'Quick answer',
      'Root cause and fix',
      'Affected versions',
      'Why it happens',
      'What you’ll observe',
      'Symptoms',
      'Affected systems',
      'How to confirm',
      'Fix',
      'Prevention',
      'FAQ',
      'Related entries',
      'References',
    ]);
  });

  test('fills each section from the frontmatter and the body', async ({ page }) => {
    await page.goto(MEM003);
    // a heading's name is its text alone: its self-link sits beside it, not inside it
    await expect(page.getByRole('heading', { name: 'Quick answer', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Quick answer', exact: true }).locator('p').first()).toContainText(
      "frozen teacher's forward pass still records an autograd graph",
    );
    await expect(page.getByText("The teacher's forward is recorded by autograd").first()).toBeVisible();
    await expect(
      page.getByText('Run the teacher under torch.no_grad() and freeze its parameters').first(),
    ).toBeVisible();
    await expect(
      page.getByText('Autograd records an operation whenever any of its inputs requires a gradient'),
    ).toBeVisible();
    await expect(page.locator('pre.fingerprint')).toContainText(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate',
    );
    await expect(page.getByText('Example log teacher-forward-oom.log')).toBeVisible();
    await expect(page.getByText('Language-model distillation, where full-vocabulary logits')).toBeVisible();
    await expect(page.getByText("Check whether the teacher's output carries a graph.")).toBeVisible();
    await expect(page.getByText('Assert in the training step that')).toBeVisible();
    await expect(page.getByRole('heading', { name: "Isn't teacher.eval() enough?", exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What else produces the same symptoms?' })).toBeVisible();
    // a reference's link is the source's own title; what it shows for the page follows it
    const paper = page.getByRole('link', { name: 'Distilling the Knowledge in a Neural Network', exact: true });
    await expect(paper).toHaveAttribute('href', 'https://arxiv.org/abs/1503.02531');
    await expect(page.locator('.refs li', { has: paper })).toContainText(
      'Distilling the Knowledge in a Neural Network (Hinton, Vinyals, Dean, 2015)',
    );
  });

  test('has a symptom table with one row per symptom, each anchored and linked to its symptom page', async ({
    page,
  }) => {
    await page.goto(MEM003);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Symptom',
      'Why it happens here',
      'How to tell it apart',
    ]);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).getByRole('heading', { level: 3 })).toHaveAttribute('id', 'symptom-cuda-oom');
    await expect(rows.nth(0).getByRole('link', { name: 'CUDA out of memory (OOM)', exact: true })).toHaveAttribute(
      'href',
      '/symptoms/cuda-oom/',
    );
    await expect(rows.nth(0)).toContainText("The traceback passes through the teacher's");
    // the symptom's most common cause is MEM-001, not this entry
    await expect(rows.nth(0).locator('.shared')).not.toContainText('The most common cause');
  });

  test('switches code tabs by click and by arrow keys', async ({ page }) => {
    await page.goto(MEM003);
    const tabs = page.getByRole('tablist', { name: 'Framework' });
    const pytorch = tabs.getByRole('tab', { name: 'PyTorch' });
    const trainer = tabs.getByRole('tab', { name: 'HF Trainer' });
    await expect(pytorch).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('def distillation_step');
    await trainer.click();
    await expect(trainer).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('class DistillationTrainer(Trainer)');
    await expect(page.getByText('def distillation_step')).toBeHidden();
    await trainer.press('ArrowLeft');
    await expect(pytorch).toBeFocused();
    await expect(pytorch).toHaveAttribute('aria-selected', 'true');
    await pytorch.press('ArrowLeft');
    await expect(trainer).toBeFocused();
    await trainer.press('Home');
    await expect(pytorch).toHaveAttribute('aria-selected', 'true');
  });

  test('shows every tab panel when JavaScript is off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(MEM003);
    await expect(page.getByText('def distillation_step')).toBeVisible();
    await expect(page.getByText('class DistillationTrainer(Trainer)')).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();
    await context.close();
  });

  test('highlights code in two themes', async ({ page }) => {
    await page.goto(MEM003);
    const keyword = page.locator('pre.astro-code span', { hasText: /^import$/ }).first();
    const color = await keyword.evaluate((el) => getComputedStyle(el).color);
    const plain = await page
      .locator('pre.astro-code')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(color).not.toEqual(plain);
    await expect(keyword).toHaveAttribute('style', /--shiki-dark:/);
  });
});

test('the home page lists entries by category with counts', async ({ page }) => {
  await page.goto('/');
  const memory = page.getByRole('region', { name: /Memory/ });
  await expect(memory.getByRole('link', { name: /MEM-003 Activation Distillation Memory/ })).toBeVisible();
  const count = await memory.locator('li').count();
  await expect(memory.getByRole('heading', { level: 2 })).toContainText(`${count} entr`);
  await memory.getByRole('link', { name: /MEM-003/ }).click();
  await expect(page).toHaveURL(/\/entries\/activation-distillation-memory\/$/);
});

test('an unknown URL gives the 404 page', async ({ page, consoleMessages }) => {
  const response = await page.goto('/entries/no-such-failure/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  // Chromium reports the document's own 404 status on the console; nothing else may appear.
  expect(consoleMessages).toEqual([
    expect.stringMatching(/status of 404 \(Not Found\) \(http:\/\/localhost:\d+\/entries\/no-such-failure\/\)$/),
  ]);
  consoleMessages.length = 0;
});

test("an entry's symptom row says when the entry is the symptom's most common cause", async ({ page }) => {
  await page.goto('/entries/cuda-oom-from-activation-batch-footprint/');
  const row = page.locator('tr', { has: page.locator('#symptom-cuda-oom') });
  await expect(row.locator('.shared')).toContainText('The most common cause.');
});
