// robots.txt, with the sitemap at the site's own origin.
import type { APIContext } from 'astro';

export const GET = (context: APIContext) =>
  new Response(
    `User-agent: *\nAllow: /\nDisallow: /e/\n\nSitemap: ${new URL('sitemap-index.xml', context.site).href}\n`,
    { headers: { 'Content-Type': 'text/plain' } },
  );
