import { readFileSync } from 'node:fs';
import { fillSessionStorage, test, expect } from './fixtures.ts';

const root = new URL('../..', import.meta.url).pathname;
const teacherLog = readFileSync(
  `${root}content/examples/activation-distillation-memory/teacher-forward-oom.log`,
  'utf8',
);

test('a pasted log ranks the expected entry first, with the matched line highlighted', async ({ page }) => {
  await page.goto('/diagnose/');
  await page.getByLabel('Training log or error message').fill(teacherLog);
  await page.getByRole('button', { name: 'Diagnose' }).click();
  const first = page.locator('.results > li.result').first();
  await expect(first.getByRole('heading')).toContainText('Activation Distillation Memory');
  await expect(first.getByRole('heading')).toContainText('MEM-003');
  await expect(first.locator('mark').first()).toHaveText(/CUDA out of memory|OutOfMemoryError|teacher/);
  await expect(first.locator('.ln').first()).toHaveText(/^L\d+$/);
  await expect(first.getByRole('link', { name: 'CUDA out of memory' })).toHaveAttribute(
    'href',
    '/entries/activation-distillation-memory/#symptom-cuda-oom',
  );
  await expect(first.locator('.rank')).toHaveText('1');
  // one context cue (the teacher) lifts it over the generic OOM entry: likely, not certain
  await expect(first.locator('.confidence')).toHaveText('medium confidence');
});

test('a line only one entry explains is diagnosed with high confidence', async ({ page }) => {
  await page.goto('/diagnose/');
  await page
    .getByLabel('Training log or error message')
    .fill(
      'RuntimeError: Expected to mark a variable ready only once. This error is caused by one of the following reasons',
    );
  await page.getByRole('button', { name: 'Diagnose' }).click();
  const first = page.locator('.results > li.result').first();
  await expect(first.getByRole('heading')).toContainText('DIST-003');
  await expect(first.locator('.confidence')).toHaveText('high confidence');
  await expect(page.locator('.results > li.summary')).toHaveCount(0);
});

test('on a phone, the outcome is brought on screen below the box', async ({ page }) => {
  // tall enough that the button is on screen (clicking does not scroll), short enough that the results are not
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/diagnose/');
  await page.getByLabel('Training log or error message').fill(teacherLog);
  const button = page.getByRole('button', { name: 'Diagnose' });
  await button.click();
  await expect(page.locator('.results > li.result').first().getByRole('heading')).toBeInViewport();
  await expect(page.locator('[data-status]')).toBeInViewport();
  await expect(button).toBeFocused(); // scrolled to, not focused away from the reader
});

test('a dropped file is diagnosed', async ({ page }) => {
  await page.goto('/diagnose/');
  const data = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'run.log', { type: 'text/plain' }));
    return dt;
  }, 'RuntimeError: CUDA error: device-side assert triggered\n');
  await page.locator('[data-drop]').dispatchEvent('drop', { dataTransfer: data });
  await expect(page.locator('.results > li.result').first()).toContainText('HW-002');
});

test('a chosen file is diagnosed', async ({ page }) => {
  await page.goto('/diagnose/');
  await page
    .locator('#log-file')
    .setInputFiles({ name: 'run.log', mimeType: 'text/plain', buffer: Buffer.from(teacherLog) });
  await expect(page.locator('.results > li.result').first()).toContainText('MEM-003');
});

test('a UTF-16 file with NUL-separated records is decoded and diagnosed', async ({ page }) => {
  await page.goto('/diagnose/');
  const text = 'step 1 ok\0RuntimeError: Expected to mark a variable ready only once.\0';
  const buffer = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  await page.locator('#log-file').setInputFiles({ name: 'run.log', mimeType: 'text/plain', buffer });
  await expect(page.locator('.results > li.result').first()).toContainText('DIST-003');
  await expect(page.locator('.results .ln').first()).toHaveText('L2');
});

