import { test, expect } from './fixtures.ts';
import { FIXTURE_PORT } from './playwright.config.ts';

const FIXTURE = `http://localhost:${FIXTURE_PORT}`;
const MEM003 = '/entries/activation-distillation-memory/';

test.describe('links that never break', () => {
  test('short links land on the entry, in upper and lower case, with the anchor kept', async ({ page }) => {
    await page.goto('/e/MEM-003/');
    await expect(page).toHaveURL(MEM003);
    await page.goto('/e/mem-003/#symptom-cuda-oom');
    await expect(page).toHaveURL(`${MEM003}#symptom-cuda-oom`);
    await expect(page.locator('#symptom-cuda-oom')).toBeInViewport();
  });

  test('the static short-link page redirects without the host: meta refresh, canonical, a plain link', async ({
    request,
  }) => {
    const html = await (await request.get('/e/MEM-003/index.html')).text();
    expect(html).toContain('<meta http-equiv="refresh" content="0;url=/entries/activation-distillation-memory/">');
    expect(html).toContain(
      '<link rel="canonical" href="https://faultline.dev/entries/activation-distillation-memory/">',
    );
    expect(html).toContain('<a href="/entries/activation-distillation-memory/">');
  });

  test('an entry URL cut short, to /entries/ or /e/, lands on the home page, which lists the entries', async ({
    page,
  }) => {
    for (const folder of ['/entries/', '/e/', '/entries']) {
      await page.goto(folder);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('link', { name: 'Activation Distillation Memory' })).toBeVisible();
    }
  });

  test('an unknown id is not redirected anywhere', async ({ page, consoleMessages }) => {
    const response = await page.goto('/e/MEM-999/');
    expect(response?.status()).toBe(404);
    consoleMessages.length = 0;
  });

  test('an old slug in aliases redirects to the entry', async ({ page }) => {
    await page.goto(`${FIXTURE}/entries/teacher-student-oom/`);
    await expect(page).toHaveURL(`${FIXTURE}${MEM003}`);
  });

  test('a merged entry redirects, and the target says "formerly"', async ({ page }) => {
    await page.goto(`${FIXTURE}/entries/teacher-oom-in-distillation/`);
    await expect(page).toHaveURL(`${FIXTURE}${MEM003}`);
    await expect(page.getByText(/Formerly MEM-901 “Teacher OOM in Distillation”/)).toBeVisible();
    await page.goto(`${FIXTURE}/e/MEM-901/`);
    await expect(page).toHaveURL(`${FIXTURE}${MEM003}`);
  });

  test('a deprecated entry keeps its page with a banner, and leaves lists', async ({ page }) => {
    await page.goto(`${FIXTURE}/entries/legacy-distillation-memory/`);
    await expect(page.getByRole('note')).toContainText('Deprecated.');
    await page.goto(`${FIXTURE}/`);
    await expect(page.getByRole('link', { name: /MEM-902/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /MEM-901/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /MEM-003/ })).toHaveCount(1);
  });

  test('the 404 page suggests the entry for a misspelt slug', async ({ page, consoleMessages }) => {
    const response = await page.goto('/entries/activaton-distilation-memory/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Did you mean' })).toBeVisible();
    await expect(page.locator('[data-closest] li').first()).toHaveText('MEM-003 Activation Distillation Memory');
    await expect(page.getByRole('searchbox')).toBeVisible();
    // a guess is the answer: the search box is left to the reader
    await expect(page.getByRole('searchbox')).toHaveValue('');
    consoleMessages.length = 0;
  });

  test('a malformed escape in the address still gives the 404 page its guesses', async ({ page, consoleMessages }) => {
    const response = await page.goto('/entries/activaton-distilation-memory%E0%A4%A/');
    expect(response?.status()).toBe(404);
    await expect(page.locator('[data-closest] li').first()).toHaveText('MEM-003 Activation Distillation Memory');
    expect(consoleMessages.filter((m) => !m.includes('status of 404'))).toEqual([]);
    consoleMessages.length = 0;
  });

  test('a 404 path no slug is close to is searched by its words', async ({ page, consoleMessages }) => {
    const response = await page.goto('/entries/cuda-out-of-memory/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('searchbox')).toHaveValue('cuda out of memory');
    await expect(page.locator('[data-search-page] .results > li.result > a.hit .meta').first()).toHaveText(/^MEM-001 /);
    await expect(page.getByRole('heading', { name: 'Did you mean' })).toBeHidden();
    consoleMessages.length = 0;
  });
});

