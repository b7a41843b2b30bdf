/**
 * Syntax highlighting for every code block on the site: fenced blocks in entry bodies (the
 * content loader calls highlightCodeBlocks on the rendered HTML; Astro's own highlighting is
 * off) and code that lives in frontmatter (confirm commands). One highlighter for the build,
 * on Shiki's JavaScript regex engine, which on our blocks takes about half the time of the
 * Oniguruma WebAssembly engine Astro uses, writing Shiki's own two-theme HTML. Each snippet is
 * highlighted once.
 *
 * Shiki itself is loaded on the first snippet highlighted, not with this module: the build's
 * configuration loads this module before any snippet is needed.
 */
import type { BundledLanguage, Highlighter, ShikiTransformer } from 'shiki';
import { DomUtils, parseDocument } from 'htmlparser2';

type Shiki = typeof import('shiki');

// the high-contrast variants keep every token at WCAG AA contrast (checked by axe in the tests)
export const THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;
/** Loaded up front; any other language Shiki knows is loaded on first use. */
const LANGS = ['bash', 'python', 'yaml', 'json'] as const;

/** How a block is written, beside its language: Shiki's own two-theme HTML. */
export const HTML_OPTIONS = {
  themes: THEMES,
  defaultColor: 'light' as const,
  // no time limit per line: Shiki's default (half a second) ends a line's tokens early when the
  // machine is busy, and the rest of the line then takes the colour of wherever it stopped, so
  // the same block could come out differently from one build to the next
  tokenizeTimeLimit: 0,
  // one class for every highlighted block, so one set of styles (and the dark-mode switch)
  // applies, and a block that scrolls can be reached with the keyboard
  transformers: [
    {
      pre: (node) =>
        void (
          (node.properties.class = `astro-code ${String(node.properties.class ?? '')}`),
          (node.properties.tabindex = '0')
        ),
    },
  ] satisfies ShikiTransformer[],
};

let ready: Promise<{ shiki: Shiki; h: Highlighter }> | undefined;

/** Highlighted HTML by language and code (highlightKey), for this module instance. */
const cache = new Map<string, string>();

const highlightKey = (code: string, lang: string) => `${lang}\u0000${code}`;

async function languageFor({ bundledLanguages }: Shiki, h: Highlighter, lang: string): Promise<string> {
  if (h.getLoadedLanguages().includes(lang)) return lang;
  if (!Object.hasOwn(bundledLanguages, lang)) return 'text';
  await h.loadLanguage(lang as BundledLanguage);
  return lang;
}

export async function highlight(code: string, lang: string): Promise<string> {
  const key = highlightKey(code, lang);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  ready ??= (async () => {
    const [shiki, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki'),
      import('shiki/engine/javascript'),
    ]);
    return {
      shiki,
      h: await shiki.createHighlighter({
        themes: Object.values(THEMES),
        langs: [...LANGS],
        engine: createJavaScriptRegexEngine(),
      }),
    };
  })();
  const { shiki, h } = await ready;
  const html = h.codeToHtml(code, {
    // the highlighter's types know only Shiki's bundled names; an unknown language is plain text
    lang: (await languageFor(shiki, h, lang)) as BundledLanguage,
    ...HTML_OPTIONS,
  });
  cache.set(key, html);
  return html;
}

/**
 * Replaces each fenced code block of rendered Markdown (`<pre><code class="language-x">`, as
 * the Markdown processor writes it with highlighting off) by its highlighted form. A block
 * without a language, or in one Shiki does not know, is highlighted as plain text.
 */
export async function highlightCodeBlocks(html: string): Promise<string> {
  const blocks = codeBlocksOf(html);
  if (!blocks.length) return html;
  const highlighted = await Promise.all(blocks.map((b) => highlight(b.code, b.lang)));
  let out = '';
  let at = 0;
  blocks.forEach((b, i) => {
    out += html.slice(at, b.start) + highlighted[i];
    at = b.end;
  });
  return out + html.slice(at);
}

/** The fenced code blocks of rendered Markdown: where each is, its language and its code. */
function codeBlocksOf(html: string): { start: number; end: number; lang: string; code: string }[] {
  const doc = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const blocks: { start: number; end: number; lang: string; code: string }[] = [];
  // a fenced block is a <pre> holding one <code> and nothing else
  for (const pre of DomUtils.findAll((node) => node.name === 'pre', doc.children)) {
    const [code] = DomUtils.getElementsByTagName('code', pre.children, false);
    if (!code || pre.children.length !== 1) continue;
    blocks.push({
      start: pre.startIndex!,
      end: pre.endIndex! + 1,
      lang: /(?:^|\s)language-(\S+)/.exec(code.attribs.class ?? '')?.[1] ?? 'text',
      code: DomUtils.textContent(code).replace(/\n$/, ''),
    });
  }
  return blocks;
}
