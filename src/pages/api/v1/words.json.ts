// The words a search can be spelled with, most used first, so a tie goes to the commoner word.
// Search fetches them by first letter (api/v1/words/<part>.json) to respell a misspelt query.
import type { APIRoute } from 'astro';
import { site } from '../../../build/load.ts';
import { vocabularyWords } from '../../../lib/search-terms.ts';
import { signatureLines } from '../../../lib/known-issues.ts';
import variants from '../../../../content/search-variants.json';

/** Every word, most used first. */
export function siteWords(): string[] {
  const uses = new Map<string, number>();
  const count = (text: string | undefined) => {
    for (const w of new Set(vocabularyWords(text ?? ''))) uses.set(w, (uses.get(w) ?? 0) + 1);
  };
  // every prose field of the page: a word the page holds is a spelling, not a slip ("scope" is
  // not "score", "properly" not "property"); not the `asked` titles, whose slips ("chatper") are
  // the readers'
  for (const e of site.entries) {
    count(
      [
        e.id,
        e.title,
        e.summary,
        e.fingerprint,
        ...e.tags,
        ...e.symptoms.flatMap((s) => [s.wording, s.why, s.tellApart]),
        ...e.rootCauses.flatMap((r) => [r.title, r.detail]),
        ...e.fixes.flatMap((f) => [f.title, f.summary]),
        ...e.confirm.flatMap((c) => [c.step, c.expect]),
        ...e.prevention,
        ...e.affects,
        ...e.faq.flatMap((f) => [f.q, f.a]),
      ].join(' '),
    );
  }
  // a record's page is searched too, so its words are spellings: a word only a record uses
  // ("libcuda") must not be respelt to an entry's word ("libcudart")
  for (const k of site.knownIssues)
    count([k.id, k.title, k.summary, ...signatureLines(k), k.fix, k.workaround].join(' '));
  for (const s of site.symptoms) count(s.label);
  const used = [...uses].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
  // a word of content/search-variants.json is searched as typed ("stuck" finds the hangs), so it
  // is a spelling too, after every word the pages use: never respelt, never chosen over them
  const known = new Set(used);
  const variantWords = variants.groups
    .flat()
    .flatMap(vocabularyWords)
    .filter((w) => !known.has(w));
  return [...used, ...new Set(variantWords)];
}

export const GET: APIRoute = () =>
  new Response(JSON.stringify({ version: 1, words: siteWords() }), { headers: { 'Content-Type': 'application/json' } });
