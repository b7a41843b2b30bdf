/**
 * Reads content/ from disk without Astro: the entries' frontmatter and body, the symptom
 * registry, and the example logs. Used by the build's validation step, the CLI and the
 * content check, so that all three see exactly the same files.
 */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative, basename, resolve } from 'node:path';
import type { Problem } from '../lib/schema/errors.ts';
import { LogSourcesSchema, type ExampleLog, type LogSources } from '../lib/schema/sources.ts';
import { MAX_ENTRY_BYTES } from '../lib/schema/body.ts';
import { lineFinder, parseYaml } from './yaml.ts';

export interface SourceFile {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  /** Absolute path */
  abs: string;
  /** Parsed YAML (frontmatter of an entry, or the whole registry), undefined when it does not parse. */
  data: unknown;
  /** 1-based line of a dotted field path, falling back to the nearest parent that exists. */
  lineOf(path: ReadonlyArray<PropertyKey>): number | undefined;
}

export interface EntrySource extends SourceFile {
  slug: string;
  body: string;
  /** 1-based line on which the body starts */
  bodyLine: number;
  /** true when the file is over MAX_ENTRY_BYTES and was not read: no data, no body */
  unread?: boolean;
}

export interface ContentSources {
  root: string;
  entries: EntrySource[];
  registry: SourceFile;
  /** example logs per entry slug: file (relative) → text */
  examples: Map<string, { file: string; text: string }[]>;
  /** each example folder's sources.yaml, by entry slug, when the folder has one */
  exampleSources: Map<string, SourceFile>;
  /** logs that no entry explains (content/negatives/), with their sources.yaml */
  negatives: { logs: { file: string; text: string }[]; sources?: SourceFile };
  /** the package registry (content/packages.yaml), when there is one */
  packages?: SourceFile;
  /** the known-issue records (content/known-issues/*.yaml) */
  knownIssues: KnownIssueSource[];
  problems: Problem[];
}

export interface KnownIssueSource extends SourceFile {
  /** the file name without `.yaml` */
  slug: string;
}

/**
 * Where the content lives: `content/` in the project, or the folder named by FAULTLINE_CONTENT
 * (the benchmark builds a generated corpus this way, with the project's real configuration).
 */
export function contentDir(root: string): string {
  return process.env.FAULTLINE_CONTENT ? resolve(root, process.env.FAULTLINE_CONTENT) : join(root, 'content');
}
export const ENTRIES = 'entries';
export const REGISTRY = 'symptoms.yaml';
/** The packages entries name in `versions` (src/lib/schema/versions.ts). */
export const PACKAGES = 'packages.yaml';
export const EXAMPLES = 'examples';
export const NEGATIVES = 'negatives';
/** Each folder of logs names where they come from in this file (src/lib/schema/sources.ts). */
export const LOG_SOURCES = 'sources.yaml';
/** Known issues, one YAML file each (src/lib/schema/known-issue.ts). */
export const KNOWN_ISSUES = 'known-issues';

/**
 * The symptom registry's items, parsed as the validation parses them, for the content loader.
 * The validation has reported every problem before the loader runs; a registry that is not
 * YAML or not a list still throws here, naming the file and the line.
 */
export function readRegistryItems(abs: string): Record<string, unknown>[] {
  const parsed = parseYaml(readFileSync(abs, 'utf8'));
  const err = parsed.error;
  if (err) throw new Error(`${abs}:${err.line}: not valid YAML: ${err.message}`);
  if (!Array.isArray(parsed.data)) throw new Error(`${abs}: the symptom registry must be a YAML list of symptoms`);
  return parsed.data as Record<string, unknown>[];
}

/** Splits `---\nyaml\n---\nbody` into its parts. */
export function splitFrontmatter(source: string): { yaml: string; body: string; bodyLine: number } | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!m) return undefined;
  const yaml = m[1]!;
  return { yaml, body: source.slice(m[0].length), bodyLine: m[0].split('\n').length };
}

