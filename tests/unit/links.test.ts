// Redirects, the URL manifest, ticket snippets, 404 guesses and structured data.
import { describe, expect, test } from 'vitest';
import { validateContent } from '../../src/lib/content/validate.ts';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRedirects, formerly, redirectPage, redirectsFile } from '../../src/lib/redirects.ts';
import { writeRedirects } from '../../src/integrations/host-files.ts';
import { buildSiteIndex, tagHref } from '../../src/lib/indexes/site-index.ts';
import { appendUrls, missingUrls } from '../../src/build/url-manifest.ts';
import { ticketSnippet } from '../../src/lib/ticket.ts';
import { closestEntries, wantedName, wantedWords } from '../../src/lib/closest.ts';
import { entry, sources } from './fixtures/content.ts';

const set = (...urls: string[]) => new Set(urls);

function content() {
  const c = validateContent(
    sources([
      { slug: 'kept', data: entry({ id: 'MEM-001', aliases: ['old-name'] }) },
      { slug: 'gone', data: entry({ id: 'MEM-002', status: 'merged', supersededBy: 'MEM-003' }) },
      { slug: 'target', data: entry({ id: 'MEM-003' }) },
    ]),
  );
  expect(c.problems.filter((p) => p.severity !== 'warning')).toEqual([]);
  return c;
}

