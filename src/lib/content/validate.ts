/**
 * Validation of the whole content set: every entry through the schema, then the rules that
 * span entries. It collects every problem in every file before reporting, because an author
 * fixing a pull request wants the full list, not one error per build.
 */
import { EntrySchema, type EntryData } from '../schema/entry.ts';
import { SymptomSchema, type SymptomData } from '../schema/symptom.ts';
import { categoryById, CATEGORIES } from '../schema/vocabulary.ts';
import {
  formatProblem,
  issueProblems,
  notAMapping,
  show,
  unknownValueMessage,
  type Problem,
} from '../schema/errors.ts';
import type { ContentSources, EntrySource } from '../../build/read.ts';
import { compareIds, compareText } from '../order.ts';
import { checkBody as checkBodyComponents } from './body.ts';
import { LogSourcesSchema, type ExampleLog } from '../schema/sources.ts';
import { PackageRegistrySchema, type PackageData } from '../schema/versions.ts';
import { checkVersions } from './versions.ts';
import { realOf, type SourceFile } from '../../build/read.ts';
import { checkBodyHtml } from './html.ts';
import { scanBody } from './fences.ts';
import { SLUG_PATTERN } from '../schema/patterns.ts';
import { validateKnownIssues } from './known-issues.ts';
import { prefilterOf } from '../diagnose/tokens.ts';
import type { KnownIssue } from '../schema/known-issue.ts';

/**
 * An entry as the pages see it: the validated frontmatter, the slug and the file. The pages
 * take each body's HTML from the content layer, never its Markdown.
 */
export interface Entry extends EntryData {
  slug: string;
  /** path relative to the project root */
  file: string;
}

/** An entry as validation reads it, with its Markdown body (after the frontmatter). */
export interface SourceEntry extends Entry {
  body: string;
}

export interface ValidatedContent {
  entries: SourceEntry[];
  symptoms: SymptomData[];
  /** example logs by entry slug, each with the thread it was copied from when it is real */
  examples: Map<string, ExampleLog[]>;
  /** real logs of failures no entry explains: the matcher should match nothing on them */
  negatives: ExampleLog[];
  /** the package registry, oldest release first in each */
  packages: PackageData[];
  /** the known-issue records, by id */
  knownIssues: KnownIssue[];
  problems: Problem[];
}

/** The second-level headings the body must have, in this order. */
export const BODY_SECTIONS = { required: ['Why it happens', 'Fix'], optional: ['Notes'] } as const;

/** The body's second-level headings, as the page will have them, with their 0-based lines. */
export function bodyHeadings(body: string): { text: string; line: number }[] {
  return scanBody(body)
    .headings.filter((h) => h.depth === 2)
    .map(({ text, line }) => ({ text, line }));
}

function checkBody(src: EntrySource, problems: Problem[]) {
  for (const p of [...checkBodyComponents(src.body), ...checkBodyHtml(src.body)])
    problems.push({ file: src.file, line: src.bodyLine + p.line - 1, path: 'body', message: p.message });
  const headings = bodyHeadings(src.body);
  const allowed: readonly string[] = [...BODY_SECTIONS.required, ...BODY_SECTIONS.optional];
  for (const h of headings) {
    if (!allowed.includes(h.text)) {
      problems.push({
        file: src.file,
        line: src.bodyLine + h.line,
        path: 'body',
        message: `unexpected section "## ${h.text}"; the body's sections are ${allowed.map((a) => `"## ${a}"`).join(', ')} (use ### for subsections)`,
      });
    }
  }
  let last = -1;
  for (const name of BODY_SECTIONS.required) {
    const idx = headings.findIndex((h) => h.text === name);
    if (idx === -1) {
      problems.push({
        file: src.file,
        line: src.bodyLine,
        path: 'body',
        message: `missing section "## ${name}"; the body needs ${BODY_SECTIONS.required.map((r) => `"## ${r}"`).join(' then ')}`,
      });
    } else if (idx < last) {
      problems.push({
        file: src.file,
        line: src.bodyLine + headings[idx]!.line,
        path: 'body',
        message: `section "## ${name}" comes too early; the order is ${BODY_SECTIONS.required.map((r) => `"## ${r}"`).join(', ')}`,
      });
    } else last = idx;
  }
}

type Valid = { src: EntrySource; data: EntryData };

