/**
 * The references the cold-build target was set against, built from the same synthetic corpus
 * on the same machine, each right after each of Faultline's builds (`npm run bench --
 * --reference minimal --reference starlight`). The pipeline issue's figures for them were taken
 * on another day, and this machine's pace moves a build by a fifth or more from one hour to the
 * next, so the ratio of builds run one after the other says more than any wall time alone.
 *
 * Both are installed from the npm registry into one folder under the system's temporary
 * folder, once per set of versions, and never become this project's dependencies:
 *
 * - `minimal`: an Astro site with a template for each kind of page. The entries are an Astro content
 *   collection (the glob loader, @astrojs/mdx), one page per entry renders its title, summary
 *   and body, and `<Tabs>` and `<Tab>` are two one-line components; the known-issue records the
 *   corpus carries are a collection of their YAML files, one page per record rendering its
 *   title, summary, fix and workaround. This project's Pagefind indexes it afterwards, as
 *   Faultline's build does.
 * - `starlight`: a new Starlight project with its defaults (the sidebar generated from the
 *   folders, one per category; Expressive Code; Pagefind over every page inside `astro
 *   build`). Each entry becomes one page with the words Faultline's entry page renders from it:
 *   the frontmatter's symptoms, causes, fixes, checks, prevention, FAQ and references as
 *   Markdown sections, the body with its tabs as Starlight's own, and the example logs as code
 *   blocks. Each known-issue record becomes a page with its summary, fix, workaround, upstream
 *   threads and logs.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { load } from 'js-yaml';
import { parseEntrySource } from '../../src/build/read.ts';
import type { Problem } from '../../src/lib/schema/errors.ts';

/** The Starlight release measured; any release that supports this project's Astro will do. */
export const STARLIGHT_VERSION = '0.42.4';

export const REFERENCES = ['minimal', 'starlight'] as const;
export type Reference = (typeof REFERENCES)[number];

export const REFERENCE_LABELS: Record<Reference, string> = {
  minimal: 'a minimal Astro site (a template for entries and one for records, @astrojs/mdx; Pagefind after it)',
  starlight: `Starlight ${STARLIGHT_VERSION} (its defaults; Pagefind inside its build)`,
};

/**
 * The folder both references are installed in, on this project's Astro and Vite, with their
 * dependencies (installed the first time, reused after). Throws, naming the command, when
 * the npm registry cannot be reached.
 */
