/**
 * Syntax highlighting for every code block on the site: fenced blocks in entry bodies (the
 * content loader calls highlightCodeBlocks on the rendered HTML; Astro's own highlighting is
 * off) and code that lives in frontmatter (confirm commands). One highlighter for the build,
 * on Shiki's JavaScript regex engine, which on our blocks takes about half the time of the
 * Oniguruma WebAssembly engine Astro uses. Each snippet is highlighted once, and tokenised once for both
 * themes (pairTheme).
 *
 * Shiki itself is loaded on the first snippet highlighted, not with this module: the build's
 * configuration loads this module before any snippet is needed.
 */
import type { BundledLanguage, BundledTheme, Highlighter, ThemeRegistration } from 'shiki';
import { unescapeHtml } from './inline.ts';

type Shiki = typeof import('shiki');

// the high-contrast variants keep every token at WCAG AA contrast (checked by axe in the tests)
export const THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;
/** Loaded up front; any other language Shiki knows is loaded on first use. */
const LANGS = ['bash', 'python', 'yaml', 'json'] as const;
const PAIR_THEME = 'faultline-light-dark';

/**
 * One tokenisation for both themes. Shiki's two-theme output tokenises a block once per theme
 * and lines the results up. The two GitHub themes have the same rules in the same order (same
 * scopes, same font styles; only the colours differ), so one theme whose every colour stands
 * for a (light, dark) pair resolves each token exactly as the two would: a placeholder colour
 * per pair, and the pair looked up again when the HTML is written. The output is byte for byte
 * Shiki's two-theme codeToHtml (a unit test compares them), in a third of its time.
 */
interface PairTheme {
  theme: ThemeRegistration;
  /** placeholder colour (as the tokeniser returns it, upper case) → light and dark colours */
  pairs: Map<string, [string | undefined, string | undefined]>;
  /** the <pre> and <code> opening tags */
  open: string;
}

async function pairTheme({ bundledThemes }: Shiki): Promise<PairTheme> {
  const [light, dark] = await Promise.all([bundledThemes[THEMES.light](), bundledThemes[THEMES.dark]()]).then((m) => m.map((x) => x.default as ThemeRegistration));
  const lightRules = light!.tokenColors ?? [];
  const darkRules = dark!.tokenColors ?? [];
  const same = lightRules.length === darkRules.length && lightRules.every((r, i) => JSON.stringify([r.scope, r.settings.fontStyle]) === JSON.stringify([darkRules[i]!.scope, darkRules[i]!.settings.fontStyle]));
  if (!same) throw new Error(`highlight: ${THEMES.light} and ${THEMES.dark} no longer have the same rules; one tokenisation cannot serve both`);
  const pairs: PairTheme['pairs'] = new Map();
  const byPair = new Map<string, string>();
  const placeholder = (l: string | undefined, d: string | undefined) => {
    if (!l && !d) return undefined;
    const key = `${l}|${d}`;
    let colour = byPair.get(key);
    if (!colour) {
      colour = `#${(byPair.size + 1).toString(16).padStart(6, '0').toUpperCase()}`;
      byPair.set(key, colour);
      pairs.set(colour, [l?.toUpperCase(), d?.toUpperCase()]);
    }
    return colour;
  };
  const fg = 'editor.foreground';
  const bg = 'editor.background';
  const theme: ThemeRegistration = {
    name: PAIR_THEME,
    type: 'light',
    // tokens without a rule of their own take the foreground pair; the background is never
    // read (the <pre> carries both themes' own backgrounds, see `open`)
    colors: { [fg]: placeholder(light!.colors?.[fg], dark!.colors?.[fg])!, [bg]: '#ffffff' },
    // token backgrounds never reach Shiki's HTML, so only the foregrounds are paired
    tokenColors: lightRules.map((rule, i) => {
      const { background: _, ...settings } = rule.settings;
      return { ...rule, settings: { ...settings, foreground: placeholder(rule.settings.foreground, darkRules[i]!.settings.foreground) } };
    }),
  };
  const style = `background-color:${light!.colors?.[bg]};--shiki-dark-bg:${dark!.colors?.[bg]};color:${light!.colors?.[fg]};--shiki-dark:${dark!.colors?.[fg]}`;
  // one class for every highlighted block, so one set of styles (and the dark-mode switch) applies
  const open = `<pre class="astro-code shiki shiki-themes ${THEMES.light} ${THEMES.dark}" style="${style}" tabindex="0"><code>`;
  return { theme, pairs, open };
}

let ready: Promise<{ shiki: Shiki; h: Highlighter; pair: PairTheme }> | undefined;

/** Highlighted HTML by language and code (highlightKey), for this module instance. */
const cache = new Map<string, string>();

const highlightKey = (code: string, lang: string) => `${lang}\u0000${code}`;

/** the style attribute of a token, by placeholder colour and font style */
const styles = new Map<string, string>();

async function languageFor({ bundledLanguages }: Shiki, h: Highlighter, lang: string): Promise<string> {
  if (h.getLoadedLanguages().includes(lang)) return lang;
  if (!Object.hasOwn(bundledLanguages, lang)) return 'text';
  await h.loadLanguage(lang as BundledLanguage);
  return lang;
}

/** Text as hast-util-to-html writes it (what Shiki's codeToHtml gives). */
const escapeText = (s: string) => s.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');

function tokenStyle({ flatTokenVariants, stringifyTokenStyle }: Shiki, pair: PairTheme, colour: string | undefined, fontStyle: number | undefined): string {
  const key = `${colour}|${fontStyle}`;
  let style = styles.get(key);
  if (style === undefined) {
    const [light, dark] = (colour && pair.pairs.get(colour)) || [];
    const token = flatTokenVariants({ content: '', offset: 0, variants: { light: { color: light, fontStyle }, dark: { color: dark, fontStyle } } }, ['light', 'dark'], '--shiki-', 'light');
    style = stringifyTokenStyle(token.htmlStyle ?? {});
    styles.set(key, style);
  }
  return style;
}

export async function highlight(code: string, lang: string): Promise<string> {
  const key = highlightKey(code, lang);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  ready ??= (async () => {
    const [shiki, { createJavaScriptRegexEngine }] = await Promise.all([import('shiki'), import('shiki/engine/javascript')]);
    const pair = await pairTheme(shiki);
    return { shiki, pair, h: await shiki.createHighlighter({ themes: [pair.theme], langs: [...LANGS], engine: createJavaScriptRegexEngine() }) };
  })();
  const { shiki, h, pair } = await ready;
  // the highlighter's types know only Shiki's bundled names; both were loaded by name above
  const lines = h.codeToTokensBase(code, { lang: (await languageFor(shiki, h, lang)) as BundledLanguage, theme: PAIR_THEME as BundledTheme });
  let html = pair.open;
  lines.forEach((line, n) => {
    if (n) html += '\n';
    html += '<span class="line">';
    // as Shiki does: a whitespace-only token joins the token after it
    let carry = '';
    line.forEach((token, i) => {
      if (i + 1 < line.length && /^\s+$/.test(token.content)) {
        carry += token.content;
        return;
      }
      const style = tokenStyle(shiki, pair, token.color, token.fontStyle);
      html += `<span${style ? ` style="${style}"` : ''}>${escapeText(carry + token.content)}</span>`;
      carry = '';
    });
    html += '</span>';
  });
  html += '</code></pre>';
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
  return [...html.matchAll(/<pre><code(?: class="language-([^"]+)")?>([\s\S]*?)<\/code><\/pre>/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, lang: m[1] ?? 'text', code: unescapeHtml(m[2]!).replace(/\n$/, '') }));
}
