/**
 * Parses Python code blocks with the real Python parser (python3 -c 'ast.parse'), all blocks
 * in one interpreter run, and reports each block that does not parse with its entry and line.
 */
import { spawnSync } from 'node:child_process';
import type { Problem } from '../lib/schema/errors.ts';
import type { CodeBlock } from '../lib/content/code-blocks.ts';

const PARSER = `
import ast, json, sys
blocks = json.load(sys.stdin)
out = []
for i, code in enumerate(blocks):
    try:
        ast.parse(code)
    except SyntaxError as e:
        out.append({"i": i, "line": e.lineno or 1, "msg": e.msg})
json.dump(out, sys.stdout)
`;

export function checkPython(blocks: CodeBlock[]): Problem[] {
  if (!blocks.length) return [];
  const run = spawnSync('python3', ['-c', PARSER], {
    input: JSON.stringify(blocks.map((b) => b.code)),
    encoding: 'utf8',
  });
  if (run.error || run.status !== 0) {
    return [
      {
        file: blocks[0]!.file,
        path: '',
        message: `could not run python3 to parse code blocks (${run.error?.message ?? run.stderr.trim()}); install Python 3`,
      },
    ];
  }
  const failures = JSON.parse(run.stdout) as { i: number; line: number; msg: string }[];
  return failures.map((f) => {
    const b = blocks[f.i]!;
    return {
      file: b.file,
      line: b.line + f.line - 1,
      path: 'body',
      message: `Python code block does not parse: ${f.msg}`,
    };
  });
}
