/**
 * The one module that knows the URL scheme. Every link on the site is built here, so that
 * a change of scheme is one change (and the URL manifest test catches what it would break).
 * Paths end with a slash: the static output is one index.html per folder.
 */
const base = (import.meta.env?.BASE_URL ?? '/').replace(/\/?$/, '/');

/**
 * A URL part (a path segment, a fragment) decoded for lookup or display. Anyone can type or
 * paste a malformed escape (`/entries/50%/`, `#%E0%A4%A`), on which decodeURIComponent throws;
 * such a part is used as it was typed instead, so a bad address can never break a page.
 */
export function decodeUrlPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

const join = (...parts: string[]) => `${base}${parts.map((p) => encodeURIComponent(p)).join('/')}/`;

export const homeUrl = () => base;
/** The folder of entry pages; Pagefind indexes only these. */
export const ENTRIES_PATH = 'entries';
export const entryUrl = (slug: string) => join(ENTRIES_PATH, slug);
/** The folder above the entry pages: no page of its own, it redirects home (see redirects.ts). */
export const entriesFolderUrl = () => `${base}${ENTRIES_PATH}/`;
export const shortUrl = (id: string) => join('e', id);
/** The folder above the short links: redirects home too. */
export const shortLinksFolderUrl = () => `${base}e/`;
/** Known issues: `/known-issues/<slug>/`, listed at /known-issues/; `/k/<id>/` redirects to one. */
export const KNOWN_ISSUES_PATH = 'known-issues';
export const knownIssueUrl = (slug: string) => join(KNOWN_ISSUES_PATH, slug);
export const knownIssuesIndexUrl = () => `${base}${KNOWN_ISSUES_PATH}/`;
export const knownIssueShortUrl = (id: string) => join('k', id);
/** The folder above the known issues' short links: redirects to /known-issues/. */
export const knownIssueShortFolderUrl = () => `${base}k/`;
export const symptomUrl = (id: string) => join('symptoms', id);
export const symptomsIndexUrl = () => `${base}symptoms/`;
export const categoryUrl = (id: string) => join('categories', id);
export const categoriesIndexUrl = () => `${base}categories/`;
export const tagUrl = (tag: string) => join('tags', tag);
export const tagsIndexUrl = () => `${base}tags/`;
/** Anchor of a tag's row on the tags index. */
export const tagAnchor = (tag: string) => `tag-${tag}`;
/** A tag carried by one entry has no page of its own: its row on the tags index. */
export const tagListedUrl = (tag: string) => `${tagsIndexUrl()}#${encodeURIComponent(tagAnchor(tag))}`;
export const frameworkUrl = (id: string) => join('frameworks', id);
export const frameworksIndexUrl = () => `${base}frameworks/`;
export const diagnoseUrl = () => `${base}diagnose/`;
export const versionsIndexUrl = () => `${base}versions/`;
export const packageVersionsUrl = (id: string) => join('versions', id);
/** The site's feed of new and updated entries (src/pages/rss.xml.ts). */
export const feedUrl = () => `${base}rss.xml`;
export const searchUrl = () => `${base}search/`;

/** Anchor of a symptom row on an entry page. */
export const symptomAnchor = (symptomId: string) => `symptom-${symptomId}`;

/** A reference's link: `owner/repo#N` becomes its GitHub issue URL. */
export function referenceHref(url: string): string {
  const m = /^([\w.-]+\/[\w.-]+)#(\d+)$/.exec(url);
  return m ? `https://github.com/${m[1]}/issues/${m[2]}` : url;
}
