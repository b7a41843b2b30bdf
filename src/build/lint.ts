/**
 * Content checks beyond the schema that need more than one entry's frontmatter:
 * Python blocks parse, and every example log is matched by its entry's patterns.
 */
import { scanBody } from '../lib/content/fences.ts';
import type { Problem } from '../lib/schema/errors.ts';
import type { ContentSources } from './read.ts';
import type { ValidatedContent } from '../lib/content/validate.ts';
import { pythonBlocks } from '../lib/content/code-blocks.ts';
import { checkPython } from './python-check.ts';
import { findUnreciprocated } from '../lib/indexes/related.ts';

/** Words that mark unfinished text. */
const UNFINISHED = /\b(TODO|TBD|FIXME|lorem ipsum|lorem)\b/i;
/** A sentence this long that appears in two entries is templated filler, not content. */
export const SHARED_SENTENCE_WORDS = 12;

/** Every string value in a frontmatter object, recursively. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** Prose sentences of an entry: frontmatter text and the body outside code blocks and tags. */
export function sentences(entry: ValidatedContent['entries'][number]): string[] {
  const { body, file: _f, slug: _s, ...data } = entry;
  const { lines, inFence } = scanBody(body);
  const prose = lines
    .map((line, i) => (inFence[i] ? ' ' : line))
    .join('\n')
    .replace(/<[^>]+>/g, ' ');
  const text = [
    ...strings({
      ...data,
      references: undefined,
      aliases: undefined,
      related: undefined,
      cues: undefined,
      confirm: data.confirm.map((c) => ({ ...c, command: undefined })),
      symptoms: data.symptoms.map((s) => ({ ...s, patterns: undefined })),
    }),
    prose,
  ].join('\n\n');
  return text
    .replace(/`[^`]*`/g, (m) => m.replace(/[.!?]/g, '·'))
    .split(/(?<=[.!?])\s+|\n{2,}/)
    .map((s) => s.replace(/\s+/g, ' ').trim().toLowerCase())
    .filter((s) => s.split(' ').length >= SHARED_SENTENCE_WORDS);
}

export function entryPatterns(entry: ValidatedContent['entries'][number], content: ValidatedContent): RegExp[] {
  const sources = entry.symptoms.flatMap((s) => [
    ...(content.symptoms.find((r) => r.id === s.symptom)?.patterns ?? []),
    ...s.patterns,
  ]);
  return sources.map((p) => new RegExp(p, 'u'));
}

type EntrySources = Map<string, ContentSources['entries'][number]>;

export function lintContent(sources: ContentSources, content: ValidatedContent): Problem[] {
  const bySlug: EntrySources = new Map(sources.entries.map((s) => [s.slug, s]));
  const blocks = content.entries.flatMap((e) => {
    const src = bySlug.get(e.slug)!;
    return pythonBlocks(e, src.bodyLine, src.lineOf);
  });
  return [
    ...checkPython(blocks),
    ...unfinishedText(content, bySlug),
    ...sharedSentences(content),
    ...oneWayRelated(content, bySlug),
    ...unusedSymptoms(sources, content),
    ...uncheckedVersions(content, bySlug),
    ...examplesOutOfReach(content, bySlug),
  ];
}

/** Words that mark text left unfinished, in a body or any frontmatter field. */
function unfinishedText(content: ValidatedContent, bySlug: EntrySources): Problem[] {
  const problems: Problem[] = [];
  for (const entry of content.entries) {
    const src = bySlug.get(entry.slug)!;
    src.body.split('\n').forEach((line, i) => {
      const m = UNFINISHED.exec(line);
      if (m)
        problems.push({
          file: entry.file,
          line: src.bodyLine + i,
          path: 'body',
          message: `unfinished text: "${m[0]}"`,
        });
    });
    for (const value of strings({ ...entry, body: undefined })) {
      const m = UNFINISHED.exec(value);
      if (m)
        problems.push({
          file: entry.file,
          path: 'frontmatter',
          message: `unfinished text: "${m[0]}" in "${value.slice(0, 60)}"`,
        });
    }
  }
  return problems;
}

/** The same long sentence in two entries: templated filler. */
function sharedSentences(content: ValidatedContent): Problem[] {
  const seen = new Map<string, string[]>();
  for (const entry of content.entries)
    for (const sentence of new Set(sentences(entry))) seen.set(sentence, [...(seen.get(sentence) ?? []), entry.file]);
  return [...seen]
    .filter(([, files]) => files.length > 1)
    .map(([sentence, files]) => ({
      file: files[0]!,
      path: '',
      message: `the sentence "${sentence.slice(0, 90)}…" also appears in ${files.slice(1).join(', ')}; write each entry's text for that entry`,
    }));
}

/** Related links go both ways. */
function oneWayRelated(content: ValidatedContent, bySlug: EntrySources): Problem[] {
  return findUnreciprocated(content.entries).map(({ from, to }) => ({
    file: from.file,
    line: bySlug.get(from.slug)!.lineOf(['related', from.related.indexOf(to)]),
    path: `related.${from.related.indexOf(to)}`,
    message: `${from.id} lists ${to} as related, but ${to} does not list ${from.id}; add it there`,
  }));
}

/** Every registry symptom is used by an entry. */
function unusedSymptoms(sources: ContentSources, content: ValidatedContent): Problem[] {
  const used = new Set(content.entries.flatMap((e) => e.symptoms.map((s) => s.symptom)));
  return content.symptoms
    .filter((s) => !used.has(s.id))
    .map((s) => ({
      file: sources.registry.file,
      line: sources.registry.lineOf([content.symptoms.indexOf(s), 'id']),
      path: `${s.id}`,
      message: `no entry uses symptom "${s.id}"; use it in an entry or remove it`,
    }));
}

/** Every published entry says which releases its facts were checked against (src/lib/schema/versions.ts). */
function uncheckedVersions(content: ValidatedContent, bySlug: EntrySources): Problem[] {
  return content.entries
    .filter((entry) => !entry.versions && entry.status === 'published')
    .map((entry) => ({
      file: entry.file,
      line: bySlug.get(entry.slug)!.lineOf(['updated']),
      path: 'versions',
      message:
        'say which releases the facts were checked against: add versions.checkedAgainst (date and releases), and versions.affected where the failure depends on a release',
    }));
}

/**
 * An entry that prints something ships at least two example logs, and its patterns match each
 * hand-written one.
 */
function examplesOutOfReach(content: ValidatedContent, bySlug: EntrySources): Problem[] {
  const problems: Problem[] = [];
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
    // Real logs are the evaluation set (npm run eval:diagnose): the patterns are never made to
    // fit them here. Hand-written logs were written next to the patterns and must match.
    for (const ex of examples.filter((x) => !x.real)) {
      const lines = ex.text.split('\n');
      const hit = patterns.some((re) => (re.source.includes('\\n') ? re.test(ex.text) : lines.some((l) => re.test(l))));
      if (!hit) {
        problems.push({
          file: ex.file,
          path: '',
          message: `no pattern of ${entry.id} (registry symptoms or its own symptoms[].patterns) matches any line of this example`,
        });
      }
    }
  }
  return problems;
}
