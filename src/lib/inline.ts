/**
 * Renders the small inline Markdown allowed in frontmatter strings: `code`, **bold** and
 * [text](https://url). Everything else is escaped, so frontmatter can never inject HTML.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const UNSAFE = /[&<>"']/;

export function escapeHtml(s: string): string {
  // most strings need no escaping: test before building a new one (pages call this thousands
  // of times a build)
  return UNSAFE.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : s;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of escaped HTML: named (&amp; &lt; &gt; &quot; &apos;) and numeric entities decoded. */
export function unescapeHtml(html: string): string {
  return html.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITIES[e] ?? m),
  );
}

/** Characters that can open inline Markdown: a string without any is only escaped. */
const MARKUP = /[`*[]/;

export function renderInline(text: string): string {
  if (!MARKUP.test(text)) return escapeHtml(text);
  const out: string[] = [];
  // Split out code spans first: nothing inside them is interpreted.
  const parts = text.split(/(`[^`]+`)/g);
  for (const part of parts) {
    if (part.startsWith('`') && part.endsWith('`') && part.length > 1) {
      out.push(`<code>${escapeHtml(part.slice(1, -1))}</code>`);
      continue;
    }
    let html = escapeHtml(part);
    html = html.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
    html = html.replace(/\[([^\]]+)\]\((https:\/\/[^)\s]+)\)/g, '<a href="$2">$1</a>');
    out.push(html);
  }
  return out.join('');
}

/** Plain text of an inline-Markdown string, for meta descriptions and search metadata. */
export function inlineToText(text: string): string {
  return text
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
}
