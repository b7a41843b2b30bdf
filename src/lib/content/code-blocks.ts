/**
 * Finds fenced code blocks in an entry body and in confirm commands, with their lines, so
 * that content checks can parse them (Python blocks must at least be valid syntax).
 */
import type { SourceEntry } from './validate.ts';
import { scanBody } from './fences.ts';

export interface CodeBlock {
  file: string;
  /** 1-based line of the first line of code */
  line: number;
  lang: string;
  code: string;
}

function bodyCodeBlocks(file: string, body: string, bodyLine: number): CodeBlock[] {
  return scanBody(body).blocks.map((b) => ({ file, line: bodyLine + b.start, lang: b.lang, code: b.code }));
}

/** Python code of an entry: body blocks tagged python/py, and confirm commands in python. */
export function pythonBlocks(
  entry: SourceEntry,
  bodyLine: number,
  lineOf: (p: (string | number)[]) => number | undefined,
): CodeBlock[] {
  const blocks = bodyCodeBlocks(entry.file, entry.body, bodyLine).filter((b) => b.lang === 'python' || b.lang === 'py');
  entry.confirm.forEach((c, i) => {
    if (c.command && c.lang === 'python')
      blocks.push({
        file: entry.file,
        line: (lineOf(['confirm', i, 'command']) ?? 1) + 1,
        lang: 'python',
        code: c.command,
      });
  });
  return blocks;
}
