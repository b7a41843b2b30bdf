/**
 * Syntax highlighting for code that lives in frontmatter (confirm commands), with the same two
 * themes as the Markdown pipeline. One highlighter for the whole build, and each snippet is
 * highlighted once: a confirm command appears on its entry and on each of its symptom pages.
 */
import { createHighlighter, type Highlighter } from 'shiki';

export const THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;
const LANGS = ['bash', 'python', 'yaml', 'json'] as const;

let highlighter: Promise<Highlighter> | undefined;
const cache = new Map<string, string>();

export async function highlight(code: string, lang: string): Promise<string> {
  const key = `${lang}\u0000${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  highlighter ??= createHighlighter({ themes: Object.values(THEMES), langs: [...LANGS] });
  const h = await highlighter;
  const html = h.codeToHtml(code, {
    lang: (LANGS as readonly string[]).includes(lang) ? lang : 'text',
    themes: THEMES,
    defaultColor: 'light',
    // the same class as Markdown code blocks, so one set of styles (and the dark-mode switch) applies
    transformers: [{ pre: (node) => void ((node.properties.class = `astro-code ${String(node.properties.class ?? '')}`), (node.properties.tabindex = '0')) }],
  });
  cache.set(key, html);
  return html;
}
