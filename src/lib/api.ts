/**
 * The shapes of /api/v1/*.json. Versioned: a breaking change gets /api/v2/, and v1 keeps
 * being built, because bots in incident tooling read these for years.
 */
import type { Entry } from './content/validate.ts';
import type { SiteIndex } from './indexes/site-index.ts';
import { inlineToText } from './inline.ts';
import {
  entryUrl,
  knownIssueShortUrl,
  knownIssueUrl,
  packageVersionsUrl,
  referenceHref,
  shortUrl,
  symptomAnchor,
  symptomUrl,
} from './urls.ts';
import type { KnownIssue } from './schema/known-issue.ts';

export function toApiEntry(e: Entry, site: SiteIndex) {
  return {
    id: e.id,
    title: e.title,
    url: entryUrl(e.slug),
    shortUrl: shortUrl(e.id),
    summary: inlineToText(e.summary),
    category: e.category,
    tags: e.tags,
    frameworks: e.frameworks,
    stage: e.stage,
    fingerprint: e.fingerprint ?? null,
    symptoms: e.symptoms.map((s) => ({
      id: s.symptom,
      label: site.symptomById.get(s.symptom)?.label ?? s.symptom,
      url: `${entryUrl(e.slug)}#${symptomAnchor(s.symptom)}`,
      wording: inlineToText(s.wording),
      tellApart: s.tellApart ? inlineToText(s.tellApart) : null,
    })),
    rootCauses: e.rootCauses.map((c) => ({ title: inlineToText(c.title), detail: inlineToText(c.detail) })),
    fixes: e.fixes.map((f) => ({ title: inlineToText(f.title), summary: inlineToText(f.summary) })),
    related: e.related,
    references: e.references.map((r) => ({
      title: r.title,
      ...(r.note ? { note: r.note } : {}),
      url: referenceHref(r.url),
      kind: r.kind,
    })),
    // as the entry gives it: affected ranges per package, and the releases it was checked against
    versions: e.versions ?? null,
    updated: e.updated,
  };
}

/** /api/v1/versions.json: the package registry, and per package the ranges and boundaries entries give. */
export function toApiVersions(site: SiteIndex) {
  return site.packages.map((p) => {
    const v = site.versions.find((x) => x.package.id === p.id);
    return {
      id: p.id,
      name: p.name,
      url: v ? packageVersionsUrl(p.id) : null,
      releases: p.releases,
      entries: (v?.entries ?? []).map(({ entry, affected }) => ({ id: entry.id, url: entryUrl(entry.slug), affected })),
      boundaries: (v?.boundaries ?? []).map((b) => ({
        version: b.version,
        introduced: b.introduced.map((x) => x.entry.id),
        fixed: b.fixed.map((x) => x.entry.id),
        introducedKnownIssues: b.introducedIssues.map((x) => x.issue.id),
        fixedKnownIssues: b.fixedIssues.map((x) => x.issue.id),
      })),
    };
  });
}

export function toApiSymptoms(site: SiteIndex) {
  return [...site.symptomIndex.values()]
    .filter((i) => i.occurrences.length > 0)
    .map(({ symptom, occurrences }) => ({
      id: symptom.id,
      label: symptom.label,
      category: symptom.category,
      description: symptom.description,
      url: symptomUrl(symptom.id),
      collateral: symptom.collateral,
      patterns: symptom.patterns,
      entries: occurrences.map((o) => o.entry.id),
    }));
}

/** /api/v1/known-issues.json: every known issue as its record gives it, with its URLs. */
export function toApiKnownIssue(k: KnownIssue, site: SiteIndex) {
  return {
    id: k.id,
    title: k.title,
    url: knownIssueUrl(k.slug),
    shortUrl: knownIssueShortUrl(k.id),
    kind: k.kind,
    summary: inlineToText(k.summary),
    signature: k.signature,
    versions: k.versions,
    fix: inlineToText(k.fix),
    workaround: inlineToText(k.workaround),
    upstream: k.upstream,
    entry: k.entry ? (site.bySlug.get(k.entry)?.id ?? null) : null,
    logs: k.logs.map((l) => ({ source: l.source, title: l.title, versions: l.versions ?? null })),
    updated: k.updated,
    withdrawn: k.withdrawn ?? null,
  };
}
