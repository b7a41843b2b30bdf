// One feed per category: /categories/<id>.xml.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { site } from '../../build/load.ts';
import { feedItems } from '../../lib/feed.ts';

export function getStaticPaths() {
  return site.categories
    .filter((c) => c.entries.length)
    .map((c) => ({ params: { category: c.id }, props: { label: c.label, entries: c.entries } }));
}

export const GET = (context: APIContext) => {
  const { label, entries } = context.props as { label: string; entries: typeof site.entries };
  return rss({
    title: `Faultline: ${label}`,
    description: `New and updated ${label.toLowerCase()} entries of Faultline.`,
    site: context.site!,
    items: feedItems(entries),
  });
};
