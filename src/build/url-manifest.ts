/**
 * The URL manifest: content/published-urls.txt lists every URL the site has ever published.
 * A build must still answer each of them, with a page or a redirect; `npm run urls:update`
 * appends new URLs and never removes one. This is what keeps links in incident tickets alive.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { contentDir } from './read.ts';

export const MANIFEST = 'content/published-urls.txt';

/** The manifest of the content being built: content/published-urls.txt, or FAULTLINE_CONTENT's. */
export function manifestFile(root: string): string {
  return join(contentDir(root), basename(MANIFEST));
}
export const MANIFEST_HEADER = `# Every URL Faultline has published, one per line. A build must keep answering each of them,
# with a page or a redirect. Append only: "npm run urls:update" adds new URLs after a build.
# Never delete a line; to retire an entry, deprecate it or merge it (see CONTRIBUTING.md).
`;

export function readManifest(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** URLs a build published: every page (as its directory URL) and every JSON or XML file. */
export function builtUrls(dist: string): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      const rel = `/${relative(dist, abs).split('\\').join('/')}`;
      if (statSync(abs).isDirectory()) {
        if (rel === '/pagefind' || rel === '/_astro') continue;
        walk(abs);
      } else if (name === 'index.html') out.add(rel.replace(/index\.html$/, ''));
      else if (/\.(json|xml|txt)$/.test(name) && !name.startsWith('_')) out.add(rel);
    }
  };
  walk(dist);
  return out;
}

/** Sources of `_redirects` lines. */
export function redirectSources(dist: string): Set<string> {
  const file = join(dist, '_redirects');
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => l.split(/\s+/)[0]!),
  );
}

/** Manifest URLs the build no longer answers, each with how to keep it alive. */
export function missingUrls(
  manifest: readonly string[],
  built: ReadonlySet<string>,
  redirected: ReadonlySet<string>,
): string[] {
  return manifest
    .filter((url) => !built.has(url) && !redirected.has(url))
    .map((url) => {
      const entry = /^\/entries\/([^/]+)\/$/.exec(url);
      const how = entry
        ? `keep the entry and set status: deprecated, or merge it (status: merged, supersededBy: <ID>), or list "${entry[1]}" in the aliases of the entry that replaces it`
        : url.startsWith('/e/')
          ? 'an entry id is never removed or reused; restore the entry with status: deprecated or merged'
          : 'restore the page, or make the build emit a redirect for it';
      return `${url} is in ${MANIFEST} but the build no longer answers it: ${how}`;
    });
}

/** The manifest with the build's new URLs appended, sorted within the new block. */
export function appendUrls(
  manifest: readonly string[],
  built: ReadonlySet<string>,
  redirected: ReadonlySet<string>,
): { added: string[]; text: string } {
  const known = new Set(manifest);
  const added = [...new Set([...built, ...redirected])].filter((u) => !known.has(u)).sort();
  return { added, text: `${MANIFEST_HEADER}${[...manifest, ...added].join('\n')}\n` };
}
