/**
 * The link check over a built site: every internal href and every #fragment in every page
 * must resolve to a page and an element id. Pages are parsed with htmlparser2 (a real HTML
 * parser), so links in code samples or comments are never mistaken for links.
 */
import { Parser } from 'htmlparser2';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface PageInfo {
  /** site path of the page: /entries/x/ */
  path: string;
  ids: Set<string>;
  links: { href: string; line: number }[];
  /** for redirect pages: the target of the meta refresh */
  refresh?: string;
}

export interface LinkProblem {
  page: string;
  line: number;
  href: string;
  message: string;
}

export function parsePage(path: string, html: string): PageInfo {
  const ids = new Set<string>();
  const links: PageInfo['links'] = [];
  let refresh: string | undefined;
  let line = 1;
  let consumed = 0;
  const parser: Parser = new Parser({
    onopentag(name, attrs) {
      // count lines up to this tag, for messages
      const at = parser.startIndex;
      for (let i = consumed; i < at; i++) if (html.charCodeAt(i) === 10) line++;
      consumed = at;
      if (attrs.id) ids.add(attrs.id);
      if (name === 'a' && attrs.name) ids.add(attrs.name);
      const href = name === 'a' || name === 'link' ? attrs.href : undefined;
      if (href !== undefined && !(name === 'link' && /canonical|alternate|sitemap/.test(attrs.rel ?? '')))
        links.push({ href, line });
      if (name === 'meta' && attrs['http-equiv']?.toLowerCase() === 'refresh')
        refresh = /url=(.*)$/i.exec(attrs.content ?? '')?.[1];
    },
  });
  parser.write(html);
  parser.end();
  return { path, ids, links, refresh };
}

/** Every HTML page in a build, by site path. */
export function readSite(dist: string): Map<string, PageInfo> {
  const pages = new Map<string, PageInfo>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) {
        if (name !== 'pagefind' && name !== '_astro') walk(abs);
        continue;
      }
      if (!name.endsWith('.html')) continue;
      const rel = `/${relative(dist, abs).split('\\').join('/')}`;
      const path = rel.endsWith('/index.html') ? rel.slice(0, -'index.html'.length) : rel;
      pages.set(path, parsePage(path, readFileSync(abs, 'utf8')));
    }
  };
  walk(dist);
  return pages;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Checks every internal link of every page; external links are returned, not fetched. */
export function checkLinks(
  dist: string,
  pages = readSite(dist),
): { problems: LinkProblem[]; external: Map<string, string[]> } {
  const problems: LinkProblem[] = [];
  const external = new Map<string, string[]>();
  const files = (p: string) => existsSync(join(dist, p)) && statSync(join(dist, p)).isFile();
  for (const page of pages.values()) {
    for (const { href, line } of page.links) {
      if (EXTERNAL.test(href)) {
        if (/^https?:/.test(href)) external.set(href, [...(external.get(href) ?? []), page.path]);
        continue;
      }
      const url = new URL(href, `https://site.invalid${page.path}`);
      const target = decodeURIComponent(url.pathname);
      let targetPage = pages.get(target);
      if (!targetPage && !files(target)) {
        problems.push({ page: page.path, line, href, message: `links to ${target}, which the build does not contain` });
        continue;
      }
      // Fragments of a redirect page belong to the page it redirects to.
      if (targetPage?.refresh)
        targetPage = pages.get(new URL(targetPage.refresh, `https://site.invalid${target}`).pathname) ?? targetPage;
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && targetPage && !targetPage.ids.has(fragment)) {
        problems.push({
          page: page.path,
          line,
          href,
          message: `links to #${fragment} on ${targetPage.path}, which has no element with that id`,
        });
      }
    }
  }
  problems.sort((a, b) => a.page.localeCompare(b.page) || a.line - b.line);
  return { problems, external };
}
