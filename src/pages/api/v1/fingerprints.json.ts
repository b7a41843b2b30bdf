// The compiled patterns the diagnose worker and incident bots run on. See README "JSON API".
import type { APIRoute } from 'astro';
import { site } from '../../../lib/content/load.ts';
import { siteFingerprints } from '../../../lib/diagnose/site.ts';

export const GET: APIRoute = () => new Response(JSON.stringify(siteFingerprints(site)), { headers: { 'Content-Type': 'application/json' } });
