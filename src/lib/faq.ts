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
import { firstK } from './order.ts';

export interface FaqItem {
  id: string;
  q: string;
  /** HTML */
  a: string;
  derived: boolean;
}

const list = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${text}</a>`;

interface Scratch {
  position: Map<Entry, number>;
  /** symptom id → positions (in site.entries) of the entries showing it */
  positions: Map<string, Int32Array>;
  count: Int32Array;
  first: Int32Array;
}
const scratch = new WeakMap<SiteIndex, Scratch>();
function scratchFor(site: SiteIndex): Scratch {
  let s = scratch.get(site);
  if (!s) {
    const position = new Map(site.entries.map((e, i) => [e, i]));
    const positions = new Map(
      [...site.symptomIndex].map(([id, item]) => [
        id,
        Int32Array.from(item.occurrences, (o) => position.get(o.entry)!),
      ]),
    );
    s = { position, positions, count: new Int32Array(site.entries.length), first: new Int32Array(site.entries.length) };
    scratch.set(site, s);
  }
  return s;
}

export function buildFaq(entry: Entry, site: SiteIndex): FaqItem[] {
  const items: FaqItem[] = entry.faq.map((f) => ({
    id: `faq-${slugify(f.q)}`,
    q: f.q,
    a: renderInline(f.a),
    derived: false,
  }));
  // a derived question is added unless the entry asks it already
  for (const derived of [logQuestion(entry), sameSymptoms(entry, site), stageQuestion(entry), upstreamIssues(entry)]) {
    if (!derived) continue;
    const [q, a] = derived;
    const id = `faq-${slugify(q)}`;
    if (!items.some((i) => i.id === id)) items.push({ id, q, a, derived: true });
  }
  return items;
}

/** A derived question and its answer, or undefined when the entry has nothing to say. */
type Derived = [question: string, answer: string] | undefined;

/** What the failure prints, or why it prints nothing. */
function logQuestion(entry: Entry): Derived {
  return entry.fingerprint
    ? [
        'What does the error look like in the log?',
        `The characteristic line is <code>${escapeHtml(entry.fingerprint)}</code>. Paste your whole log into the diagnose box at the end of this page to check it against every entry.`,
      ]
    : [
        'Why is there no error message to search for?',
        `${escapeHtml(entry.id)} is a silent failure: nothing is printed. You recognise it from the observations under “What you’ll observe” and confirm it with the checklist under “How to confirm”.`,
      ];
}

/**
 * Other causes of the same symptoms: the question on-call engineers actually ask. A common
 * symptom can be shared by a large part of a big collection (a thousand entries per page at
 * 10,000), so the counting reads only typed arrays of positions in site.entries (which is in
 * id order), and only the six kept become entries again.
 */
function sameSymptoms(entry: Entry, site: SiteIndex): Derived {
  const { position, positions, count, first } = scratchFor(site);
  const self = position.get(entry) ?? -1;
  const touched: number[] = [];
  const shared = new Set<string>();
  entry.symptoms.forEach((ref, si) => {
    const showing = positions.get(ref.symptom) ?? new Int32Array(0);
    for (const i of showing) {
      if (i === self) continue;
      if (count[i] === 0) {
        touched.push(i);
        first[i] = si;
      }
      count[i]!++;
    }
    if (showing.some((i) => i !== self)) shared.add(ref.symptom);
  });
  const top = firstK(touched, 6, (a, b) => count[b]! - count[a]! || a - b).map((i) => ({
    e: site.entries[i]!,
    symptom: entry.symptoms[first[i]!]!.symptom,
  }));
  for (const i of touched) count[i] = 0;
  if (!top.length) return undefined;
  const symptomLinks = entry.symptoms
    .filter((s) => shared.has(s.symptom))
    .map((s) => link(symptomUrl(s.symptom), escapeHtml(site.symptomById.get(s.symptom)?.label ?? s.symptom)));
  const names = top.map((o) =>
    link(`${entryUrl(o.e.slug)}#${symptomAnchor(o.symptom)}`, `${escapeHtml(o.e.id)} ${escapeHtml(o.e.title)}`),
  );
  return [
    'What else produces the same symptoms?',
    `${list(names)}${touched.length > 6 ? `, among ${touched.length} entries` : ''}. The tell-apart column of the symptom table above says how to rule this cause in or out; the differential pages for ${list(symptomLinks)} compare every cause side by side.`,
  ];
}

/** Whether the failure is recorded for inference too. */
function stageQuestion(entry: Entry): Derived {
  const stages = list(entry.stage.map((s) => stageLabel(s).toLowerCase()));
  const frameworks = list(entry.frameworks.map(frameworkLabel));
  return entry.stage.includes('inference')
    ? ['Does it also happen at inference time?', `Yes. This entry covers ${stages}, with ${frameworks}.`]
    : ['Does it happen at inference time too?', `This entry is recorded for ${stages} only, with ${frameworks}.`];
}

/** The upstream issues among the references. */
function upstreamIssues(entry: Entry): Derived {
  const issues = entry.references.filter((r) => r.kind === 'issue');
  if (!issues.length) return undefined;
  return [
    'Is there an upstream issue about it?',
    `Yes: ${list(issues.map((r) => link(referenceHref(r.url), escapeHtml(r.title))))}.`,
  ];
}
