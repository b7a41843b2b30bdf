/**
 * The rules of an entry file beyond its frontmatter: the raw HTML its Markdown body may use,
 * where its links may point, and how large the file may be. Markdown passes raw HTML through to
 * the page, so these are the allow-lists that keep an entry from reaching its readers with
 * anything but text: src/lib/content/html.ts enforces them, and the field reference in
 * CONTRIBUTING.md is generated from them.
 */

/**
 * The raw HTML elements a body may use, each with the attributes it may carry: small inline
 * markup that Markdown has no syntax for. Anything else (script, style, iframe, object, embed,
 * form, meta, link, img, event-handler attributes such as onerror) is refused with its line.
 * Example: `press <kbd>Ctrl</kbd>+<kbd>C</kbd>`, `<abbr title="Out of memory">OOM</abbr>`.
 */
export const BODY_HTML: Readonly<Record<string, readonly string[]>> = {
  abbr: ['title'],
  br: [],
  del: [],
  details: [],
  ins: [],
  kbd: [],
  mark: [],
  sub: [],
  summary: [],
  sup: [],
};

/**
 * Where a link or image in the body may point: an https:, http: or mailto: URL, or a path of
 * this site (`/entries/…`, `#fix`, `../`). A `javascript:`, `data:` or any other scheme is
 * refused, and so is a target spelled with entities or backslashes, which Markdown decodes.
 */
export const BODY_LINK_SCHEMES = ['https:', 'http:', 'mailto:'] as const;

/**
 * The largest an entry file may be, frontmatter and body together, in bytes. Far above any
 * real entry; long logs belong in content/examples/<slug>/, not in the page.
 */
export const MAX_ENTRY_BYTES = 128 * 1024;

/** The rules above as Markdown, for the generated field reference in CONTRIBUTING.md. */
export function bodyRulesReference(): string {
  const elements = Object.entries(BODY_HTML)
    .map(([name, attrs]) => `\`<${name}>\`${attrs.length ? ` (with ${attrs.map((a) => `\`${a}\``).join(', ')})` : ''}`)
    .join(', ');
  return [
    '### Entry body',
    '',
    `- Raw HTML: only ${elements}, with no other attributes. Every other element or attribute, and any event handler, fails the check with its line; the site shows it as text.`,
    `- Links and images: ${BODY_LINK_SCHEMES.map((s) => `\`${s}\``).join(', ')} URLs or paths of this site; any other scheme (\`javascript:\`, \`data:\`) fails the check, and the site drops the link.`,
    `- Size: an entry file is at most ${MAX_ENTRY_BYTES / 1024} KiB; a larger one fails the check unread.`,
  ].join('\n');
}