export function validateContent(sources: ContentSources): ValidatedContent {
  const problems: Problem[] = [...sources.problems];
  const symptoms = validateRegistry(sources.registry, problems);
  const packages = validatePackages(sources.packages, problems);
  const packagesFile = sources.packages?.file ?? 'content/packages.yaml';
  const valid = validateEntries(sources.entries, problems);
  const byId = checkIds(valid, problems);
  checkAliases(valid, problems);
  const sharers = symptomSharers(valid);
  checkReferences(valid, byId, symptoms, sharers, sources.registry.file, problems);
  for (const { src, data } of valid)
    if (data.versions) problems.push(...versionProblems(src, data.versions, packages, packagesFile));
  checkGenericCauses(sources.registry, symptoms, byId, sharers, problems);
  checkRelatedBothWays(valid, byId, problems);
  checkPatternsQuoted(valid, problems);
  const { examples, negatives } = checkExamples(sources, valid, problems);
  // known issues, which may name the entry they belong under
  const published = new Set(valid.filter((v) => v.data.status === 'published').map((v) => v.src.slug));
  const known = validateKnownIssues(sources.knownIssues, { packages, packagesFile, entrySlugs: published });
  problems.push(...known.problems);

  const entries: SourceEntry[] = valid
    .map(({ src, data }) => ({ ...data, slug: src.slug, file: src.file, body: src.body }))
    .sort((a, b) => compareIds(a.id, b.id));
  problems.sort((a, b) => compareText(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0));
  return { entries, symptoms, examples, negatives, packages, knownIssues: known.knownIssues, problems };
}

/** The symptom registry: a list, each item through the schema, each id once. */
function validateRegistry(reg: SourceFile, problems: Problem[]): SymptomData[] {
  const symptoms: SymptomData[] = [];
  if (reg.data === undefined) return symptoms;
  if (!Array.isArray(reg.data)) {
    problems.push({
      file: reg.file,
      line: 1,
      path: '',
      message: 'expected a YAML list of symptoms (each starting with "- id: ...")',
    });
    return symptoms;
  }
  const seen = new Map<string, number>();
  reg.data.forEach((raw, i) => {
    const parsed = SymptomSchema.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { id?: unknown })?.id;
      problems.push(
        ...issueProblems(
          parsed.error.issues,
          raw,
          reg.file,
          (at) => reg.lineOf([i, ...at]),
          (path) => `${typeof id === 'string' ? id : i}.${path}`.replace(/\.$/, ''),
        ),
      );
      return;
    }
    const prev = seen.get(parsed.data.id);
    if (prev !== undefined) {
      problems.push({
        file: reg.file,
        line: reg.lineOf([i, 'id']),
        path: `${parsed.data.id}.id`,
        message: `symptom id ${show(parsed.data.id)} is defined twice (also at item ${prev + 1})`,
      });
      return;
    }
    seen.set(parsed.data.id, i);
    symptoms.push(parsed.data);
  });
  return symptoms;
}

/** The package registry, when the content has one. */
function validatePackages(pk: SourceFile | undefined, problems: Problem[]): PackageData[] {
  if (pk?.data === undefined) return [];
  const parsed = PackageRegistrySchema.safeParse(pk.data);
  if (parsed.success) return parsed.data;
  problems.push(...issueProblems(parsed.error.issues, pk.data, pk.file, pk.lineOf));
  return [];
}

/** Each entry on its own: its file name, its body, its frontmatter through the schema. */
function validateEntries(entries: readonly EntrySource[], problems: Problem[]): Valid[] {
  const valid: Valid[] = [];
  for (const src of entries) {
    if (src.unread) continue; // too large to read: reported by readContent
    if (!SLUG_PATTERN.test(src.slug)) {
      problems.push({
        file: src.file,
        line: 1,
        path: '',
        message: `file name ${show(src.slug)} is not a kebab-case slug; rename the file, e.g. activation-distillation-memory.mdx`,
      });
    }
    checkBody(src, problems);
    if (src.data === undefined) continue;
    const shape = notAMapping(
      src.data,
      src.file,
      2,
      'frontmatter must be a YAML mapping of fields (id: ..., title: ...)',
    );
    if (shape) {
      problems.push(shape);
      continue;
    }
    const parsed = EntrySchema.safeParse(src.data);
    if (parsed.success) valid.push({ src, data: parsed.data });
    else problems.push(...issueProblems(parsed.error.issues, src.data, src.file, src.lineOf));
  }
  return valid;
}