describe('redirects', () => {
  test('short links in both cases, old slugs and merged entries, all to the final page; the folders above them, home', () => {
    const r = buildRedirects(content().entries).map((x) => `${x.from} → ${x.to} (${x.kind})`);
    expect(r).toEqual([
      '/e/ → / (folder)',
      '/e/mem-001/ → /entries/kept/ (short)',
      '/e/MEM-001/ → /entries/kept/ (short)',
      '/e/mem-002/ → /entries/target/ (short)',
      '/e/MEM-002/ → /entries/target/ (short)',
      '/e/mem-003/ → /entries/target/ (short)',
      '/e/MEM-003/ → /entries/target/ (short)',
      '/entries/ → / (folder)',
      '/entries/gone/ → /entries/target/ (merged)',
      '/entries/old-name/ → /entries/kept/ (alias)',
    ]);
  });

  test('the published page of a tag now on one entry redirects to its row on the tags index; a shared tag keeps its page', () => {
    const c = validateContent(
      sources([
        { slug: 'a', data: entry({ id: 'MEM-001', tags: ['oom', 'only-a'] }) },
        { slug: 'b', data: entry({ id: 'MEM-002', tags: ['oom', 'only-b', 'only-b'] }) },
        { slug: 'c', data: entry({ id: 'MEM-003', tags: ['only-deprecated'], status: 'deprecated' }) },
      ]),
    );
    // only-a had a page once (it is in the URL manifest); only-b never did, so nothing links to it
    const published = set('/tags/oom/', '/tags/only-a/', '/tags/only-deprecated/');
    const tags = buildRedirects(c.entries, published).filter((r) => r.kind === 'tag');
    expect(tags.map((r) => `${r.from} → ${r.to}`)).toEqual(['/tags/only-a/ → /tags/#tag-only-a']);
    expect(buildRedirects(c.entries).filter((r) => r.kind === 'tag')).toEqual([]);
    const site = buildSiteIndex(c.entries, c.symptoms);
    expect(['oom', 'only-a', 'only-deprecated'].map((t) => tagHref(site, t))).toEqual([
      '/tags/oom/',
      '/tags/#tag-only-a',
      undefined,
    ]);
    expect(redirectPage(tags[0]!, new URL('https://faultline.dev'))).toContain(
      'The tag #only-a is listed at <a href="/tags/#tag-only-a">',
    );
  });

  test('writes a page for every redirect, many more than it writes at once', async () => {
    const many = validateContent(
      sources(
        Array.from({ length: 120 }, (_, i) => ({
          slug: `e-${i}`,
          data: entry({ id: `MEM-${String(i + 1).padStart(3, '0')}`, aliases: [`old-${i}`] }),
        })),
      ),
    );
    const out = mkdtempSync(join(tmpdir(), 'faultline-redirects-'));
    try {
      const n = await writeRedirects(out, many.entries, new URL('https://faultline.dev'), set());
      const expected = buildRedirects(many.entries);
      expect(n).toBe(362); // two short links and one alias per entry, and the two folders
      expect(expected.filter((r) => !existsSync(join(out, r.from, 'index.html')))).toEqual([]);
      expect(readFileSync(join(out, 'e/MEM-120/index.html'), 'utf8')).toContain('url=/entries/e-119/');
      expect(readFileSync(join(out, 'entries/index.html'), 'utf8')).toContain(
        'Entries are listed by category at <a href="/">https://faultline.dev/</a>',
      );
      expect(
        readFileSync(join(out, '_redirects'), 'utf8')
          .split('\n')
          .filter((l) => l.endsWith(' 301')),
      ).toHaveLength(362);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('writes a _redirects file of 301s', () => {
    expect(redirectsFile(buildRedirects(content().entries)).split('\n').slice(1, 3)).toEqual([
      '/e/ / 301',
      '/e/mem-001/ /entries/kept/ 301',
    ]);
  });

  test('the target of a merge knows what it replaced', () => {
    const c = content();
    expect(
      formerly(
        c.entries.find((e) => e.id === 'MEM-003')!,
        c.entries,
      ).map((e) => e.id),
    ).toEqual(['MEM-002']);
  });
});

describe('the URL manifest', () => {
  const manifest = ['/', '/entries/kept/', '/entries/target/', '/e/MEM-001/'];

  test('passes when every published URL is a page or a redirect', () => {
    expect(missingUrls(manifest, set('/', '/entries/kept/', '/entries/target/'), set('/e/MEM-001/'))).toEqual([]);
  });

  test('fails when an entry is deleted without a tombstone, and says how to keep the URL alive', () => {
    expect(missingUrls(manifest, set('/', '/entries/target/'), set())).toEqual([
      '/entries/kept/ is in content/published-urls.txt but the build no longer answers it: keep the entry and set status: deprecated, or merge it (status: merged, supersededBy: <ID>), or list "kept" in the aliases of the entry that replaces it',
      '/e/MEM-001/ is in content/published-urls.txt but the build no longer answers it: an entry id is never removed or reused; restore the entry with status: deprecated or merged',
    ]);
  });

  test('a merged entry keeps its URL alive through its redirect', () => {
    const urls = buildRedirects(content().entries).map((r) => r.from);
    expect(missingUrls(['/entries/gone/'], set(), new Set(urls))).toEqual([]);
  });

  test('update appends new URLs and never removes one', () => {
    const { added, text } = appendUrls(manifest, set('/', '/new/'), set());
    expect(added).toEqual(['/new/']);
    expect(text.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([...manifest, '/new/']);
  });
});

describe('ticket snippets', () => {
  const d = {
    id: 'MEM-003',
    title: 'Activation Distillation Memory',
    permalink: 'https://x.dev/e/MEM-003/',
    summary: 'Run the teacher under no_grad.',
  };
  const section = { title: 'CUDA out of memory', url: 'https://x.dev/entries/a/#symptom-cuda-oom' };
  test.each([
    [
      'markdown',
      '**[MEM-003: Activation Distillation Memory](https://x.dev/e/MEM-003/)**\n\n> Run the teacher under no_grad.',
    ],
    [
      'jira',
      '*[MEM-003: Activation Distillation Memory|https://x.dev/e/MEM-003/]*\n\n{quote}Run the teacher under no_grad.{quote}',
    ],
    ['plain', 'MEM-003: Activation Distillation Memory\nhttps://x.dev/e/MEM-003/\nRun the teacher under no_grad.'],
  ] as const)('%s', (format, text) => expect(ticketSnippet(format, d)).toBe(text));

  test('with a section', () => {
    expect(
      ticketSnippet('jira', { ...d, section })
        .split('\n')
        .at(-1),
    ).toBe('Section: [CUDA out of memory|https://x.dev/entries/a/#symptom-cuda-oom]');
    expect(
      ticketSnippet('plain', { ...d, section })
        .split('\n')
        .at(-1),
    ).toBe('Section: CUDA out of memory: https://x.dev/entries/a/#symptom-cuda-oom');
  });
});

describe('the 404 guesses', () => {
  const entries = [
    {
      id: 'MEM-003',
      slug: 'activation-distillation-memory',
      title: 'A',
      url: '/entries/activation-distillation-memory/',
      aliases: [],
    },
    {
      id: 'MEM-001',
      slug: 'cuda-oom-from-activation-batch-footprint',
      title: 'B',
      url: '/entries/cuda-oom-from-activation-batch-footprint/',
      aliases: ['cuda-oom'],
    },
  ];
  test('finds a misspelt slug, an alias and an id', () => {
    expect(closestEntries(wantedName('/entries/activaton-distilation-memory/'), entries).map((e) => e.id)).toEqual([
      'MEM-003',
    ]);
    expect(closestEntries(wantedName('/entries/cuda-om/'), entries).map((e) => e.id)).toEqual(['MEM-001']);
    expect(closestEntries(wantedName('/e/mem-03/'), entries)[0]!.id).toBe('MEM-003');
  });
  test('guesses nothing for an unrelated path', () => {
    expect(closestEntries(wantedName('/wp-admin/'), entries)).toEqual([]);
  });
  test('gives the search the words of a path no slug is close to', () => {
    expect(closestEntries(wantedName('/entries/cuda-out-of-memory/'), entries)).toEqual([]);
    expect(wantedWords('/entries/cuda-out-of-memory/')).toBe('cuda out of memory');
    expect(wantedWords('/entries/NCCL_Timeout%20watchdog')).toBe('nccl timeout watchdog');
    // an identifier keeps its dots; a file name and a number give no words
    expect(wantedWords('/entries/torch.cuda.OutOfMemoryError/')).toBe('torch.cuda.outofmemoryerror');
    expect(wantedWords('/entries/index.html')).toBe('');
    expect(wantedWords('/e/404/')).toBe('');
    expect(wantedWords('/')).toBe('');
  });
  test('takes a malformed escape in the path as typed instead of throwing', () => {
    expect(wantedName('/entries/cuda-oom%/')).toBe('cuda-oom%');
    expect(wantedWords('/entries/cuda%E0%A4%A-oom/')).toBe('cuda%e0%a4%a oom');
    expect(closestEntries(wantedName('/entries/activaton-distilation-memory%zz/'), entries)[0]!.id).toBe('MEM-003');
  });
});
