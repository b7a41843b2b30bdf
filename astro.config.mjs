// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import faultlineContent from './src/integrations/content.ts';

export default defineConfig({
  // The public origin, used for canonical URLs, Open Graph tags and the sitemap. A fork sets SITE.
  site: process.env.SITE ?? 'https://faultline.dev',
  trailingSlash: 'always',
  build: { format: 'directory' },
  integrations: [faultlineContent(), mdx()],
  markdown: {
    shikiConfig: {
      themes: { light: 'github-light', dark: 'github-dark' },
      defaultColor: 'light',
      wrap: false,
    },
  },
  devToolbar: { enabled: false },
});