/** Ids are unique and carry their category's prefix; returns the entries by id (the first of a duplicate is left out). */
function checkIds(valid: readonly Valid[], problems: Problem[]): Map<string, Valid> {
  const byId = new Map<string, Valid>();
  const files = new Map<string, string[]>();
  for (const v of valid) files.set(v.data.id, [...(files.get(v.data.id) ?? []), v.src.file]);
  for (const v of valid) {
    const { src, data } = v;
    // a line is looked up only for a problem: finding one parses the file again (read.ts)
    const at = () => ({ file: src.file, line: src.lineOf(['id']), path: 'id' });
    const sameId = files.get(data.id)!.filter((f) => f !== src.file);
    if (sameId.length)
      problems.push({
        ...at(),
        message: `id ${data.id} is also used by ${sameId.join(', ')}; ids are unique and never reused`,
      });
    else byId.set(data.id, v);
    const cat = categoryById(data.category)!;
    const prefix = data.id.split('-')[0];
    if (prefix !== cat.prefix) {
      const owner = CATEGORIES.find((c) => c.prefix === prefix);
      problems.push({
        ...at(),
        message: `id ${data.id} has prefix ${prefix}, but category "${data.category}" uses ${cat.prefix}-; ${owner ? `either set category: ${owner.id} or` : ''} renumber the entry as ${cat.prefix}-NNN`,
      });
    }
  }
  return byId;
}

/** Names that resolve to an entry URL: slugs and aliases share one namespace. */
function checkAliases(valid: readonly Valid[], problems: Problem[]) {
  const names = new Map<string, string>();
  for (const { src } of valid) names.set(src.slug, src.file);
  for (const { src, data } of valid) {
    data.aliases.forEach((alias, i) => {
      const owner = names.get(alias);
      if (owner) {
        const what =
          owner === src.file && alias === src.slug
            ? "is the entry's own slug"
            : `collides with ${owner === src.file ? 'another alias of this entry' : `the slug or an alias of ${owner}`}`;
        problems.push({
          file: src.file,
          line: src.lineOf(['aliases', i]),
          path: `aliases.${i}`,
          message: `alias ${show(alias)} ${what}; every slug and alias names one entry`,
        });
      } else names.set(alias, src.file);
    });
  }
}

/** Who shows each symptom, among published entries: where tellApart is required. */
function symptomSharers(valid: readonly Valid[]): Map<string, string[]> {
  const sharers = new Map<string, string[]>();
  for (const { data } of valid) {
    if (data.status !== 'published') continue;
    for (const s of data.symptoms) {
      const list = sharers.get(s.symptom);
      if (list) list.push(data.id);
      else sharers.set(s.symptom, [data.id]);
    }
  }
  return sharers;
}

/** Related entries, the entry that replaces a merged one, and symptoms name what exists; a shared symptom says how to tell the causes apart. */
function checkReferences(
  valid: readonly Valid[],
  byId: ReadonlyMap<string, Valid>,
  symptoms: readonly SymptomData[],
  sharers: ReadonlyMap<string, string[]>,
  registryFile: string,
  problems: Problem[],
) {
  const allIds = [...byId.keys()].sort();
  const symptomIds = symptoms.map((s) => s.id).sort();
  for (const { src, data } of valid) {
    data.related.forEach((rid, i) => {
      if (rid === data.id)
        problems.push({
          file: src.file,
          line: src.lineOf(['related', i]),
          path: `related.${i}`,
          message: `an entry cannot be related to itself (${rid})`,
        });
      else if (!byId.has(rid))
        problems.push({
          file: src.file,
          line: src.lineOf(['related', i]),
          path: `related.${i}`,
          message: unknownValueMessage('entry id', rid, allIds),
        });
    });
    if (data.supersededBy) {
      const target = byId.get(data.supersededBy);
      if (!target)
        problems.push({
          file: src.file,
          line: src.lineOf(['supersededBy']),
          path: 'supersededBy',
          message: unknownValueMessage('entry id', data.supersededBy, allIds),
        });
      else if (target.data.status !== 'published')
        problems.push({
          file: src.file,
          line: src.lineOf(['supersededBy']),
          path: 'supersededBy',
          message: `${data.supersededBy} is itself ${target.data.status}; point at the published entry that replaces it`,
        });
    }
    data.symptoms.forEach((s, i) => {
      if (!symptomIds.includes(s.symptom)) {
        problems.push({
          file: src.file,
          line: src.lineOf(['symptoms', i, 'symptom']),
          path: `symptoms.${i}.symptom`,
          message: `${unknownValueMessage('symptom', s.symptom, symptomIds)}; add it to ${registryFile} or use an existing one`,
        });
        return;
      }
      // does another entry show it? `some` stops at the first id that is not this one; listing
      // every sharer for every entry grew with the square of the site (a common symptom has
      // hundreds of entries), and the list is needed only for the message
      const sharing = sharers.get(s.symptom) ?? [];
      if (data.status === 'published' && !s.tellApart && sharing.some((id) => id !== data.id)) {
        const others = sharing.filter((id) => id !== data.id);
        problems.push({
          file: src.file,
          line: src.lineOf(['symptoms', i]),
          path: `symptoms.${i}.tellApart`,
          message: `${data.id} shares symptom "${s.symptom}" with ${others.join(', ')}; add tellApart: the check that tells this cause apart from theirs`,
        });
      }
    });
  }
}

