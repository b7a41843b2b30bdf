// Each entry's word profile: what the diagnose worker and the CLI score a log against when no
// line of it matches a fingerprint. The worker fetches it only then. See README "JSON API".
import type { APIRoute } from 'astro';
import { site } from '../../../build/load.ts';
import { siteProfiles } from '../../../build/site-fingerprints.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(siteProfiles(site)), { headers: { 'Content-Type': 'application/json' } });
