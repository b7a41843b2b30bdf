/**
 * npm run check:known-issues -- <folder>…: validates candidate known-issue records in a folder
 * outside content/ (the review step of docs/known-issues.md) against the project's packages
 * and entries, and against the records already in content/known-issues/. With no folder it
 * checks content/known-issues/. One line per problem, `file:line: field: message`; exit code 1
 * when anything is wrong.
 */
import { basename, resolve } from 'node:path';
import { readContent, readKnownIssueFiles } from '../src/build/read.ts';
import { validateContent } from '../src/lib/content/validate.ts';
import { validateKnownIssues } from '../src/lib/content/known-issues.ts';
import { formatProblem, type Problem } from '../src/lib/schema/errors.ts';

const root = process.cwd();
const content = validateContent(readContent(root));
const folders = process.argv.slice(2);
const problems: Problem[] = [];
let count = content.knownIssues.length;
if (folders.length) {
  const files = folders.flatMap((f) => readKnownIssueFiles(root, resolve(f), problems));
  const checked = validateKnownIssues(files, {
    packages: content.packages,
    packagesFile: 'content/packages.yaml',
    entrySlugs: new Set(content.entries.filter((e) => e.status === 'published').map((e) => e.slug)),
  });
  problems.push(...checked.problems);
  const taken = new Map(content.knownIssues.map((k) => [k.id, k.file]));
  for (const k of checked.knownIssues) {
    const owner = taken.get(k.id);
    // the same file name in content/ is this record, copied in for review
    if (owner && basename(owner) !== basename(k.file))
      problems.push({
        file: k.file,
        line: 1,
        path: 'id',
        message: `id ${k.id} is already the record ${owner}; one record per upstream issue`,
      });
  }
  count = files.length;
} else problems.push(...content.problems.filter((p) => p.file.startsWith('content/known-issues/')));

for (const p of problems) console.log(formatProblem(p));
const errors = problems.filter((p) => p.severity !== 'warning').length;
const records = `${count} record${count === 1 ? '' : 's'}`;
console.log(
  errors
    ? `check:known-issues: ${errors} problem${errors === 1 ? '' : 's'} in ${records}`
    : `check:known-issues: ${records}: all valid`,
);
process.exitCode = errors ? 1 : 0;
