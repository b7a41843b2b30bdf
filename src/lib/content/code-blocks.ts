/**
 * Finds fenced code blocks in an entry body and in confirm commands, with their lines, so
 * that content checks can parse them (Python blocks must at least be valid syntax).
 */
import type { SourceEntry } from './validate.ts';

export interface CodeBlock {
  file: string;
  /** 1-based line of the first line of code */
  line: number;
  lang: string;
  code: string;
}

function bodyCodeBlocks(file: string, body: string, bodyLine: number): CodeBlock[] {
  const out: CodeBlock[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const start = i + 1;
    let j = start;
    while (j < lines.length && !new RegExp(`^\\s*${fence![0] === '`' ? '`' : '~'}{${fence!.length},}\\s*$`).test(lines[j]!)) j++;
    const code = lines
      .slice(start, j)
      .map((l) => (l.startsWith(indent!) ? l.slice(indent!.length) : l))
      .join('\n');
    out.push({ file, line: bodyLine + start, lang: (lang || 'text').toLowerCase(), code });
    i = j;
  }
  return out;
}

/** Python code of an entry: body blocks tagged python/py, and confirm commands in python. */
export function pythonBlocks(entry: SourceEntry, bodyLine: number, lineOf: (p: (string | number)[]) => number | undefined): CodeBlock[] {
  const blocks = bodyCodeBlocks(entry.file, entry.body, bodyLine).filter((b) => b.lang === 'python' || b.lang === 'py');
  entry.confirm.forEach((c, i) => {
    if (c.command && c.lang === 'python') blocks.push({ file: entry.file, line: (lineOf(['confirm', i, 'command']) ?? 1) + 1, lang: 'python', code: c.command });
  });
  return blocks;
}