test('a log containing HTML is rendered as text', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto('/diagnose/');
  await page
    .getByLabel('Training log or error message')
    .fill('<img src=x onerror=alert(1)> RuntimeError: CUDA error: device-side assert triggered');
  await page.getByRole('button', { name: 'Diagnose' }).click();
  const line = page.locator('.results .line').first();
  await expect(line).toContainText('<img src=x onerror=alert(1)>');
  await expect(page.locator('.results img')).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test('no network request carries any part of the log', async ({ page }) => {
  const secret = 'SECRET-TOKEN-4f2a9c';
  const seen: string[] = [];
  await page.goto('/diagnose/');
  page.on('request', (r) => seen.push(`${r.url()} ${r.postData() ?? ''}`));
  await page.getByLabel('Training log or error message').fill(`${secret}\n${teacherLog}`);
  await page.getByRole('button', { name: 'Diagnose' }).click();
  await expect(page.locator('.results > li.result').first()).toBeVisible();
  expect(
    seen.filter((s) => s.includes(secret) || s.includes('teacher_logits') || s.includes('OutOfMemoryError')),
  ).toEqual([]);
});

test('a log that matches nothing says so and offers its most telling line', async ({ page }) => {
  await page.goto('/diagnose/');
  await page
    .getByLabel('Training log or error message')
    .fill('epoch 1 ok\nValueError: frobnicator 0x7fff out of range at /tmp/x.py\n');
  await page.getByRole('button', { name: 'Diagnose' }).click();
  await expect(page.getByRole('status')).toContainText('No entry matches this log');
  await expect(page.locator('.results .empty code')).toHaveText('ValueError: frobnicator out of range at x.py');
});

test('a log no fingerprint matches gets the closest entries by shared words, fetched only then', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/diagnose/');
  const box = page.getByLabel('Training log or error message');
  await box.fill(teacherLog);
  await page.getByRole('button', { name: 'Diagnose' }).click();
  await expect(page.locator('.results > li.result').first()).toBeVisible();
  expect(fetched).not.toContain('/api/v1/profiles.json');

  await box.fill(
    'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n    from flash_attn import flash_attn_func\nModuleNotFoundError: No module named flash_attn_interface\n',
  );
  await page.getByRole('button', { name: 'Diagnose' }).click();
  await expect(page.getByRole('status')).toContainText('No entry matches this log');
  await expect(page.locator('.results .summary')).toContainText('No line of this log matches a fingerprint');
  const lead = page.locator('.results > li.lead').first();
  await expect(lead.getByRole('heading')).toContainText('ENV-014');
  await expect(lead).toContainText('low confidence');
  await expect(lead.locator('.lead-words code').first()).toBeVisible();
  await expect(lead.locator('.lead-words')).toContainText('flash_attn');
  expect(fetched).toContain('/api/v1/profiles.json');
  // the search hand-off is still offered below the leads
  await expect(page.locator('.results .empty a')).toHaveText('Search the encyclopedia for it');
});

