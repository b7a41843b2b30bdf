// The bad-entry corpus: every file in tests/fixtures/bad-entries/ is one malformed entry with
// its expected problem in a header comment (`field:` and `expect:`). Each is validated next to
// two good entries and must be reported with its own file, the field and the expected text.
// New fixtures need no code: drop a file in the folder.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readContent } from '../../src/build/read.ts';
import { validateContent } from '../../src/lib/content/validate.ts';
import { formatProblem } from '../../src/lib/schema/errors.ts';
import { MAX_ENTRY_BYTES } from '../../src/lib/schema/body.ts';

const dir = new URL('../fixtures/bad-entries/', import.meta.url).pathname;
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.mdx'))
  .sort();
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** A content folder of the good base entries and the fixtures' registry, removed after the tests. */
function baseContent(): string {
  const root = mkdtempSync(join(tmpdir(), 'fl-bad-'));
  temps.push(root);
  mkdirSync(join(root, 'content/entries'), { recursive: true });
  for (const base of readdirSync(join(dir, 'base')))
    copyFileSync(join(dir, 'base', base), join(root, 'content/entries', base));
  copyFileSync(join(dir, 'symptoms.yaml'), join(root, 'content/symptoms.yaml'));
  return root;
}

function validateWith(fixture: string) {
  const root = baseContent();
  copyFileSync(join(dir, fixture), join(root, 'content/entries', fixture));
  return validateContent(readContent(root)).problems;
}

describe('every bad entry is reported with its file and field', () => {
  test('the corpus has at least 20 fixtures', () => expect(fixtures.length).toBeGreaterThanOrEqual(20));

  for (const fixture of fixtures) {
    test(fixture, () => {
      const text = readFileSync(join(dir, fixture), 'utf8');
      const field = /field: ?(.*?)(?: \*\/\})?$/m.exec(text)?.[1]?.trim() ?? '';
      const expected = /expect: (.*?)(?: \*\/\})?$/m.exec(text)?.[1]?.trim();
      expect(expected, `${fixture} has no "expect:" line`).toBeTruthy();
      const problems = validateWith(fixture).filter((p) => p.severity !== 'warning');
      const own = problems.filter((p) => p.file === `content/entries/${fixture}`);
      const match = own.find(
        (p) => p.message.includes(expected!) && (field === '' || p.path === field || p.path.startsWith(`${field}.`)),
      );
      expect(
        match,
        `no problem for ${fixture} names field "${field}" with "${expected}"; got:\n${problems.map(formatProblem).join('\n')}`,
      ).toBeDefined();
    });
  }

  test('an entry file over the size limit is reported unread, with its size and the limit', () => {
    const root = baseContent();
    const entry = readFileSync(join(dir, 'base', 'second-base.mdx'), 'utf8').replace(/^id: .*$/m, 'id: MEM-011');
    writeFileSync(
      join(root, 'content/entries/huge-entry.mdx'),
      `${entry}\n${'Mechanism, explained at length. '.repeat(160_000)}\n`,
    );
    const problems = validateContent(readContent(root)).problems.filter(
      (p) => p.file === 'content/entries/huge-entry.mdx',
    );
    expect(problems.map(formatProblem)).toEqual([
      `content/entries/huge-entry.mdx:1: the file is 4.9 MiB; an entry file may be at most ${MAX_ENTRY_BYTES / 1024} KiB (src/lib/schema/body.ts): keep long logs in content/examples/huge-entry/ and the body to the mechanism and the fix`,
    ]);
  });

  test('the good base entries alone are valid', () => {
    const root = baseContent();
    expect(validateContent(readContent(root)).problems.filter((p) => p.severity !== 'warning')).toEqual([]);
  });
});
