// @ts-check
import { createHash } from 'node:crypto';
import sitemap from '@astrojs/sitemap';
import faultlineContent from './src/integrations/content.ts';
import faultlinePostbuild from './src/integrations/postbuild.ts';
import { SECURITY_HEADERS } from './src/lib/security.ts';

// A build of another content folder (the benchmark's corpus) keeps its own content cache, so
// that it never mixes with the cache of content/.
const contentCache = process.env.FAULTLINE_CONTENT
  ? `./node_modules/.astro-content/${createHash('sha1').update(process.env.FAULTLINE_CONTENT).digest('hex').slice(0, 12)}/`
  : undefined;

// FAULTLINE_CACHE_DIR gives a build a cache of its own: the reproducibility check builds a
// second time from an empty cache and compares the outputs byte for byte.
const cacheDir = process.env.FAULTLINE_CACHE_DIR ?? contentCache;

// The content as faultline-content validates it at the start of a build, which the post-build
// step writes redirects and preview images from: one object, handed to both.
/** @type {import('./src/integrations/content.ts').BuildState} */
const build = {};

// A plain object, typed here, rather than defineConfig() from 'astro/config': that function
// returns its argument unchanged, but its module loads Astro's SVG optimiser, font providers and
// session drivers, which this site never uses, on every build's start-up.
/** @type {import('astro').AstroUserConfig} */
export default {
  ...(cacheDir ? { cacheDir } : {}),
  // The public origin, used for canonical URLs, Open Graph tags and the sitemap. A fork sets SITE.
  site: process.env.SITE ?? 'https://faultline.dev',
  trailingSlash: 'always',
  // Sixteen pages in flight: with one, Astro waits for each page's file write before rendering
  // the next, and the main thread sat idle for a third of the page phase. Sixteen was the
  // fastest of 2 to 64 (docs/performance.md, "Sixteen pages in flight").
  build: { format: 'directory', concurrency: 16 },
  integrations: [
    faultlineContent(build),
    // redirect pages (short links, old slugs) are not content: keep them out of the sitemap
    sitemap({ filter: (page) => !/\/e\/[^/]+\/$/.test(new URL(page).pathname) }),
    faultlinePostbuild(build),
  ],
  markdown: {
    // Code blocks in entry bodies are highlighted by the content loader with src/lib/highlight.ts
    // (the themes are set there), on Shiki's JavaScript engine, which is faster than the
    // WebAssembly one Astro's highlighting uses.
    syntaxHighlight: false,
  },
  // `astro preview` (npm start) serves the headers the build writes to _headers, as a host that
  // reads that file does; dev does not, since Vite's dev client runs inline scripts
  server: ({ command }) => (command === 'preview' ? { headers: { ...SECURITY_HEADERS } } : {}),
  devToolbar: { enabled: false },
  // Never inline scripts into pages: the Content-Security-Policy allows only same-origin
  // script files (src/lib/security.ts), so an inlined script would be blocked.
  vite: {
    build: {
      assetsInlineLimit: 0,
    },
  },
};
