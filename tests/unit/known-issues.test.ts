// Known issues: the record's rules, what diagnose does with one, and where the site lists it.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { dump } from 'js-yaml';
import { readKnownIssueFiles } from '../../src/build/read.ts';
import { validateKnownIssues } from '../../src/lib/content/known-issues.ts';
import { EntrySchema } from '../../src/lib/schema/entry.ts';
import { SymptomSchema } from '../../src/lib/schema/symptom.ts';
import type { PackageData } from '../../src/lib/schema/versions.ts';
import type { KnownIssue } from '../../src/lib/schema/known-issue.ts';
import type { Entry } from '../../src/lib/content/validate.ts';
import type { Problem } from '../../src/lib/schema/errors.ts';
import { buildFingerprints } from '../../src/build/fingerprints.ts';
import { compileMatcher, diagnose, triggeredSignals } from '../../src/lib/diagnose/match.ts';
import { versionNoteText } from '../../src/lib/diagnose/shared.ts';
import { buildRedirects } from '../../src/lib/redirects.ts';
import { buildVersionIndex } from '../../src/lib/indexes/versions.ts';
import { buildSiteIndex } from '../../src/lib/indexes/site-index.ts';
import { signatureLines } from '../../src/lib/known-issues.ts';
import { entry as entryFixture, registry } from './fixtures/content.ts';

const packages: PackageData[] = [
  {
    id: 'transformers',
    name: 'Transformers',
    aliases: [],
    releasesUrl: 'https://github.com/huggingface/transformers/releases',
    releases: [{ version: '4.46.0', date: '2024-10-24' }],
  },
];

const LOG = `Traceback (most recent call last):
  File "train.py", line 12, in <module>
    from transformers import EncoderDecoderCache
[rank0]: ImportError: cannot import name 'EncoderDecoderCache' from 'transformers' (/opt/conda/lib/python3.11/site-packages/transformers/__init__.py)`;

function record(overrides: Record<string, unknown> = {}) {
  return {
    id: 'transformers-34263',
    title: 'Transformers 4.46.0 drops EncoderDecoderCache from the top-level package',
    kind: 'regression',
    summary: 'A summary of the record.',
    signature: ['cannot import name .EncoderDecoderCache. from .transformers'],
    versions: {
      affected: [
        {
          package: 'transformers',
          range: '>=4.46.0,<4.46.1',
          introducedIn: '4.46.0',
          fixedIn: '4.46.1',
          change: 'huggingface/transformers#34283',
        },
      ],
      checkedAgainst: { date: '2026-12-01', releases: { transformers: '4.46.1' } },
    },
    fix: 'Upgrade transformers to 4.46.1 or later.',
    workaround: 'Pin `transformers==4.45.2`.',
    upstream: {
      issue: { url: 'https://github.com/huggingface/transformers/issues/34263', title: 'Issue title' },
      fix: { url: 'https://github.com/huggingface/transformers/pull/34283', title: 'Fix title' },
    },
    logs: [
      {
        source: 'https://github.com/huggingface/transformers/issues/34263',
        title: 'Issue title',
        versions: { transformers: '4.46.0' },
        text: LOG,
      },
    ],
    updated: '2026-12-01',
    ...overrides,
  };
}