/** Versions name known packages, valid ranges and boundaries that fit them. */
function versionProblems(
  src: EntrySource,
  versions: NonNullable<EntryData['versions']>,
  packages: readonly PackageData[],
  packagesFile: string,
): Problem[] {
  return checkVersions(versions, packages, packagesFile).map((p) => ({
    file: src.file,
    line: src.lineOf(['versions', ...p.at]),
    path: ['versions', ...p.at].join('.'),
    message: p.message,
    ...(p.severity ? { severity: p.severity } : {}),
  }));
}

/** A symptom's generic cause is a published entry that shows the symptom. */
function checkGenericCauses(
  reg: SourceFile,
  symptoms: readonly SymptomData[],
  byId: ReadonlyMap<string, Valid>,
  sharers: ReadonlyMap<string, string[]>,
  problems: Problem[],
) {
  if (reg.data === undefined) return;
  const allIds = [...byId.keys()].sort();
  for (const s of symptoms) {
    if (!s.generic) continue;
    const i = (reg.data as { id?: unknown }[]).findIndex((raw) => raw?.id === s.id);
    const at = () => ({ file: reg.file, line: reg.lineOf([i, 'generic']), path: `${s.id}.generic` });
    if (!byId.has(s.generic)) problems.push({ ...at(), message: unknownValueMessage('entry id', s.generic, allIds) });
    else if (!(sharers.get(s.id) ?? []).includes(s.generic))
      problems.push({
        ...at(),
        message: `${s.generic} does not list symptom "${s.id}"; name an entry that shows it (${(sharers.get(s.id) ?? []).join(', ') || 'none does'})`,
      });
  }
}

/**
 * Each pattern of an entry's own is quoted by its page: a reader who pastes the line it matches
 * into search finds the entry only through words the page says, and the patterns are not
 * indexed. The words checked are the ones the matcher's prefilter requires of a line.
 */
function checkPatternsQuoted(valid: readonly Valid[], problems: Problem[]) {
  const said = (value: unknown, out: string[]): string[] => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (const v of value) said(v, out);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) if (k !== 'patterns' && k !== 'cues') said(v, out);
    return out;
  };
  for (const { src, data } of valid) {
    if (data.status !== 'published') continue;
    const words = new Set([...said(data, []), src.body].join('\n').toLowerCase().match(/\w+/g) ?? []);
    data.symptoms.forEach((s, i) =>
      (s.patterns ?? []).forEach((source, j) => {
        // the prefilter's words are whole \w+ words in lower case, as the page's are
        const required = prefilterOf(source, source.includes('\\n')).words;
        if (!required || required.some((set) => set.every((w) => words.has(w)))) return;
        const missing = required[0]!.filter((w) => !words.has(w));
        problems.push({
          file: src.file,
          line: src.lineOf(['symptoms', i, 'patterns', j]),
          path: `symptoms.${i}.patterns.${j}`,
          message: `the page never says ${missing.map((w) => `"${w}"`).join(', ')}, which this pattern needs in a line; quote the line it matches in the symptom's wording, so that a reader who pastes it into search finds this entry`,
        });
      }),
    );
  }
}

