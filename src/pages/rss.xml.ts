// The feed of new and updated entries.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { site } from '../build/load.ts';
import { feedItems } from '../lib/feed.ts';

export const GET = (context: APIContext) =>
  rss({
    title: 'Faultline: new and updated entries',
    description: 'ML training failures, each with its cause, symptoms, checks and fix.',
    site: context.site!,
    items: feedItems(site.entries),
  });
