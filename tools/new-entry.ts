/**
 * npm run new -- --id DIST-015 --title "…" --category distributed
 * npm run new -- --next --title "…" --category distributed
 * npm run new                      (asks for each value)
 *
 * Writes content/entries/<slug>.mdx from the template and content/examples/<slug>/ with a
 * placeholder log. Refuses a used or retired id, a taken slug, a prefix that does not match
 * the category, and an unknown category.
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { contentDir, readEntrySources } from '../src/build/read.ts';
import { manifestFile, readManifest } from '../src/build/url-manifest.ts';
import { planScaffold, writeScaffold, type ScaffoldRequest } from '../src/build/scaffold.ts';
import { CATEGORIES } from '../src/lib/schema/vocabulary.ts';
import { isMain, processIO, type ToolIO } from './io.ts';

/** Scaffolds an entry in the content of `root` and returns the exit code. */
export async function newEntry(root: string, args: string[], io: ToolIO): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      id: { type: 'string' },
      title: { type: 'string' },
      category: { type: 'string' },
      next: { type: 'boolean', default: false },
    },
  });
  let req: ScaffoldRequest;
  if (!values.title && !values.category && !values.id) {
    // answers are read line by line, so piped input works as well as a terminal
    const lines = io.lines();
    const ask = async (prompt: string) => {
      io.out(prompt);
      const next = await lines.next();
      return next.done ? '' : String(next.value).trim();
    };
    io.out(`Categories: ${CATEGORIES.map((c) => `${c.id} (${c.prefix})`).join(', ')}\n`);
    const category = await ask('Category: ');
    const title = await ask('Title: ');
    const id = await ask('Id (empty for the next free one): ');
    await lines.return?.();
    req = { category, title, id: id || undefined, next: !id };
  } else {
    req = { id: values.id, title: values.title ?? '', category: values.category ?? '', next: values.next };
  }

  // the entry files as they are, valid or not: a scaffold needs only their ids, slugs and aliases
  const entries = readEntrySources(root).map((e) => e.source);
  const manifest = readManifest(manifestFile(root));
  const plan = planScaffold(req, { entries }, manifest);
  if (plan.errors.length) {
    for (const e of plan.errors) io.err(`new: ${e}\n`);
    return 2;
  }
  const today = new Date().toISOString().slice(0, 10);
  const written = writeScaffold(contentDir(root), plan.id!, plan.slug!, req.title, req.category, today);
  io.out(`new: wrote ${relative(root, written.entry)} (${plan.id}) and ${relative(root, written.examples)}/\n`);
  io.out('Next: replace every TODO, then run "npm run check:content" and "npm run dev".\n');
  return 0;
}

if (isMain(import.meta.url)) process.exitCode = await newEntry(process.cwd(), process.argv.slice(2), processIO());
