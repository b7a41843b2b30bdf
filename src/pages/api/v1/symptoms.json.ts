// The canonical symptom registry with the entries that show each symptom. See README "JSON API".
import type { APIRoute } from 'astro';
import { site } from '../../../build/load.ts';
import { toApiSymptoms } from '../../../lib/api.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify({ version: 1, symptoms: toApiSymptoms(site) }), {
    headers: { 'Content-Type': 'application/json' },
  });
