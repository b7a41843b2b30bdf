/**
 * npm run check:content: validates every entry, the symptom registry and the example logs
 * without building the site. One line per problem, `file:line: field: message`; under CI it
 * also prints GitHub annotations. Exit code 1 when anything is wrong.
 */
import { readContent } from '../src/build/read.ts';
import { validateContent } from '../src/lib/content/validate.ts';
import { lintContent } from '../src/build/lint.ts';
import { formatProblem } from '../src/lib/schema/errors.ts';
import { isMain, processIO, type ToolIO } from './io.ts';

/** Checks the content of `root` and returns the exit code. */
export function checkContent(root: string, io: ToolIO): number {
  const started = performance.now();
  const sources = readContent(root);
  const content = validateContent(sources);
  // the lint runs over every entry that passed the schema, even when others did not
  const problems = [...content.problems, ...lintContent(sources, content)];
  const annotate = io.env.CI === 'true' || Boolean(io.env.GITHUB_ACTIONS);
  for (const p of problems) {
    io.out(`${formatProblem(p)}\n`);
    if (annotate) {
      const kind = p.severity === 'warning' ? 'warning' : 'error';
      io.out(
        `::${kind} file=${p.file}${p.line ? `,line=${p.line}` : ''},title=${p.path || 'content'}::${p.message.replace(/\n/g, '%0A')}\n`,
      );
    }
  }
  const errors = problems.filter((p) => p.severity !== 'warning').length;
  const ms = Math.round(performance.now() - started);
  io.out(
    errors
      ? `check:content: ${errors} problem${errors === 1 ? '' : 's'} in ${sources.entries.length} entries (${ms} ms)\n`
      : `check:content: ${sources.entries.length} entries, ${content.symptoms.length} symptoms, ${[...content.examples.values()].flat().length} example logs, ${content.knownIssues.length} known issues: all valid (${ms} ms)\n`,
  );
  return errors ? 1 : 0;
}

// exitCode, not exit(): a piped stdout still has lines to write
if (isMain(import.meta.url)) process.exitCode = checkContent(process.argv[2] ?? process.cwd(), processIO());
