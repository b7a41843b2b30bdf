// The feed of new and updated known issues.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { site } from '../../build/load.ts';
import { knownIssueFeedItems } from '../../lib/feed.ts';

export const GET = (context: APIContext) =>
  rss({
    title: 'Faultline: known issues',
    description:
      'Library bugs and regressions in ML training and serving, each with the releases it affects and the release that fixed it.',
    site: context.site!,
    items: knownIssueFeedItems(site.knownIssues),
  });
