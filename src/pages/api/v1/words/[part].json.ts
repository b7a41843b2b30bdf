// The site's words that start with one letter or digit ("_": anything else), most used first:
// the part of api/v1/words.json that search fetches to respell a word starting so.
import type { APIRoute, GetStaticPaths } from 'astro';
import { wordListPart } from '../../../../lib/search-terms.ts';
import { siteWords } from '../words.json.ts';

export const getStaticPaths = (() => {
  const parts = new Map<string, string[]>();
  for (const w of siteWords()) {
    const part = wordListPart(w);
    parts.set(part, [...(parts.get(part) ?? []), w]);
  }
  return [...parts].map(([part, words]) => ({ params: { part }, props: { words } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify({ version: 1, words: props.words }), { headers: { 'Content-Type': 'application/json' } });
