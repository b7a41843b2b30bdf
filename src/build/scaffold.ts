/**
 * The entry scaffold: checks a new id, slug and category against everything that exists or
 * ever existed, and writes the template. Pure except for the file writes in writeScaffold.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentSources } from './read.ts';
import { CATEGORIES, categoryById } from '../lib/schema/vocabulary.ts';
import { ID_PATTERN } from '../lib/schema/entry.ts';
import { slugify } from '../lib/slug.ts';
import { unknownValueMessage } from '../lib/schema/errors.ts';

export interface ScaffoldRequest {
  id?: string;
  title: string;
  category: string;
  next?: boolean;
}

/** Ids that were published once: they stay taken even when no file has them any more. */
export function retiredIds(manifest: readonly string[]): Set<string> {
  return new Set(manifest.map((u) => /^\/e\/([A-Z]+-\d+)\/$/.exec(u)?.[1]).filter((x): x is string => !!x));
}

/**
 * The id each entry file declares, valid or not, by id. A scaffolded entry fails the content
 * check until its placeholders are filled, so it is not among the validated entries; its id is
 * taken all the same, or the next scaffold would be handed it again.
 */
export function declaredIds(sources: Pick<ContentSources, 'entries'>): Map<string, string> {
  const ids = new Map<string, string>();
  for (const src of sources.entries) {
    const id = (src.data as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string' && !ids.has(id.toUpperCase())) ids.set(id.toUpperCase(), src.file);
  }
  return ids;
}

export function nextFreeId(
  category: string,
  declared: ReadonlyMap<string, string>,
  manifest: readonly string[],
): string {
  const prefix = categoryById(category)!.prefix;
  const taken = new Set([...declared.keys(), ...retiredIds(manifest)]);
  let n = 1;
  while (taken.has(`${prefix}-${String(n).padStart(3, '0')}`)) n++;
  return `${prefix}-${String(n).padStart(3, '0')}`;
}

/** The slugs an entry file declares it was published under, as written. */
function aliasesOf(source: ContentSources['entries'][number]): unknown[] {
  const aliases = (source.data as { aliases?: unknown } | undefined)?.aliases;
  return Array.isArray(aliases) ? aliases : [];
}

/** Every reason to refuse, or the id and slug to write. */
export function planScaffold(
  req: ScaffoldRequest,
  sources: Pick<ContentSources, 'entries'>,
  manifest: readonly string[],
): { errors: string[]; id?: string; slug?: string } {
  const errors: string[] = [];
  const category = categoryById(req.category);
  if (!category) {
    errors.push(
      unknownValueMessage(
        'category',
        req.category,
        CATEGORIES.map((c) => c.id),
      ),
    );
    return { errors };
  }
  if (!req.title.trim()) errors.push('give a title: --title "What the failure is called"');
  const declared = declaredIds(sources);
  const id = req.next || !req.id ? nextFreeId(category.id, declared, manifest) : req.id.toUpperCase();
  if (!ID_PATTERN.test(id)) errors.push(`id "${req.id}" is not of the form ${category.prefix}-NNN`);
  else if (id.split('-')[0] !== category.prefix)
    errors.push(
      `id ${id} has prefix ${id.split('-')[0]}, but category "${category.id}" uses ${category.prefix}-; use --next to take the next free ${category.prefix} id`,
    );
  const existing = declared.get(id);
  if (existing) errors.push(`id ${id} is used by ${existing}; ids are never reused (use --next)`);
  else if (retiredIds(manifest).has(id))
    errors.push(`id ${id} was published before and retired; ids are never reused (use --next)`);
  const slug = slugify(req.title);
  // a title without a letter or digit a-z 0-9 gives no slug, and the file would be ".mdx": a
  // hidden file that the site and the content check both skip
  if (req.title.trim() && !slug)
    errors.push(
      `title ${JSON.stringify(req.title)} gives an empty slug; the file name is made of the title's letters a-z and digits, so give a title with some`,
    );
  if (slug) {
    const owner =
      sources.entries.find((e) => e.slug === slug) ?? sources.entries.find((e) => aliasesOf(e).includes(slug));
    if (owner) errors.push(`slug "${slug}" is taken by ${owner.file}; choose another title`);
    else if (manifest.includes(`/entries/${slug}/`))
      errors.push(`slug "${slug}" was published before; choose another title so that old links keep their meaning`);
  }
  return { errors, id, slug };
}

export function template(id: string, title: string, category: string, today: string): string {
  return `---
# The frontmatter below is checked by the schema in src/lib/schema/entry.ts: run
# "npm run check:content". Replace every TODO; the check fails until none is left.

# Permanent id: never changed, never reused.
id: ${id}
# The failure's name, as a reader would search for it.
title: ${JSON.stringify(title)}
# The quick answer: what breaks and what to do, one or two sentences (40-300 characters).
summary: >-
  TODO what breaks, and what to do about it.
# One of the fixed categories; it decides the id prefix.
category: ${category}
# Free kebab-case tags.
tags: [TODO-tag]
# Frameworks it applies to (see FRAMEWORKS in src/lib/schema/vocabulary.ts).
frameworks: [pytorch]
# training, fine-tuning, evaluation and/or inference.
stage: [training]
# The characteristic log line, verbatim with variable parts elided. Delete for silent failures.
fingerprint: "TODO the error line"
# At least three; each points at content/symptoms.yaml. Write tellApart when another entry
# shows the same symptom: the check that tells this cause apart.
symptoms:
  - symptom: TODO-symptom-id
    wording: TODO how it shows up here.
    why: TODO why this failure produces it.
    tellApart: TODO the observation that separates this cause.
    patterns: []
  - symptom: TODO-symptom-id-2
    wording: TODO
    why: TODO
    tellApart: TODO
  - symptom: TODO-symptom-id-3
    wording: TODO
    why: TODO
    tellApart: TODO
# Regular expressions for context (traceback frames) that raise this entry in diagnose.
cues: []
# At least two precise mechanisms.
rootCauses:
  - title: TODO
    detail: TODO
  - title: TODO
    detail: TODO
# The recommended fix first; the code goes in the body's "## Fix".
fixes:
  - title: TODO
    summary: TODO
# At least two checks with real commands.
confirm:
  - step: TODO
    command: TODO
    lang: bash
    expect: TODO
  - step: TODO
    command: TODO
    lang: python
    expect: TODO
# Guardrails for CI or code.
prevention:
  - TODO
# Systems, versions and setups affected.
affects:
  - TODO
# Ids of entries to check next; list this entry in theirs too.
related: []
# At least two primary sources: https URLs or owner/repo#N.
references:
  - title: TODO
    url: https://TODO
    kind: docs
  - title: TODO
    url: https://TODO
    kind: issue
# Old slugs that keep redirecting here.
aliases: []
# Questions specific to this failure.
faq:
  - q: TODO
    a: TODO
# The releases the failure affects (PEP 440 ranges, packages from content/packages.yaml), or []
# when it does not depend on a release; and the releases every fact was checked against.
versions:
  affected: []
  checkedAgainst:
    date: ${today}
    releases: { torch: "TODO" }
updated: ${today}
---

## Why it happens

TODO the mechanism, in prose.

## Fix

TODO one or two sentences on the fix.

<Tabs>
<Tab label="PyTorch">

TODO why this works.

\`\`\`python
# TODO
\`\`\`

</Tab>
</Tabs>
`;
}

export const EXAMPLE_PLACEHOLDER = `TODO replace this file with a realistic log excerpt of the failure (keep the .log extension),
and add at least one more. Delete the folder for a silent failure that prints nothing.
`;

/** Every log of an example folder names where it comes from (src/lib/schema/sources.ts). */
export const EXAMPLE_SOURCES = `# Where each log of this folder comes from. A real log is machine output copied from a public
# thread, trimmed but never reworded: give its URL and the thread's title. Mark a log you wrote
# yourself handWritten: true.
logs:
  - file: example-1.log
    handWritten: true
`;

export function writeScaffold(
  contentDir: string,
  id: string,
  slug: string,
  title: string,
  category: string,
  today: string,
): { entry: string; examples: string } {
  const entry = join(contentDir, 'entries', `${slug}.mdx`);
  const examples = join(contentDir, 'examples', slug);
  if (existsSync(entry)) throw new Error(`${entry} exists already`);
  writeFileSync(entry, template(id, title, category, today));
  mkdirSync(examples, { recursive: true });
  writeFileSync(join(examples, 'example-1.log'), EXAMPLE_PLACEHOLDER);
  writeFileSync(join(examples, 'sources.yaml'), EXAMPLE_SOURCES);
  return { entry, examples };
}
