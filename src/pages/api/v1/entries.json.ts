// Every published entry as data, for incident bots and other tools. See README "JSON API".
import type { APIRoute } from 'astro';
import { site } from '../../../build/load.ts';
import { toApiEntry } from '../../../lib/api.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify({ version: 1, entries: site.entries.map((e) => toApiEntry(e, site)) }), {
    headers: { 'Content-Type': 'application/json' },
  });