test('when the word profiles cannot be loaded, the page says so and still offers the search', async ({ page }) => {
  await page.route('**/api/v1/profiles.json', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/diagnose/');
  await page
    .getByLabel('Training log or error message')
    .fill('ModuleNotFoundError: No module named flash_attn_interface\n');
  await page.getByRole('button', { name: 'Diagnose' }).click();
  await expect(page.getByRole('status')).toContainText('No entry matches this log');
  await expect(page.locator('.results .empty')).toContainText(
    'The closest entries could not be found: could not load the word profiles (404 from /api/v1/profiles.json).',
  );
  await expect(page.locator('.results > li.lead')).toHaveCount(0);
  await expect(page.locator('.results .empty a')).toHaveText('Search the encyclopedia for it');
});

test('a multi-rank log names the rank that failed first', async ({ page }) => {
  await page.goto('/diagnose/');
  await page
    .getByLabel('Training log or error message')
    .fill(
      [
        '[rank3]: RuntimeError: CUDA error: device-side assert triggered',
        '[rank0]:[E1114 09:22:03.123456 1234 ProcessGroupNCCL.cpp:616] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600084 milliseconds before timing out.',
        '[rank1]:[E1114 09:22:03.123456 1235 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600084 milliseconds before timing out.',
      ].join('\n'),
    );
  await page.getByRole('button', { name: 'Diagnose' }).click();
  await expect(page.locator('.results .summary')).toContainText('Rank 3 failed first');
  await expect(page.locator('.results > li.result').first()).toContainText('HW-002');
});

test('an entry page hands a pasted log to diagnose without putting it in the URL', async ({ page }) => {
  await page.goto('/entries/activation-distillation-memory/');
  await page
    .getByLabel('Not sure this is your failure? Paste your log.')
    .fill('RuntimeError: CUDA error: device-side assert triggered');
  await page.getByRole('button', { name: 'Diagnose in this browser' }).click();
  await expect(page).toHaveURL('/diagnose/');
  await expect(page.locator('.results > li.result').first()).toContainText('HW-002');
});

test('a large paste goes to the worker, not into the text box, and the page stays usable', async ({ page }) => {
  await page.goto('/diagnose/');
  const box = page.getByLabel('Training log or error message');
  await box.focus();
  // a log of tens of megabytes that ends in the failure, pasted as a reader pastes it
  await page.evaluate((tail) => {
    const text = `${'step 12000 loss 2.3141 lr 3.0e-4 grad_norm 0.81 tokens/s 51234\n'.repeat(320_000)}${tail}`;
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document
      .querySelector('textarea')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, teacherLog);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(box).toHaveAttribute(
    'placeholder',
    /^The pasted log \(\d+ MB\) is being read in this browser, in chunks\.$/,
  );
  // the page answers while the worker reads: the box takes typing
  await box.pressSequentially('x');
  await expect(box).toHaveValue('x');
  await expect(page.locator('.results > li.result').first()).toContainText('MEM-003', { timeout: 30_000 });
  await expect(page.locator('[data-status]')).toContainText(/Scanned all \d+ MB in chunks\./);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeHidden();
});

test('Cancel stops a busy worker for pasted text, and the next log is diagnosed', async ({ page }) => {
  // the first worker never gets its fingerprints, so it stays busy until it is stopped
  let hold = true;
  await page.route('**/api/v1/fingerprints.json', (route) => (hold ? undefined : route.continue()));
  await page.goto('/diagnose/');
  await page.getByLabel('Training log or error message').fill('RuntimeError: CUDA error: device-side assert triggered');
  await page.getByRole('button', { name: 'Diagnose' }).click();
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  await expect(page.locator('fl-diagnose')).toHaveAttribute('aria-busy', 'true');
  hold = false;
  await cancel.click();
  await expect(page.locator('[data-status]')).toHaveText('Cancelled.');
  await expect(cancel).toBeHidden();
  await expect(page.locator('fl-diagnose')).not.toHaveAttribute('aria-busy');
  await page.getByRole('button', { name: 'Diagnose' }).click();
  await expect(page.locator('.results > li.result').first()).toContainText('HW-002');
});

test('a log too large to hand over stays on the entry page, with a note on opening it as a file', async ({ page }) => {
  await page.goto('/entries/activation-distillation-memory/');
  // the origin's sessionStorage is nearly full, as another tab or a previous paste can leave it
  await fillSessionStorage(page);
  // set, not typed: typing this much text takes Playwright seconds
  await page.getByLabel('Not sure this is your failure? Paste your log.').evaluate((box: HTMLTextAreaElement) => {
    box.value = 'RuntimeError: CUDA error: device-side assert triggered\n'.repeat(2000);
  });
  await page.getByRole('button', { name: 'Diagnose in this browser' }).click();
  const note = page.getByRole('alert').filter({ hasText: 'This log is too large to carry to the diagnose page' });
  await expect(note).toBeVisible();
  await expect(page).toHaveURL('/entries/activation-distillation-memory/');
  await note.getByRole('link', { name: 'Open the diagnose page' }).click();
  await expect(page).toHaveURL('/diagnose/');
});

test('a bare error line that many entries share says so and leads to the page that tells them apart', async ({
  page,
}) => {
  await page.goto('/diagnose/');
  await page
    .getByLabel('Training log or error message')
    .fill(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.2 GiB is free.',
    );
  await page.getByRole('button', { name: 'Diagnose' }).click();
  await expect(page.locator('[data-status]')).toContainText(/^\d+ entries match\. 1 line in \d+ ms\.$/);
  const note = page.locator('.results > li.summary');
  await expect(note).toContainText('One of these: the log shows only “CUDA out of memory (OOM)”');
  // the generic cause first, none of them ranked or called certain, each with its check
  const first = page.locator('.results > li.result').first();
  await expect(first.getByRole('heading')).toContainText('MEM-001');
  await expect(first.locator('.rank')).toHaveText('·');
  await expect(first.locator('.confidence')).toHaveText('medium confidence');
  await expect(first.locator('.tell')).toContainText('Tell it apart:');
  await note.getByRole('link', { name: 'How to tell them apart: CUDA out of memory' }).click();
  await expect(page).toHaveURL(/\/symptoms\/cuda-oom\/$/);
});

test('a notebook traceback pasted without its escape characters, wrapped, reads as printed', async ({ page }) => {
  await page.goto('/diagnose/');
  // the colour codes a notebook leaves when its escape characters are lost, the message wrapped
  // at spaces, the out-of-memory hint across two lines
  const log = [
    '[0;31mOutOfMemoryError[0m                          Traceback (most recent call last)',
    '[0;32m----> 3[0m trainer[38;5;241m.[39mtrain()',
    '[0;31mOutOfMemoryError[0m: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a',
    'total capacity of 23.64 GiB of which 1.12 GiB is free. If reserved but unallocated',
    'memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid',
    'fragmentation.',
  ].join('\n');
  await page.getByLabel('Training log or error message').fill(log);
  await page.getByRole('button', { name: 'Diagnose' }).click();
  // the hint is not the reader's setting: a bare out-of-memory line, shared, generic entry first
  await expect(page.locator('.results > li.summary')).toContainText('One of these');
  const first = page.locator('.results > li.result').first();
  await expect(first.getByRole('heading')).toContainText('MEM-001');
  // shown without the codes, marked on the line where the message starts
  const line = first.locator('li.line').filter({ hasText: 'CUDA out of memory' });
  await expect(line.locator('.ln')).toHaveText('L3');
  await expect(line.locator('mark').first()).toHaveText(/^OutOfMemoryError: CUDA out of memory/);
});

test('a log listed newest line first is read oldest first, and the page says so', async ({ page }) => {
  await page.goto('/diagnose/');
  // QwenLM/Qwen3#434 as a log console lists it, newest line first
  const log = readFileSync(`${root}tests/fixtures/newest-first.log`, 'utf8');
  await page.getByLabel('Training log or error message').fill(log);
  await page.getByRole('button', { name: 'Diagnose' }).click();
  const first = page.locator('.results > li.result').first();
  await expect(first.getByRole('heading')).toContainText('ENV-005');
  await expect(page.getByRole('status')).toContainText('Its newest line is first');
  // the match is shown on the line where it starts, numbered as pasted
  await expect(first.locator('li.line').first().locator('.ln')).toHaveText('L2');
});
