// Each quality gate, shown failing on a deliberately broken input.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkLinks } from '../../src/build/site-check/links.ts';
import { compareTrees } from '../../src/build/site-check/repro.ts';
import { lintContent } from '../../src/build/lint.ts';
import { validateContent } from '../../src/lib/content/validate.ts';
import { formatProblem } from '../../src/lib/schema/errors.ts';
import { BODY, entry, registry, sources } from './fixtures/content.ts';

const root = new URL('../..', import.meta.url).pathname;

const sites: string[] = [];
afterAll(() => sites.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function site(pages: Record<string, string>) {
  const dist = mkdtempSync(join(tmpdir(), 'fl-site-'));
  sites.push(dist);
  for (const [path, html] of Object.entries(pages)) {
    const file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, html);
  }
  return dist;
}

describe('the link check', () => {
  const dist = site({
    '/': '<a href="/a/">ok</a>\n<a href="/a/#here">ok</a>\n<a href="/missing/">bad</a>\n<a href="/a/#nowhere">bad</a>\n<a href="https://example.com/x">ext</a>\n<pre>&lt;a href="/in-code/"&gt;</pre>',
    '/a/': '<h2 id="here">Here</h2>',
    '/e/A/': '<meta http-equiv="refresh" content="0;url=/a/">',
    '/b/': '<a href="/e/A/#here">through a redirect</a><a href="/e/A/#gone">bad through a redirect</a>',
  });

  test('reports every missing page and fragment with the page and line, and lists external links', () => {
    const { problems, external } = checkLinks(dist);
    expect(problems.map((p) => `${p.page}:${p.line} ${p.href}: ${p.message}`)).toEqual([
      '/:3 /missing/: links to /missing/, which the build does not contain',
      '/:4 /a/#nowhere: links to #nowhere on /a/, which has no element with that id',
      '/b/:1 /e/A/#gone: links to #gone on /a/, which has no element with that id',
    ]);
    expect([...external.keys()]).toEqual(['https://example.com/x']);
  });
});

describe('the HTML check', () => {
  test('html-validate fails on invalid markup, naming the file and rule', () => {
    const dist = site({
      '/bad/':
        '<!doctype html><html lang="en"><head><title>x</title></head><body><p><div>block in p</div></p><img src="x.png"></body></html>',
    });
    const run = spawnSync(
      join(root, 'node_modules/.bin/html-validate'),
      ['--config', join(root, '.htmlvalidate.mjs'), join(dist, 'bad/index.html')],
      { encoding: 'utf8', cwd: root },
    );
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain('bad/index.html');
    expect(run.stdout).toMatch(/wcag\/h37|element-required-attributes|no-implicit-close|close-order/);
  });
});

describe('the reproducibility check', () => {
  test('reports files that differ or exist in one build only', () => {
    const a = new Map([
      ['index.html', '1'],
      ['a.js', '2'],
    ]);
    const b = new Map([
      ['index.html', '1'],
      ['a.js', '3'],
      ['b.js', '4'],
    ]);
    expect(compareTrees(a, b)).toEqual(['a.js: differs between the two builds', 'b.js: only in the second build']);
  });
});

describe('the content lint', () => {
  const lint = (files: Parameters<typeof sources>[0], reg: unknown = registry) => {
    const src = sources(files, reg);
    return lintContent(src, validateContent(src)).map(formatProblem);
  };
  const shared = 'This exact sentence of more than twelve words appears in two different entries of the site.';

  test('a Python block that does not parse', () => {
    expect(
      lint([{ slug: 'a', data: entry(), body: `${BODY}\n\`\`\`python\ndef broken(:\n    pass\n\`\`\`\n` }]),
    ).toContainEqual(expect.stringMatching(/^content\/entries\/a\.mdx:\d+: body: Python code block does not parse: /));
  });

  test('unfinished text', () => {
    expect(lint([{ slug: 'a', data: entry(), body: `${BODY}\nTODO: explain the mechanism.\n` }])).toContainEqual(
      expect.stringMatching(/body: unfinished text: "TODO"/),
    );
  });

  test('the same long sentence in two entries', () => {
    const problems = lint([
      { slug: 'a', data: entry(), body: `${BODY}\n${shared}\n` },
      { slug: 'b', data: entry({ id: 'MEM-002' }), body: `${BODY}\n${shared}\n` },
    ]);
    expect(problems).toContainEqual(expect.stringContaining('also appears in content/entries/b.mdx'));
  });

  test('a related link that is not reciprocated', () => {
    const problems = lint([
      { slug: 'a', data: entry({ related: ['MEM-002'] }) },
      { slug: 'b', data: entry({ id: 'MEM-002' }) },
    ]);
    expect(problems).toContainEqual(
      'content/entries/a.mdx:43: related.0: MEM-001 lists MEM-002 as related, but MEM-002 does not list MEM-001; add it there',
    );
  });

  test('a registry symptom no entry uses', () => {
    const reg = [...registry, { id: 'orphan', label: 'Orphan', category: 'memory', description: 'd', patterns: [] }];
    expect(lint([{ slug: 'a', data: entry() }], reg)).toContainEqual(
      'content/symptoms.yaml: orphan: no entry uses symptom "orphan"; use it in an entry or remove it',
    );
  });
});
