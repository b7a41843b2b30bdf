// The package registry with the release ranges and boundaries entries give. See README "JSON API".
import type { APIRoute } from 'astro';
import { site } from '../../../build/load.ts';
import { toApiVersions } from '../../../lib/api.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify({ version: 1, packages: toApiVersions(site) }), {
    headers: { 'Content-Type': 'application/json' },
  });
