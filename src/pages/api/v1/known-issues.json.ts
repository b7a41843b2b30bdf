// Every known issue: signature, affected ranges, fix and upstream links. See README "JSON API".
import type { APIRoute } from 'astro';
import { site } from '../../../build/load.ts';
import { toApiKnownIssue } from '../../../lib/api.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify({ version: 1, knownIssues: site.allKnownIssues.map((k) => toApiKnownIssue(k, site)) }), {
    headers: { 'Content-Type': 'application/json' },
  });