test.describe('copy for ticket', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  const summary =
    "Knowledge distillation runs out of GPU memory because the frozen teacher's forward pass still records an autograd graph next to the student's. Run the teacher under torch.no_grad() with its parameters frozen, or precompute its logits.";

  test('copies the exact snippet in Markdown, Jira and plain text', async ({ page }) => {
    await page.goto(MEM003);
    const read = () => page.evaluate(() => navigator.clipboard.readText());
    await page.getByRole('button', { name: 'Markdown' }).click();
    expect(await read()).toBe(
      `**[MEM-003: Activation Distillation Memory](https://faultline.dev/e/MEM-003/)**\n\n> ${summary}`,
    );
    await page.getByRole('button', { name: 'Jira' }).click();
    expect(await read()).toBe(
      `*[MEM-003: Activation Distillation Memory|https://faultline.dev/e/MEM-003/]*\n\n{quote}${summary}{quote}`,
    );
    await page.getByRole('button', { name: 'Slack / text' }).click();
    expect(await read()).toBe(`MEM-003: Activation Distillation Memory\nhttps://faultline.dev/e/MEM-003/\n${summary}`);
  });

  test('a malformed escape in the address fragment copies the snippet without a section', async ({ page }) => {
    await page.goto(`${MEM003}#%E0%A4%A`);
    await page.getByRole('button', { name: 'Markdown' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied for Markdown' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `**[MEM-003: Activation Distillation Memory](https://faultline.dev/e/MEM-003/)**\n\n> ${summary}`,
    );
  });

  test('includes the section the reader linked to', async ({ page }) => {
    await page.goto(MEM003);
    await page.locator('#symptom-cuda-oom').hover();
    await page.getByRole('link', { name: 'Link to symptom CUDA out of memory' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'https://faultline.dev/entries/activation-distillation-memory/#symptom-cuda-oom',
    );
    await expect(page.getByRole('status').filter({ hasText: 'Link to this section copied' })).toBeVisible();
    await page.getByRole('button', { name: 'Markdown' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `**[MEM-003: Activation Distillation Memory](https://faultline.dev/e/MEM-003/)**\n\n> ${summary}\n\nSection: [CUDA out of memory (OOM)](https://faultline.dev/entries/activation-distillation-memory/#symptom-cuda-oom)`,
    );
  });
});

test.describe('previews and metadata', () => {
  test('an entry page has canonical, Open Graph and Twitter tags and a preview image', async ({ page, request }) => {
    await page.goto(MEM003);
    const meta = (sel: string) => page.locator(sel).getAttribute('content');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://faultline.dev/entries/activation-distillation-memory/',
    );
    expect(await meta('meta[property="og:title"]')).toBe('Activation Distillation Memory (MEM-003)');
    expect(await meta('meta[property="og:site_name"]')).toBe('Faultline');
    expect(await meta('meta[property="og:url"]')).toBe('https://faultline.dev/entries/activation-distillation-memory/');
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await meta('meta[property="og:description"]')).toContain('Knowledge distillation runs out of GPU memory');
    const image = (await meta('meta[property="og:image"]'))!;
    expect(image).toBe('https://faultline.dev/og/activation-distillation-memory.png');
    const png = await request.get(new URL(image).pathname);
    expect(png.status()).toBe(200);
    expect((await png.body()).subarray(1, 4).toString()).toBe('PNG');
  });

  test('the JSON-LD parses and has the required properties of TechArticle and FAQPage', async ({ page }) => {
    await page.goto(MEM003);
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    );
    const article = blocks.find((b) => b['@type'] === 'TechArticle')!;
    const faq = blocks.find((b) => b['@type'] === 'FAQPage') as {
      mainEntity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
    };
    for (const key of [
      '@context',
      'headline',
      'description',
      'url',
      'image',
      'datePublished',
      'dateModified',
      'author',
      'publisher',
    ])
      expect(article).toHaveProperty(key);
    expect(article.headline).toBe('Activation Distillation Memory');
    expect(faq.mainEntity.length).toBeGreaterThanOrEqual(4);
    for (const q of faq.mainEntity) {
      expect(q['@type']).toBe('Question');
      expect(q.name.length).toBeGreaterThan(5);
      expect(q.acceptedAnswer['@type']).toBe('Answer');
      expect(q.acceptedAnswer.text).not.toMatch(/<[a-z]/);
    }
    expect(faq.mainEntity.map((q) => q.name)).toContain("Isn't teacher.eval() enough?");
  });

  test('the feeds are valid XML with the expected items', async ({ page, request }) => {
    await page.goto('/');
    const { entries } = (await (await request.get('/api/v1/entries.json')).json()) as {
      entries: { id: string; title: string; category: string; updated: string }[];
    };
    // newest first, then by id; at most 50
    const order = (list: typeof entries) =>
      [...list]
        .sort((a, b) => b.updated.localeCompare(a.updated) || a.id.localeCompare(b.id, 'en', { numeric: true }))
        .slice(0, 50)
        .map((e) => `${e.id}: ${e.title}`);
    for (const [path, expected] of [
      ['/rss.xml', order(entries)],
      ['/categories/memory.xml', order(entries.filter((e) => e.category === 'memory'))],
    ] as const) {
      const xml = await (await request.get(path)).text();
      const result = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          titles: [...doc.querySelectorAll('item > title')].map((t) => t.textContent),
          links: [...doc.querySelectorAll('item > link')].map((t) => t.textContent),
        };
      }, xml);
      expect(result.error).toBeNull();
      expect(result.titles).toEqual(expected);
      expect(result.links.every((l) => l?.startsWith('https://faultline.dev/entries/'))).toBe(true);
    }
  });

  test('robots.txt and the sitemap name each other and the canonical pages', async ({ request }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain(
      'Sitemap: https://faultline.dev/sitemap-index.xml',
    );
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    expect(sitemap).toContain('<loc>https://faultline.dev/entries/activation-distillation-memory/</loc>');
    expect(sitemap).not.toContain('/e/MEM-003/');
  });
});
