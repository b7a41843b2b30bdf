/**
 * Content checks beyond the schema that need more than one entry's frontmatter:
 * Python blocks parse, and every example log is matched by its entry's patterns.
 */
import type { Problem } from '../schema/errors.ts';
import type { ContentSources } from './read.ts';
import type { ValidatedContent } from './validate.ts';
import { pythonBlocks } from './code-blocks.ts';
import { checkPython } from './python-check.ts';

export function entryPatterns(entry: ValidatedContent['entries'][number], content: ValidatedContent): RegExp[] {
  const sources = entry.symptoms.flatMap((s) => [
    ...(content.symptoms.find((r) => r.id === s.symptom)?.patterns ?? []),
    ...s.patterns,
  ]);
  return sources.map((p) => new RegExp(p, 'u'));
}

export function lintContent(sources: ContentSources, content: ValidatedContent): Problem[] {
  const problems: Problem[] = [];
  const bySlug = new Map(sources.entries.map((s) => [s.slug, s]));
  const blocks = content.entries.flatMap((e) => {
    const src = bySlug.get(e.slug)!;
    return pythonBlocks(e, src.bodyLine, src.lineOf);
  });
  problems.push(...checkPython(blocks));

  for (const entry of content.entries) {
    const examples = content.examples.get(entry.slug) ?? [];
    const patterns = entryPatterns(entry, content);
    if (entry.fingerprint && patterns.length && examples.length < 2) {
      problems.push({
        file: entry.file,
        line: bySlug.get(entry.slug)!.lineOf(['fingerprint']),
        path: 'fingerprint',
        message: `an entry that prints something ships at least two example logs in content/examples/${entry.slug}/ (found ${examples.length})`,
      });
    }
    for (const ex of examples) {
      const lines = ex.text.split('\n');
      const text = ex.text;
      const hit = patterns.some((re) => (re.source.includes('\\n') ? re.test(text) : lines.some((l) => re.test(l))));
      if (!hit) {
        problems.push({ file: ex.file, path: '', message: `no pattern of ${entry.id} (registry symptoms or its own symptoms[].patterns) matches any line of this example` });
      }
    }
  }
  return problems;
}
