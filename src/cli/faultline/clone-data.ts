/**
 * The data inside a clone: built from content/ with the site's own reader, schema and
 * fingerprint builder, so an author sees an edit at once, and cached under
 * node_modules/.cache/faultline/ by a hash of content/ and of src/lib (the code that turns
 * content into fingerprints). A hit reads one JSON file; only a miss loads the validator.
 */
import { createHash } from 'node:crypto';
import { type Dirent, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { InputError } from './read-log.ts';
import { DATA_VERSION, type CliData } from './types.ts';

/** content/ does not validate: an input error, exit code 2. */
export class ContentError extends InputError {}

/** contentDir() of src/build/read.ts, without loading its two YAML parsers on a cache hit. */
const contentDir = (root: string) =>
  process.env.FAULTLINE_CONTENT ? resolve(root, process.env.FAULTLINE_CONTENT) : join(root, 'content');

function walk(dir: string, out: string[]): void {
  let items: Dirent[];
  try {
    items = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const d of items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (d.isDirectory()) walk(join(dir, d.name), out);
    else if (d.isFile()) out.push(join(dir, d.name));
  }
}

/** A hash of every file of content/, src/lib and src/build, names and bytes. */
export function contentKey(root: string): string {
  const hash = createHash('sha256').update(`faultline-cli-data ${DATA_VERSION}\n`);
  for (const dir of [
    contentDir(root),
    join(root, 'src/lib'),
    join(root, 'src/build'),
    join(root, 'src/cli/faultline'),
  ]) {
    const files: string[] = [];
    walk(dir, files);
    for (const f of files)
      hash
        .update(`${relative(root, f)}\0`)
        .update(readFileSync(f))
        .update('\0');
  }
  return hash.digest('hex');
}

export function cacheFile(root: string): string {
  return join(root, 'node_modules/.cache/faultline/cli-data.json');
}

/** Where the data came from, for the tests: the cache or a fresh build. */
export let lastLoad: 'cache' | 'built' | undefined;

export async function loadCloneData(root: string): Promise<CliData> {
  const key = contentKey(root);
  const file = cacheFile(root);
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { key: string; data: CliData };
    if (cached.key === key && cached.data.version === DATA_VERSION) {
      lastLoad = 'cache';
      return cached.data;
    }
  } catch {
    // no cache yet, or an unreadable one: build
  }
  const data = await buildCloneData(root);
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ key, data }));
    renameSync(tmp, file);
  } catch {
    // a read-only checkout still works, uncached
  }
  lastLoad = 'built';
  return data;
}

/** Validates content/ and builds the data; a broken entry stops it rather than dropping out. */
export async function buildCloneData(root: string): Promise<CliData> {
  const [{ readContent }, { validateContent }, { formatProblem }, { cliData }] = await Promise.all([
    import('../../build/read.ts'),
    import('../../lib/content/validate.ts'),
    import('../../lib/schema/errors.ts'),
    import('./data.ts'),
  ]);
  const content = validateContent(readContent(root));
  const errors = content.problems.filter((p) => p.severity !== 'warning');
  if (errors.length) {
    throw new ContentError(
      `content/ has ${errors.length} problem(s); fix them first (npm run check:content):\n${errors
        .slice(0, 10)
        .map((p) => `  ${formatProblem(p)}`)
        .join('\n')}`,
    );
  }
  return cliData(content);
}
