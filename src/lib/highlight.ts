/**
 * Syntax highlighting for every code block on the site: fenced blocks in entry bodies (the
 * content loader calls highlightCodeBlocks on the rendered HTML; Astro's own highlighting is
 * off) and code that lives in frontmatter (confirm commands). One highlighter for the build,
 * on Shiki's JavaScript regex engine: on our blocks it takes about half the time of the
 * Oniguruma WebAssembly engine Astro uses (0.9 against 1.7 ms a block), which was 3 s of the
 * content sync at 1,000 entries. Each snippet is highlighted once.
 */
import { bundledLanguages, createHighlighter, type BundledLanguage, type Highlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { unescapeHtml } from './inline.ts';

// the high-contrast variants keep every token at WCAG AA contrast (checked by axe in the tests)
export const THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;
/** Loaded up front; any other language Shiki knows is loaded on first use. */
const LANGS = ['bash', 'python', 'yaml', 'json'] as const;

let highlighter: Promise<Highlighter> | undefined;
const cache = new Map<string, string>();

async function languageFor(h: Highlighter, lang: string): Promise<string> {
  if (h.getLoadedLanguages().includes(lang)) return lang;
  if (!Object.hasOwn(bundledLanguages, lang)) return 'text';
  await h.loadLanguage(lang as BundledLanguage);
  return lang;
}

export async function highlight(code: string, lang: string): Promise<string> {
  const key = `${lang}\u0000${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  highlighter ??= createHighlighter({ themes: Object.values(THEMES), langs: [...LANGS], engine: createJavaScriptRegexEngine() });
  const h = await highlighter;
  const html = h.codeToHtml(code, {
    lang: await languageFor(h, lang),
    themes: THEMES,
    defaultColor: 'light',
    // one class for every highlighted block, so one set of styles (and the dark-mode switch) applies
    transformers: [{ pre: (node) => void ((node.properties.class = `astro-code ${String(node.properties.class ?? '')}`), (node.properties.tabindex = '0')) }],
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
  const blocks = [...html.matchAll(/<pre><code(?: class="language-([^"]+)")?>([\s\S]*?)<\/code><\/pre>/g)];
  if (!blocks.length) return html;
  const highlighted = await Promise.all(blocks.map((m) => highlight(unescapeHtml(m[2]!).replace(/\n$/, ''), m[1] ?? 'text')));
  let out = '';
  let at = 0;
  blocks.forEach((m, i) => {
    out += html.slice(at, m.index) + highlighted[i];
    at = m.index + m[0].length;
  });
  return out + html.slice(at);
}
