// The derived indexes, on small fixtures through the real schema.
import { describe, expect, test } from 'vitest';
import { validateContent } from '../../src/lib/content/validate.ts';
import { buildSiteIndex } from '../../src/lib/indexes/site-index.ts';
import { groupSymptoms, unusedSymptoms } from '../../src/lib/indexes/symptoms.ts';
import { computeRelated, findUnreciprocated } from '../../src/lib/indexes/related.ts';
import { entry, registry, sources } from './fixtures/content.ts';

const sym = (symptom: string) => ({ symptom, wording: 'w', why: 'y', tellApart: 't' });
const reg = [
  ...registry,
  { id: 'aaa-first-label', label: 'A first label', category: 'memory', description: 'd', patterns: [] },
  { id: 'unused', label: 'Nobody', category: 'hardware', description: 'd', patterns: [] },
];

function site(files: Parameters<typeof sources>[0]) {
  const content = validateContent(sources(files, reg));
  expect(content.problems.filter((p) => p.severity !== 'warning')).toEqual([]);
  return buildSiteIndex(content.entries, content.symptoms);
}

const three = [
  { slug: 'a', data: entry({ id: 'MEM-001', tags: ['oom', 'batch'], symptoms: [sym('cuda-oom'), sym('loss-nan'), sym('training-hang')] }) },
  { slug: 'b', data: entry({ id: 'MEM-002', tags: ['oom'], related: ['MEM-003'], symptoms: [sym('cuda-oom'), sym('aaa-first-label'), sym('training-hang')] }) },
  { slug: 'c', data: entry({ id: 'MEM-003', tags: ['other'], symptoms: [sym('cuda-oom'), sym('loss-nan'), sym('aaa-first-label')] }) },
];

describe('the symptom index', () => {
  test('counts entries per symptom and lists them by id', () => {
    const s = site(three);
    expect(s.symptomIndex.get('cuda-oom')!.occurrences.map((o) => o.entry.id)).toEqual(['MEM-001', 'MEM-002', 'MEM-003']);
    expect(s.symptomIndex.get('unused')!.occurrences).toEqual([]);
  });

  test('groups by category in category order, most-shared first, ties by label', () => {
    const groups = groupSymptoms(site(three).symptomIndex);
    expect(groups.map((g) => g.category)).toEqual(['memory', 'numerics', 'distributed', 'hardware']);
    expect(groups[0]!.items.map((i) => [i.symptom.id, i.count])).toEqual([
      ['cuda-oom', 3],
      ['aaa-first-label', 2],
    ]);
  });

  test('finds registry symptoms no entry uses', () => {
    expect(unusedSymptoms(site(three).symptomIndex).map((s) => s.id)).toEqual(['unused']);
  });
});

describe('related entries', () => {
  test('lists the explicit ones first, then by shared symptoms and tags, ties by id', () => {
    const s = site(three);
    expect(s.related.get('MEM-002')!.map((r) => [r.id, r.explicit, r.shares])).toEqual([
      ['MEM-003', true, ['cuda-oom', 'aaa-first-label']],
      ['MEM-001', false, ['cuda-oom', 'training-hang', 'oom']],
    ]);
    // MEM-001 shares two symptoms with MEM-002 (plus a tag) and two with MEM-003: the tag decides.
    expect(s.related.get('MEM-001')!.map((r) => r.id)).toEqual(['MEM-002', 'MEM-003']);
  });

  test('never lists more than the maximum', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ slug: `e${i}`, data: entry({ id: `MEM-10${i}`, symptoms: [sym('cuda-oom'), sym('loss-nan'), sym('training-hang')] }) }));
    const s = site(many);
    expect(computeRelated(s.entries[0]!, s.entries)).toHaveLength(6);
  });

  test('reports links that are not reciprocated', () => {
    const s = site(three);
    expect(findUnreciprocated(s.entries).map((u) => `${u.from.id} → ${u.to}`)).toEqual(['MEM-002 → MEM-003']);
  });
});

describe('browse facets', () => {
  test('lists tags sorted, with their entries', () => {
    expect(site(three).tags.map((t) => [t.id, t.entries.map((e) => e.id)])).toEqual([
      ['batch', ['MEM-001']],
      ['oom', ['MEM-001', 'MEM-002']],
      ['other', ['MEM-003']],
    ]);
  });

  test('keeps categories in vocabulary order, frameworks labelled', () => {
    const s = site(three);
    expect(s.categories[0]).toMatchObject({ id: 'memory', prefix: 'MEM' });
    expect(s.categories[0]!.entries).toHaveLength(3);
    expect(s.frameworks.map((f) => [f.id, f.label])).toEqual([['pytorch', 'PyTorch']]);
  });
});

test("a symptom lists the entries of its own category first", () => {
  const s = site([
    { slug: 'a', data: entry({ id: 'CKPT-001', category: 'checkpointing', symptoms: [sym('cuda-oom'), sym('loss-nan'), sym('training-hang')] }) },
    { slug: 'b', data: entry({ id: 'MEM-009', symptoms: [sym('cuda-oom'), sym('loss-nan'), sym('training-hang')] }) },
  ]);
  expect(s.symptomIndex.get('cuda-oom')!.occurrences.map((o) => o.entry.id)).toEqual(['MEM-009', 'CKPT-001']);
  expect(s.symptomIndex.get('loss-nan')!.occurrences.map((o) => o.entry.id)).toEqual(['CKPT-001', 'MEM-009']);
});
