// @ts-check
import { defineConfig } from 'astro/config';
import { createHash } from 'node:crypto';
import mdx from '@astrojs/mdx';
import faultlineContent from './src/integrations/content.ts';
import faultlinePagefind from './src/integrations/pagefind.ts';

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
  integrations: [faultlineContent(), mdx(), faultlinePagefind()],
  markdown: {
    shikiConfig: {
      themes: { light: 'github-light', dark: 'github-dark' },
      defaultColor: 'light',
      wrap: false,
    },
  },
  devToolbar: { enabled: false },
});
