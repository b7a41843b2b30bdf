/**
 * npm run new -- --id DIST-015 --title "…" --category distributed
 * npm run new -- --next --title "…" --category distributed
 * npm run new                      (asks for each value)
 *
 * Writes content/entries/<slug>.mdx from the template and content/examples/<slug>/ with a
 * placeholder log. Refuses a used or retired id, a taken slug, a prefix that does not match
 * the category, and an unknown category.
 */
import { createInterface } from 'node:readline/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { contentDir, readContent } from '../src/lib/content/read.ts';
import { validateContent } from '../src/lib/content/validate.ts';
import { manifestFile, readManifest } from '../src/lib/url-manifest.ts';
import { planScaffold, writeScaffold, type ScaffoldRequest } from '../src/lib/scaffold.ts';
import { CATEGORIES } from '../src/lib/schema/vocabulary.ts';

const root = process.cwd();
const { values } = parseArgs({ options: { id: { type: 'string' }, title: { type: 'string' }, category: { type: 'string' }, next: { type: 'boolean', default: false } } });

let req: ScaffoldRequest;
if (!values.title && !values.category && !values.id) {
  // Read answers line by line from an iterator, so piped input works as well as a terminal.
  const rl = createInterface({ input: process.stdin });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (prompt: string) => {
    process.stdout.write(prompt);
    const next = await lines.next();
    return next.done ? '' : String(next.value).trim();
  };
  console.log(`Categories: ${CATEGORIES.map((c) => `${c.id} (${c.prefix})`).join(', ')}`);
  const category = await ask('Category: ');
  const title = await ask('Title: ');
  const id = await ask('Id (empty for the next free one): ');
  rl.close();
  req = { category, title, id: id || undefined, next: !id };
} else {
  req = { id: values.id, title: values.title ?? '', category: values.category ?? '', next: values.next };
}

const sources = readContent(root);
const content = validateContent(sources);
const manifest = readManifest(manifestFile(root));
const plan = planScaffold(req, sources, content, manifest);
if (plan.errors.length) {
  for (const e of plan.errors) console.error(`new: ${e}`);
  process.exit(2);
}
const today = new Date().toISOString().slice(0, 10);
const written = writeScaffold(contentDir(root), plan.id!, plan.slug!, req.title, req.category, today);
console.log(`new: wrote ${relative(root, written.entry)} (${plan.id}) and ${relative(root, written.examples)}/`);
console.log('Next: replace every TODO, then run "npm run check:content" and "npm run dev".');