export function parseEntrySource(file: string, abs: string, source: string, problems: Problem[]): EntrySource {
  const slug = basename(file).replace(/\.mdx?$/, '');
  const parts = splitFrontmatter(source);
  if (!parts) {
    problems.push({
      file,
      line: 1,
      path: '',
      message: 'no frontmatter: the file must start with a line "---", the YAML fields, and another "---"',
    });
    return { file, abs, slug, data: undefined, body: source, bodyLine: 1, lineOf: () => 1 };
  }
  const parsed = parseYaml(parts.yaml);
  const err = parsed.error;
  if (err)
    problems.push({ file, line: err.line + 1, path: '', message: `frontmatter is not valid YAML: ${err.message}` });
  return {
    file,
    abs,
    slug,
    data: parsed.data,
    body: parts.body,
    bodyLine: parts.bodyLine,
    lineOf: lineFinder(parts.yaml, 1),
  };
}

function listFiles(dir: string, ext: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => ext.test(name) && !name.startsWith('_') && !name.startsWith('.'))
    .sort();
}

function tooLarge(size: number, name: string): string {
  const shown = (n: number) =>
    n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`;
  return `the file is ${shown(size)}; an entry file may be at most ${shown(MAX_ENTRY_BYTES)} (src/lib/schema/body.ts): keep long logs in content/examples/${name.replace(/\.mdx?$/, '')}/ and the body to the mechanism and the fix`;
}

/** The entry files alone (drafts, named _*, are skipped), each with its raw text. */
export function readEntrySources(root: string, problems: Problem[] = []): { source: EntrySource; text: string }[] {
  const entriesDir = join(contentDir(root), ENTRIES);
  return listFiles(entriesDir, /\.mdx?$/).map((name) => {
    const abs = join(entriesDir, name);
    const file = projectPath(root, abs);
    const size = statSync(abs).size;
    if (size > MAX_ENTRY_BYTES) {
      // not read at all: a file this size is a mistake or an attack, and parsing it is slow
      problems.push({ file, line: 1, path: '', message: tooLarge(size, name) });
      return {
        source: {
          file,
          abs,
          slug: name.replace(/\.mdx?$/, ''),
          data: undefined,
          body: '',
          bodyLine: 1,
          lineOf: () => 1,
          unread: true,
        },
        text: '',
      };
    }
    const text = readFileSync(abs, 'utf8');
    return { source: parseEntrySource(file, abs, text, problems), text };
  });
}

/** A path relative to the project root, with forward slashes, as problems and pages name files. */
function projectPath(root: string, abs: string): string {
  return relative(root, abs).split('\\').join('/');
}

/** A YAML file, parsed, with its syntax errors reported as problems of `file`. */
function readYamlFile(abs: string, file: string, problems: Problem[]): SourceFile {
  const source = readFileSync(abs, 'utf8');
  const parsed = parseYaml(source);
  const err = parsed.error;
  if (err) problems.push({ file, line: err.line || undefined, path: '', message: `not valid YAML: ${err.message}` });
  return { file, abs, data: parsed.data, lineOf: lineFinder(source, 0) };
}

export function readContent(root: string): ContentSources {
  const problems: Problem[] = [];
  const rel = (abs: string) => projectPath(root, abs);

  const dir = contentDir(root);
  const entries = readEntrySources(root, problems).map((x) => x.source);

  const regAbs = join(dir, REGISTRY);
  const REGISTRY_FILE = rel(regAbs);
  let registry: SourceFile = { file: REGISTRY_FILE, abs: regAbs, data: undefined, lineOf: () => undefined };
  if (!existsSync(regAbs)) {
    problems.push({
      file: REGISTRY_FILE,
      path: '',
      message: 'the symptom registry is missing; create it as a YAML list of symptoms',
    });
  } else {
    registry = readYamlFile(regAbs, REGISTRY_FILE, problems);
  }

  const readYaml = (abs: string): SourceFile => readYamlFile(abs, rel(abs), problems);
  const readLogs = (folder: string) =>
    listFiles(folder, /\.log$/).map((name) => ({
      file: rel(join(folder, name)),
      text: readFileSync(join(folder, name), 'utf8'),
    }));

  const examples = new Map<string, { file: string; text: string }[]>();
  const exampleSources = new Map<string, SourceFile>();
  const exDir = join(dir, EXAMPLES);
  if (existsSync(exDir)) {
    for (const slug of readdirSync(exDir).sort()) {
      const folder = join(exDir, slug);
      if (!statSync(folder).isDirectory()) continue;
      examples.set(slug, readLogs(folder));
      if (existsSync(join(folder, LOG_SOURCES))) exampleSources.set(slug, readYaml(join(folder, LOG_SOURCES)));
    }
  }
  const packages = existsSync(join(dir, PACKAGES)) ? readYaml(join(dir, PACKAGES)) : undefined;
  const negDir = join(dir, NEGATIVES);
  const negatives: ContentSources['negatives'] = { logs: readLogs(negDir) };
  if (existsSync(join(negDir, LOG_SOURCES))) negatives.sources = readYaml(join(negDir, LOG_SOURCES));
  const knownIssues = readKnownIssueFiles(root, join(dir, KNOWN_ISSUES), problems);
  return {
    root,
    entries,
    registry,
    examples,
    exampleSources,
    negatives,
    ...(packages ? { packages } : {}),
    knownIssues,
    problems,
  };
}

/**
 * The known-issue records of a folder (content/known-issues, or a folder of candidates under
 * review), each parsed; a file over MAX_ENTRY_BYTES is reported and not read.
 */
export function readKnownIssueFiles(root: string, folder: string, problems: Problem[]): KnownIssueSource[] {
  const rel = (abs: string) => projectPath(root, abs);
  return listFiles(folder, /\.ya?ml$/).flatMap((name) => {
    const abs = join(folder, name);
    const slug = name.replace(/\.ya?ml$/, '');
    if (statSync(abs).size > MAX_ENTRY_BYTES) {
      problems.push({
        file: rel(abs),
        line: 1,
        path: '',
        message: `the file is over ${MAX_ENTRY_BYTES / 1024} KiB; a known issue is a short record: keep its logs to the lines that show the error`,
      });
      return [];
    }
    return [{ ...readYamlFile(abs, rel(abs), problems), slug }];
  });
}

/**
 * The example logs of one entry, sorted by file name, each with the thread it was copied from
 * when its folder's sources.yaml names one. The build has validated that file before the pages
 * read it; a file that does not parse here gives logs without sources.
 */
export function readExamplesFor(root: string, slug: string): (ExampleLog & { name: string })[] {
  const dir = join(contentDir(root), EXAMPLES, slug);
  const sources = readLogSources(join(dir, LOG_SOURCES));
  return listFiles(dir, /\.log$/).map((name) => ({
    file: projectPath(root, join(dir, name)),
    name,
    text: readFileSync(join(dir, name), 'utf8'),
    ...realOf(sources, name),
  }));
}

function readLogSources(abs: string): LogSources | undefined {
  if (!existsSync(abs)) return undefined;
  const parsed = LogSourcesSchema.safeParse(parseYaml(readFileSync(abs, 'utf8')).data);
  return parsed.success ? parsed.data : undefined;
}

/** The `real` field of an ExampleLog: the thread a log file was copied from, if any. */
export function realOf(sources: LogSources | undefined, name: string): Pick<ExampleLog, 'real'> {
  const log = sources?.logs.find((l) => l.file === name);
  if (!log?.source || !log.title) return {};
  return {
    real: {
      source: log.source,
      title: log.title,
      ...(log.versions ? { versions: log.versions } : {}),
      ...(log.movedToDevelopment ? { movedToDevelopment: log.movedToDevelopment } : {}),
    },
  };
}