/** Writes the records as files and runs the real reader and validation over them. */
function check(
  records: Record<string, unknown>[] | string[],
  entrySlugs = ['missing-pad-token'],
): { problems: Problem[]; knownIssues: KnownIssue[] } {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-ki-'));
  const problems: Problem[] = [];
  let files: ReturnType<typeof readKnownIssueFiles>;
  try {
    records.forEach((r, i) => writeFileSync(join(dir, `record-${i}.yaml`), typeof r === 'string' ? r : dump(r)));
    files = readKnownIssueFiles(dir, dir, problems);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const out = validateKnownIssues(files, {
    packages,
    packagesFile: 'content/packages.yaml',
    entrySlugs: new Set(entrySlugs),
  });
  return { problems: [...problems, ...out.problems], knownIssues: out.knownIssues };
}

const messages = (problems: Problem[]) => problems.map((p) => `${p.path}: ${p.message}`).join('\n');

describe('a known-issue record', () => {
  test('a complete record passes', () => {
    const { problems, knownIssues } = check([record({ entry: 'missing-pad-token' })]);
    expect(problems).toEqual([]);
    expect(knownIssues.map((k) => [k.id, k.slug])).toEqual([['transformers-34263', 'record-0']]);
  });

  test.each([
    [{ id: 'transformers-1' }, 'id', 'transformers-34263'],
    [{ entry: 'missing-pad-tokn' }, 'entry', 'did you mean "missing-pad-token"'],
    [{ signature: ['EncoderDecoderCache was removed'] }, 'signature.0', "matches no line of the record's logs"],
    [{ signature: ['EncoderDecoderCach'] }, 'signature.0', 'starts or ends inside a word'],
    [{ signature: ['line \\n ImportError'] }, 'signature.0', 'matches one line'],
    [
      {
        upstream: {
          issue: { url: 'http://github.com/x/y/issues/1', title: 't' },
          fix: { url: 'https://github.com/x/y/pull/2', title: 't' },
        },
      },
      'upstream.issue.url',
      'https://',
    ],
    [{ logs: [] }, 'logs', 'at least one real log'],
  ])('%j is refused at %s', (override, path, message) => {
    const { problems } = check([record(override)]);
    expect(problems.map((p) => p.path)).toContain(path);
    expect(messages(problems)).toContain(message);
  });

  test('the release that fixed it is required, and packages come from the registry', () => {
    const unfixed = record({
      versions: {
        affected: [{ package: 'transformers', range: '>=4.46.0' }],
        checkedAgainst: { date: '2026-12-01', releases: { transformers: '4.46.0' } },
      },
    });
    expect(messages(check([unfixed]).problems)).toContain('name the release that fixed it');
    const unknown = record({
      versions: {
        affected: [{ package: 'jax', range: '<0.5', fixedIn: '0.5.0' }],
        checkedAgainst: { date: '2026-12-01', releases: { jax: '0.5.0' } },
      },
    });
    expect(messages(check([unknown]).problems)).toContain('unknown package "jax"');
  });

  test('every log shows a line the signature matches', () => {
    const { problems } = check([
      record({
        logs: [
          ...record().logs,
          {
            source: 'https://github.com/x/y/issues/2',
            title: 't',
            text: 'Traceback (most recent call last):\n  File "a.py", line 1',
          },
        ],
      }),
    ]);
    expect(problems.map((p) => p.path)).toEqual(['logs.1.text']);
  });

  test('two records of one upstream issue are refused, naming the other file', () => {
    const { problems } = check([record(), record()]);
    expect(problems.filter((p) => p.path === 'id').map((p) => p.message)).toEqual([
      expect.stringContaining('record-1.yaml'),
      expect.stringContaining('record-0.yaml'),
    ]);
  });

  test('a file that is not YAML is reported with its line', () => {
    const { problems } = check(['id: transformers-34263\ntitle: a: b: c\n']);
    expect(problems).toEqual([
      expect.objectContaining({ file: 'record-0.yaml', line: 2, message: expect.stringContaining('not valid YAML') }),
    ]);
  });

  test('the lines a page shows are the ones the signature matches, without launcher prefixes', () => {
    const [k] = check([record()]).knownIssues;
    expect(signatureLines(k!)).toEqual([
      expect.stringMatching(/^ImportError: cannot import name 'EncoderDecoderCache'/),
    ]);
  });
});

describe('diagnose with known issues', () => {
  const symptoms = [
    ...registry,
    {
      id: 'import-error',
      label: 'ImportError',
      category: 'configuration',
      description: 'An import fails.',
      patterns: ['ImportError: cannot import name'],
    },
  ].map((s) => SymptomSchema.parse(s));
  const generic: Entry = {
    ...EntrySchema.parse(
      entryFixture({
        id: 'ENV-005',
        category: 'environment',
        symptoms: [
          { symptom: 'import-error', wording: 'w', why: 'y' },
          { symptom: 'loss-nan', wording: 'w', why: 'y' },
          { symptom: 'training-hang', wording: 'w', why: 'y' },
        ],
      }),
    ),
    slug: 'transformers-too-old',
    file: 'content/entries/transformers-too-old.mdx',
  };
  const matcherWith = (issues: KnownIssue[]) =>
    compileMatcher(buildFingerprints([generic], symptoms, new Map(), triggeredSignals, packages, issues));

  test('a record whose signature fires on the line an entry matched ranks above that entry', () => {
    const [k] = check([record()]).knownIssues;
    const before = diagnose(LOG, matcherWith([])).candidates.map((c) => c.id);
    expect(before).toEqual(['ENV-005']);
    const after = diagnose(LOG, matcherWith([k!])).candidates;
    expect(after.map((c) => [c.id, c.kind])).toEqual([
      ['transformers-34263', 'known-issue'],
      ['ENV-005', undefined],
    ]);
  });

  test('with the version in the log it says so, and names the release that fixed it', () => {
    const [k] = check([record()]).knownIssues;
    const inRange = diagnose(`transformers==4.46.0\n${LOG}`, matcherWith([k!])).candidates[0]!;
    expect(inRange.id).toBe('transformers-34263');
    expect(inRange.versions!.map(versionNoteText)).toEqual([
      'your transformers 4.46.0 is in the affected range >=4.46.0,<4.46.1; fixed in 4.46.1',
    ]);
  });

  test('a version outside its range lowers the record under the entry', () => {
    const [k] = check([record()]).knownIssues;
    const ids = diagnose(`transformers==4.47.0\n${LOG}`, matcherWith([k!])).candidates.map((c) => c.id);
    expect(ids).toEqual(['ENV-005', 'transformers-34263']);
  });

  test('records leave the weights of the entries’ signals as they were', () => {
    const [k] = check([record()]).knownIssues;
    const weights = (issues: KnownIssue[]) =>
      buildFingerprints([generic], symptoms, new Map(), triggeredSignals, packages, issues)
        .signals.filter((s) => s.origin !== 'known-issue')
        .map((s) => s.weight);
    expect(weights([k!])).toEqual(weights([]));
  });
});

describe('a withdrawn record', () => {
  const withdrawn = () =>
    check([record({ withdrawn: { date: '2026-12-02', reason: 'The fix release was wrong.' } })]).knownIssues[0]!;

  test('keeps its page and short link, and leaves the lists and the upgrade pages', () => {
    const k = withdrawn();
    const site = buildSiteIndex([], [], packages, [k]);
    expect(site.allKnownIssues.map((x) => x.id)).toEqual(['transformers-34263']);
    expect(site.knownIssues).toEqual([]);
    expect(site.versions[0]!.knownIssues).toEqual([]);
    expect(buildRedirects([], new Set(), site.allKnownIssues).map((r) => r.from)).toContain('/k/transformers-34263/');
  });

  test('a withdrawal names its day and reason', () => {
    expect(messages(check([record({ withdrawn: { date: '2026-12-02' } })]).problems)).toContain('withdrawn.reason');
  });
});

describe('where the site lists a record', () => {
  test('its short link redirects to its page, and /k/ to the list', () => {
    const [k] = check([record()]).knownIssues;
    const redirects = buildRedirects([], new Set(), [k!]).filter((r) => r.from.startsWith('/k/'));
    expect(redirects.map((r) => [r.from, r.to])).toEqual([
      ['/k/', '/known-issues/'],
      ['/k/transformers-34263/', '/known-issues/record-0/'],
    ]);
  });

  test('the upgrade guide puts it at the release that fixed it', () => {
    const [k] = check([record()]).knownIssues;
    const [pv] = buildVersionIndex([], packages, [k!]);
    expect(pv!.knownIssues.map((x) => x.issue.id)).toEqual(['transformers-34263']);
    expect(pv!.boundaries.map((b) => [b.version, b.introducedIssues.length, b.fixedIssues.length])).toEqual([
      ['4.46.0', 1, 0],
      ['4.46.1', 0, 1],
    ]);
  });
});
