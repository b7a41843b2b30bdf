/**
 * npm run check:content: validates every entry, the symptom registry and the example logs
 * without building the site. One line per problem, `file:line: field: message`; under CI it
 * also prints GitHub annotations. Exit code 1 when anything is wrong.
 */
import { readContent } from '../src/lib/content/read.ts';
import { validateContent } from '../src/lib/content/validate.ts';
import { lintContent } from '../src/lib/content/lint.ts';
import { formatProblem } from '../src/lib/schema/errors.ts';

const root = process.argv[2] ?? process.cwd();
const started = performance.now();
const sources = readContent(root);
const content = validateContent(sources);
// the lint runs over every entry that passed the schema, even when others did not
const problems = [...content.problems, ...lintContent(sources, content)];

for (const p of problems) {
  console.log(formatProblem(p));
  if (process.env.CI === 'true' || process.env.GITHUB_ACTIONS) {
    const kind = p.severity === 'warning' ? 'warning' : 'error';
    console.log(`::${kind} file=${p.file}${p.line ? `,line=${p.line}` : ''},title=${p.path || 'content'}::${p.message.replace(/\n/g, '%0A')}`);
  }
}
const errors = problems.filter((p) => p.severity !== 'warning').length;
const ms = Math.round(performance.now() - started);
console.log(
  errors
    ? `check:content: ${errors} problem${errors === 1 ? '' : 's'} in ${sources.entries.length} entries (${ms} ms)`
    : `check:content: ${sources.entries.length} entries, ${content.symptoms.length} symptoms, ${[...content.examples.values()].flat().length} example logs, ${content.knownIssues.length} known issues: all valid (${ms} ms)`,
);
// exitCode, not exit(): a piped stdout still has lines to write
process.exitCode = errors ? 1 : 0;
