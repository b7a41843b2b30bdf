/**
 * The FAQ of an entry: its own questions, then questions derived from its data, each added
 * only when the data gives a real answer. Answers are HTML built from escaped data.
 */
import type { Entry } from './content/validate.ts';
import type { SiteIndex } from './indexes/site-index.ts';
import { escapeHtml, renderInline } from './inline.ts';
import { slugify } from './slug.ts';
import { entryUrl, referenceHref, symptomAnchor, symptomUrl } from './urls.ts';
import { frameworkLabel, stageLabel } from './schema/vocabulary.ts';

export interface FaqItem {
  id: string;
  q: string;
  /** HTML */
  a: string;
  derived: boolean;
}

const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${text}</a>`;

export function buildFaq(entry: Entry, site: SiteIndex): FaqItem[] {
  const items: FaqItem[] = entry.faq.map((f) => ({ id: `faq-${slugify(f.q)}`, q: f.q, a: renderInline(f.a), derived: false }));
  const add = (q: string, a: string) => {
    const id = `faq-${slugify(q)}`;
    if (!items.some((i) => i.id === id)) items.push({ id, q, a, derived: true });
  };

  if (entry.fingerprint) {
    add(
      'What does the error look like in the log?',
      `The characteristic line is <code>${escapeHtml(entry.fingerprint)}</code>. Paste your whole log into the diagnose box at the end of this page to check it against every entry.`,
    );
  } else {
    add(
      'Why is there no error message to search for?',
      `${escapeHtml(entry.id)} is a silent failure: nothing is printed. You recognise it from the observations under “What you’ll observe” and confirm it with the checklist under “How to confirm”.`,
    );
  }

  // Other causes of the same symptoms: the question on-call engineers actually ask.
  const others = new Map<string, { e: Entry; symptoms: string[] }>();
  for (const ref of entry.symptoms) {
    for (const occ of site.symptomIndex.get(ref.symptom)?.occurrences ?? []) {
      if (occ.entry.id === entry.id) continue;
      const cur = others.get(occ.entry.id) ?? { e: occ.entry, symptoms: [] };
      cur.symptoms.push(ref.symptom);
      others.set(occ.entry.id, cur);
    }
  }
  if (others.size) {
    const symptomLinks = entry.symptoms
      .filter((s) => [...others.values()].some((o) => o.symptoms.includes(s.symptom)))
      .map((s) => link(symptomUrl(s.symptom), escapeHtml(site.symptomById.get(s.symptom)?.label ?? s.symptom)));
    const names = [...others.values()]
      .sort((a, b) => b.symptoms.length - a.symptoms.length || a.e.id.localeCompare(b.e.id, 'en', { numeric: true }))
      .slice(0, 6)
      .map((o) => link(`${entryUrl(o.e.slug)}#${symptomAnchor(o.symptoms[0]!)}`, `${escapeHtml(o.e.id)} ${escapeHtml(o.e.title)}`));
    add(
      'What else produces the same symptoms?',
      `${list(names)}${others.size > 6 ? `, among ${others.size} entries` : ''}. The tell-apart column of the symptom table above says how to rule this cause in or out; the differential pages for ${list(symptomLinks)} compare every cause side by side.`,
    );
  }

  const stages = entry.stage.map((s) => stageLabel(s).toLowerCase());
  add(
    entry.stage.includes('inference') ? 'Does it also happen at inference time?' : 'Does it happen at inference time too?',
    entry.stage.includes('inference')
      ? `Yes. This entry covers ${list(stages)}, with ${list(entry.frameworks.map(frameworkLabel))}.`
      : `This entry is recorded for ${list(stages)} only, with ${list(entry.frameworks.map(frameworkLabel))}.`,
  );

  const issues = entry.references.filter((r) => r.kind === 'issue');
  if (issues.length) {
    add(
      'Is there an upstream issue about it?',
      `Yes: ${list(issues.map((r) => link(referenceHref(r.url), escapeHtml(r.title))))}.`,
    );
  }
  return items;
}