/** Related links should go both ways; the build warns, the content lint fails. */
function checkRelatedBothWays(valid: readonly Valid[], byId: ReadonlyMap<string, Valid>, problems: Problem[]) {
  for (const { src, data } of valid) {
    data.related.forEach((rid, i) => {
      const other = byId.get(rid);
      if (other && !other.data.related.includes(data.id)) {
        problems.push({
          file: src.file,
          line: src.lineOf(['related', i]),
          path: `related.${i}`,
          severity: 'warning',
          message: `${data.id} lists ${rid} as related, but ${rid} (${other.src.file}) does not list ${data.id}; add it there`,
        });
      }
    });
  }
}

/** Example logs belong to an entry, and say where they come from; so do the negatives. */
function checkExamples(
  sources: ContentSources,
  valid: readonly Valid[],
  problems: Problem[],
): Pick<ValidatedContent, 'examples' | 'negatives'> {
  const slugs = new Set(valid.map((v) => v.src.slug));
  const examples = new Map<string, ExampleLog[]>();
  for (const [slug, files] of sources.examples) {
    if (!slugs.has(slug) && !sources.entries.some((e) => e.slug === slug)) {
      problems.push({
        file: `content/examples/${slug}`,
        path: '',
        message: `no entry has the slug "${slug}"; rename the folder after its entry's file name`,
      });
    }
    examples.set(slug, checkLogFolder(files, sources.exampleSources.get(slug), problems));
  }
  const negatives =
    sources.negatives.logs.length || sources.negatives.sources
      ? checkLogFolder(sources.negatives.logs, sources.negatives.sources, problems)
      : [];
  return { examples, negatives };
}

/**
 * A folder of logs and its sources.yaml: the file must list every log once, and each listed
 * log must exist. A folder with logs and no sources.yaml is a problem too, so that no log's
 * origin is left unsaid.
 */
function checkLogFolder(
  files: { file: string; text: string }[],
  yaml: SourceFile | undefined,
  problems: Problem[],
): ExampleLog[] {
  for (const ex of files)
    if (!ex.text.trim()) problems.push({ file: ex.file, path: '', message: 'example log is empty' });
  const folder = files[0]?.file.replace(/\/[^/]+$/, '') ?? yaml?.file.replace(/\/[^/]+$/, '');
  if (!yaml) {
    if (files.length)
      problems.push({
        file: `${folder}/sources.yaml`,
        path: '',
        message: `missing: list each log of ${folder}/ with its source (logs: - file: x.log, source: https://..., title: ...) or handWritten: true`,
      });
    return files;
  }
  if (yaml.data === undefined) return files;
  const parsed = LogSourcesSchema.safeParse(yaml.data);
  if (!parsed.success) {
    problems.push(...issueProblems(parsed.error.issues, yaml.data, yaml.file, yaml.lineOf));
    return files;
  }
  const names = new Set(files.map((f) => f.file.slice(f.file.lastIndexOf('/') + 1)));
  const listed = new Set<string>();
  parsed.data.logs.forEach((log, i) => {
    if (listed.has(log.file))
      problems.push({
        file: yaml.file,
        line: yaml.lineOf(['logs', i, 'file']),
        path: `logs.${i}.file`,
        message: `${show(log.file)} is listed twice`,
      });
    else if (!names.has(log.file))
      problems.push({
        file: yaml.file,
        line: yaml.lineOf(['logs', i, 'file']),
        path: `logs.${i}.file`,
        message: `${show(log.file)} is not in ${folder}/; fix the name or remove the item`,
      });
    listed.add(log.file);
  });
  for (const name of names) {
    if (!listed.has(name))
      problems.push({
        file: yaml.file,
        line: yaml.lineOf(['logs']),
        path: 'logs',
        message: `${folder}/${name} is not listed; add it with its source, or handWritten: true`,
      });
  }
  return files.map((f) => ({ ...f, ...realOf(parsed.data, f.file.slice(f.file.lastIndexOf('/') + 1)) }));
}

/** One error for the build: every problem, one per line. */
export class ContentError extends Error {
  problems: Problem[];
  constructor(problems: Problem[]) {
    const errors = problems.filter((p) => p.severity !== 'warning');
    super(
      `Faultline content has ${errors.length} problem${errors.length === 1 ? '' : 's'}:\n${errors.map((p) => `  ${formatProblem(p)}`).join('\n')}`,
    );
    this.name = 'ContentError';
    this.problems = problems;
  }
}
