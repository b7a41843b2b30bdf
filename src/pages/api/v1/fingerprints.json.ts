// The compiled patterns the diagnose worker and incident bots run on. See README "JSON API".
import type { APIRoute } from 'astro';
import { site } from '../../../build/load.ts';
import { siteFingerprints } from '../../../build/site-fingerprints.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(siteFingerprints(site)), { headers: { 'Content-Type': 'application/json' } });
