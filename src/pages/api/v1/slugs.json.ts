// Ids, slugs and titles only: small enough for the 404 page to suggest the closest entry.
import type { APIRoute } from 'astro';
import { site } from '../../../build/load.ts';
import { entryUrl } from '../../../lib/urls.ts';

export const GET: APIRoute = () =>
  new Response(
    JSON.stringify({
      version: 1,
      entries: site.allEntries
        .filter((e) => e.status !== 'merged')
        .map((e) => ({ id: e.id, slug: e.slug, title: e.title, url: entryUrl(e.slug), aliases: e.aliases })),
    }),
    { headers: { 'Content-Type': 'application/json' } },
  );