export function referencesInstall(root: string): string {
  const version = (pkg: string) =>
    (JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const astro = version('astro');
  // the Vite this project pins (README), so that the references build with the bundler that
  // Faultline's build uses
  const vite = version('vite');
  const dir = join(tmpdir(), `faultline-bench-references-astro-${astro}-vite-${vite}-starlight-${STARLIGHT_VERSION}`);
  if (!existsSync(join(dir, 'node_modules/@astrojs/starlight/package.json'))) {
    mkdirSync(dir, { recursive: true });
    // @astrojs/mdx comes with Starlight, at the version it asks for; the minimal site is
    // indexed by this project's own Pagefind
    const manifest = {
      name: 'faultline-bench-references',
      private: true,
      type: 'module',
      dependencies: { astro, '@astrojs/starlight': STARLIGHT_VERSION },
      overrides: { vite },
    };
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const args = ['install', '--no-fund', '--no-audit'];
    console.log(`bench: installing the reference sites (Astro ${astro}, Starlight ${STARLIGHT_VERSION}) into ${dir}`);
    try {
      execFileSync('npm', args, { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
    } catch (error) {
      throw new Error(
        `bench --reference: \`npm ${args.join(' ')}\` in ${dir} failed (${(error as Error).message}); it needs the npm registry. Run it by hand, or leave out --reference`,
        { cause: error },
      );
    }
  }
  return dir;
}

const write = (file: string, text: string) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};

/**
 * Writes the project of `reference` with the corpus in `corpusDir` (as generateCorpus writes
 * it) into `install`/`reference`, and returns the project folder and the URL path of the page
 * made from `entrySlug`. The project's cache folder comes from REFERENCE_BENCH_CACHE, so that
 * every build can start from an empty one.
 */
export function writeReference(
  reference: Reference,
  install: string,
  corpusDir: string,
  entrySlug: string,
): { project: string; entryPath: string } {
  const project = join(install, reference);
  rmSync(project, { recursive: true, force: true });
  const slugs = readdirSync(join(corpusDir, 'entries'))
    .sort()
    .map((f) => f.replace(/\.mdx$/, ''));
  if (!slugs.includes(entrySlug))
    throw new Error(`bench --reference: the corpus in ${corpusDir} has no entry ${entrySlug}`);
  if (reference === 'minimal') {
    write(
      join(project, 'astro.config.mjs'),
      "import mdx from '@astrojs/mdx';\n\nexport default { integrations: [mdx()], cacheDir: process.env.REFERENCE_BENCH_CACHE };\n",
    );
    write(
      join(project, 'src/content.config.ts'),
      [
        "import { defineCollection } from 'astro:content';",
        "import { glob } from 'astro/loaders';",
        '',
        'export const collections = {',
        "  entries: defineCollection({ loader: glob({ pattern: '*.mdx', base: './src/content/entries' }) }),",
        "  records: defineCollection({ loader: glob({ pattern: '*.yaml', base: './src/content/records' }) }),",
        '};',
        '',
      ].join('\n'),
    );
    write(join(project, 'src/components/Tabs.astro'), '<div class="tabs"><slot /></div>\n');
    write(
      join(project, 'src/components/Tab.astro'),
      '---\nconst { label } = Astro.props;\n---\n<section><h3>{label}</h3><slot /></section>\n',
    );
    write(
      join(project, 'src/pages/entries/[slug].astro'),
      [
        '---',
        "import { getCollection, render } from 'astro:content';",
        "import Tabs from '../../components/Tabs.astro';",
        "import Tab from '../../components/Tab.astro';",
        '',
        'export async function getStaticPaths() {',
        "  const entries = await getCollection('entries');",
        '  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));',
        '}',
        'const { entry } = Astro.props;',
        'const { Content } = await render(entry);',
        '---',
        '<html lang="en">',
        '  <head><meta charset="utf-8" /><title>{entry.data.title}</title></head>',
        '  <body>',
        '    <main data-pagefind-body>',
        '      <h1>{entry.data.title}</h1>',
        '      <p>{entry.data.summary}</p>',
        '      <Content components={{ Tabs, Tab }} />',
        '    </main>',
        '  </body>',
        '</html>',
        '',
      ].join('\n'),
    );
    write(
      join(project, 'src/pages/known-issues/[slug].astro'),
      [
        '---',
        "import { getCollection } from 'astro:content';",
        '',
        'export async function getStaticPaths() {',
        "  const records = await getCollection('records');",
        '  return records.map((record) => ({ params: { slug: record.id }, props: { record } }));',
        '}',
        'const { data } = Astro.props.record;',
        '---',
        '<html lang="en">',
        '  <head><meta charset="utf-8" /><title>{data.title}</title></head>',
        '  <body>',
        '    <main data-pagefind-body>',
        '      <h1>{data.title}</h1>',
        '      <p>{data.summary}</p>',
        '      <p>{data.fix}</p>',
        '      <p>{data.workaround}</p>',
        '    </main>',
        '  </body>',
        '</html>',
        '',
      ].join('\n'),
    );
    mkdirSync(join(project, 'src/content/entries'), { recursive: true });
    for (const slug of slugs)
      copyFileSync(join(corpusDir, 'entries', `${slug}.mdx`), join(project, 'src/content/entries', `${slug}.mdx`));
    mkdirSync(join(project, 'src/content/records'), { recursive: true });
    for (const file of recordFiles(corpusDir))
      copyFileSync(join(corpusDir, 'known-issues', file), join(project, 'src/content/records', file));
    return { project, entryPath: `/entries/${entrySlug}/` };
  }
  write(
    join(project, 'astro.config.mjs'),
    "import starlight from '@astrojs/starlight';\n\nexport default { integrations: [starlight({ title: 'Faultline on Starlight' })], cacheDir: process.env.REFERENCE_BENCH_CACHE };\n",
  );
  write(
    join(project, 'src/content.config.ts'),
    "import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\nimport { docsSchema } from '@astrojs/starlight/schema';\n\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n",
  );
  const docs = join(project, 'src/content/docs');
  write(
    join(docs, 'index.mdx'),
    '---\ntitle: Faultline on Starlight\ndescription: The benchmark corpus, built by Starlight.\n---\n\nThe entries are in the sidebar.\n',
  );
  let entryPath = '';
  for (const slug of slugs) {
    const logsDir = join(corpusDir, 'examples', slug);
    const logs = existsSync(logsDir)
      ? readdirSync(logsDir)
          .sort()
          .map((f) => readFileSync(join(logsDir, f), 'utf8'))
      : [];
    const { category, page } = starlightPage(readFileSync(join(corpusDir, 'entries', `${slug}.mdx`), 'utf8'), logs);
    write(join(docs, category, `${slug}.mdx`), page);
    if (slug === entrySlug) entryPath = `/${category}/${slug}/`;
  }
  for (const file of recordFiles(corpusDir))
    write(
      join(docs, 'known-issues', file.replace(/\.yaml$/, '.md')),
      starlightRecordPage(readFileSync(join(corpusDir, 'known-issues', file), 'utf8')),
    );
  return { project, entryPath };
}

/** The known-issue records of a corpus (its known-issues/*.yaml), in order; none when it has no such folder. */
function recordFiles(corpusDir: string): string[] {
  const dir = join(corpusDir, 'known-issues');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .sort()
    : [];
}

interface CorpusRecord {
  title: string;
  summary: string;
  fix: string;
  workaround?: string;
  upstream: { issue?: { url: string; title: string }; fix?: { url: string; title: string } };
  logs: { text: string }[];
}

/** One known-issue record of the corpus as a Starlight page: the words its Faultline page shows. */
export function starlightRecordPage(yaml: string): string {
  const r = load(yaml) as CorpusRecord;
  const links = [r.upstream.issue, r.upstream.fix].flatMap((l) => (l ? [`- [${l.title}](${l.url})`] : []));
  return [
    '---',
    `title: ${JSON.stringify(r.title)}`,
    `description: ${JSON.stringify(r.summary)}`,
    '---',
    '',
    r.summary,
    '',
    '## Fix',
    '',
    r.fix,
    '',
    ...(r.workaround ? ['## Workaround', '', r.workaround, ''] : []),
    '## Upstream',
    '',
    ...links,
    '',
    '## Logs',
    '',
    ...r.logs.flatMap((l) => ['```text', l.text.trimEnd(), '```', '']),
  ].join('\n');
}

interface CorpusEntry {
  title: string;
  summary: string;
  category: string;
  symptoms: { symptom: string; wording: string; why: string; tellApart: string }[];
  rootCauses: { title: string; detail: string }[];
  fixes: { title: string; summary: string }[];
  confirm: { step: string; command: string; expect: string }[];
  prevention: string[];
  affects: string[];
  faq: { q: string; a: string }[];
  references: { title: string; url: string }[];
}

/** One corpus entry (its MDX file and example logs) as a Starlight page. */
export function starlightPage(mdx: string, logs: string[]): { category: string; page: string } {
  // read as the site reads an entry file
  const problems: Problem[] = [];
  const source = parseEntrySource('entry.mdx', 'entry.mdx', mdx, problems);
  if (problems.length)
    throw new Error(
      `bench --reference starlight: a corpus entry cannot be read: ${problems.map((p) => p.message).join('; ')}`,
    );
  const e = source.data as CorpusEntry;
  const body = source.body.replace(/<Tab label=/g, '<TabItem label=').replace(/<\/Tab>/g, '</TabItem>');
  const link = (url: string) => (/^https?:/.test(url) ? url : `https://github.com/${url.replace('#', '/issues/')}`);
  const page = [
    '---',
    `title: ${JSON.stringify(e.title)}`,
    `description: ${JSON.stringify(e.summary)}`,
    '---',
    '',
    "import { Tabs, TabItem } from '@astrojs/starlight/components';",
    '',
    e.summary,
    '',
    '## Symptoms',
    '',
    ...e.symptoms.flatMap((s) => [
      `### ${s.symptom}`,
      '',
      s.wording,
      '',
      s.why,
      '',
      `**Telling it apart:** ${s.tellApart}`,
      '',
    ]),
    '## Root causes',
    '',
    ...e.rootCauses.flatMap((c) => [`### ${c.title}`, '', c.detail, '']),
    '## Fixes',
    '',
    ...e.fixes.flatMap((f) => [`### ${f.title}`, '', f.summary, '']),
    body.trim(),
    '',
    '## Confirm it',
    '',
    ...e.confirm.flatMap((c) => [c.step, '', '```sh', c.command, '```', '', c.expect, '']),
    '## Example logs',
    '',
    ...logs.flatMap((l) => ['```text', l.trimEnd(), '```', '']),
    '## Prevention',
    '',
    ...e.prevention.map((p) => `- ${p}`),
    '',
    '## Affects',
    '',
    ...e.affects.map((a) => `- ${a}`),
    '',
    '## FAQ',
    '',
    ...e.faq.flatMap((f) => [`### ${f.q}`, '', f.a, '']),
    '## References',
    '',
    ...e.references.map((r) => `- [${r.title}](${link(r.url)})`),
    '',
  ].join('\n');
  return { category: e.category, page };
}
