// @ts-check
import { defineConfig } from 'astro/config';
import { createHash } from 'node:crypto';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import faultlineContent from './src/integrations/content.ts';
import faultlinePagefind from './src/integrations/pagefind.ts';
import faultlineHostFiles from './src/integrations/host-files.ts';

// A build of another content folder (the benchmark's corpus) keeps its own content cache, so
// that it never mixes with the cache of content/.
const contentCache = process.env.FAULTLINE_CONTENT
  ? `./node_modules/.astro-content/${createHash('sha1').update(process.env.FAULTLINE_CONTENT).digest('hex').slice(0, 12)}/`
  : undefined;

export default defineConfig({
  ...(contentCache ? { cacheDir: contentCache } : {}),
  // The public origin, used for canonical URLs, Open Graph tags and the sitemap. A fork sets SITE.
  site: process.env.SITE ?? 'https://faultline.dev',
  trailingSlash: 'always',
  build: { format: 'directory' },
  integrations: [
    faultlineContent(),
    mdx(),
    // redirect pages (short links, old slugs) are not content: keep them out of the sitemap
    sitemap({ filter: (page) => !/\/e\/[^/]+\/$/.test(new URL(page).pathname) }),
    faultlinePagefind(),
    faultlineHostFiles(),
  ],
  markdown: {
    shikiConfig: {
      themes: { light: 'github-light', dark: 'github-dark' },
      defaultColor: 'light',
      wrap: false,
    },
  },
  devToolbar: { enabled: false },
  // Never inline scripts into pages: the Content-Security-Policy allows only same-origin
  // script files (src/lib/security.ts), so an inlined script would be blocked.
  vite: { build: { assetsInlineLimit: 0 } },
});
