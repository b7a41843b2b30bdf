/**
 * From the lines that matched to ranked candidates, each with how sure the matcher is.
 *
 * Scoring, in order of importance:
 * 1. each distinct symptom that fires adds the weight of its strongest signal (an IDF over
 *    entries: rare beats common), counted once however many phrasings of it matched;
 * 2. that weight is scaled by where the signal fired: an error line counts in full, other
 *    output 0.6, a warning a quarter, and a traceback frame (or the source line under one)
 *    nothing, so neither a benign warning nor a frame that every failure passing through the
 *    same code prints outweighs the exception itself;
 * 3. context cues (a frame such as `evaluation_loop`, a teacher model's forward) add a fixed
 *    amount, only to entries that already have a signal: cues raise candidates over the generic
 *    entry that matched the same line, they never create one;
 * 4. in a multi-rank log, the failure that came first outranks the collateral ones after it;
 * 5. when the log shows a library version, an entry whose release range holds it is raised and
 *    one whose ranges exclude it is lowered;
 * 6. a known issue whose signature matched a line that an entry's signals also matched (or a
 *    frame of the traceback whose exception line they matched), or whose entry (the failure it
 *    is one cause of) matched too, is the more specific explanation, and goes above that entry
 *    (unless the log's versions are outside its ranges).
 * At equal scores, the entry the registry names as the symptom's generic cause comes first.
 */
import { KNOWN_ISSUE_SYMPTOM, type Fingerprints, type Signal } from './fingerprints.ts';
import type { Level } from './normalize.ts';
import { compareIds } from '../order.ts';
import { versionNotes, type LogVersion, type VersionNote } from './versions.ts';

// A frame carries no weight: every failure that passes through the same code prints it.
const LEVEL_FACTOR: Record<Level, number> = { error: 1, info: 0.6, warning: 0.25, frame: 0 };
const CUE_WEIGHT = 1.2;
const MAX_CUES = 3;
/** Raw scores map to 0–1 with 1 - e^(-raw / SCALE): one specific error signal is about 0.7. */
const SCALE = 4;
const LINES_PER_CANDIDATE = 8;
/** How far below a frame its traceback's exception line may be, in lines. */
const TRACEBACK_SPAN = 40;
/** A first candidate this far ahead of the next, on this much evidence, is `high`. */
const HIGH = { raw: 2, margin: 1 };
/**
 * When the log shows a library version: an entry whose range holds it is raised by this
 * factor, and one whose ranges for that library all exclude it is lowered by the other.
 */
const IN_RANGE = 1.25;
const OUT_OF_RANGE = 0.5;

export type Confidence = 'high' | 'medium' | 'low';

export interface MatchedLine {
  /** 1-based line number in the pasted log */
  n: number;
  /** the line as pasted, ANSI colours removed */
  text: string;
  /** the matched part, as offsets into text */
  start: number;
  end: number;
  symptom?: string;
  /** the pattern that matched (signal or cue) */
  pattern: string;
  kind: 'signal' | 'cue';
  rank?: number;
}

export interface Candidate {
  id: string;
  title: string;
  url: string;
  /** 0–1 */
  score: number;
  raw: number;
  /**
   * How sure the matcher is: `high` when this candidate leads on clear evidence, `medium` when
   * it fits but another is close (or ties on the same symptom), `low` when the evidence is
   * weak (warnings, frames) or another candidate is far ahead.
   */
  confidence: Confidence;
  /** canonical symptoms that matched, strongest first */
  symptoms: string[];
  lines: MatchedLine[];
  /** the candidate is only supported by downstream effects of another failure */
  collateral: boolean;
  /** the candidate is the initiating failure of a multi-rank log */
  initiating: boolean;
  ranks: number[];
  /** for each library version the log shows and the entry gives ranges for: in range or not */
  versions?: VersionNote[];
  /** set when the candidate is a known issue rather than an entry */
  kind?: 'known-issue';
}

/** An entry a log shares words with, when no line of it matched. */
export interface Lead {
  id: string;
  title: string;
  url: string;
  /** 0–1, relative to the first lead */
  score: number;
  confidence: 'low';
  /** the shared words that weigh most */
  words: string[];
}

export interface Diagnosis {
  candidates: Candidate[];
  /** one sentence on which failure came first, when the log shows collateral failures */
  summary?: string;
  /**
   * The log shows one symptom only, and the first entries produce it alike ("one of these"):
   * they are listed with the check that tells each apart, the symptom's generic cause first.
   */
  shared?: {
    symptom: string;
    label: string;
    url: string;
    entries: number;
    /** the registry's most common cause of the symptom, when it is one of the tied entries (listed first) */
    generic?: string;
    /** the tied entries, in order, each with its tellApart for the symptom */
    tied: { id: string; tellApart?: string }[];
  };
  initiating?: { entry: string; symptom: string; rank?: number; line: number };
  /** the library versions the log shows (pip freeze, collect_env, …), first seen of each */
  versions?: LogVersion[];
  /**
   * When no candidate matched: the entries whose words the log shares most (profiles.ts),
   * leads to check rather than matches, so always low confidence.
   */
  closest?: Lead[];
  /** `newestFirst`: the log listed its newest line first, and was read oldest first */
  stats: { lines: number; matchedLines: number; bytes: number; longLines: number; newestFirst?: true };
}

export interface Hit {
  signal: number;
  line: number;
  text: string;
  start: number;
  end: number;
  level: Level;
  rank?: number;
  time?: number;
}

export interface CueHit {
  line: number;
  text: string;
  start: number;
  end: number;
  rank?: number;
}

/** What rank() needs of the matcher: the data and the signals (compiled or not). */
export interface RankContext {
  fp: Fingerprints;
  signals: readonly Signal[];
  cues: readonly { entry: string; source: string }[];
}

interface Evidence {
  signals: Map<number, Hit[]>;
  onlyCollateral: boolean;
  onlyWarnings: boolean;
}

/**
 * The strongest level factor a signal fired with. A known issue's signature may be a frame:
 * the code path that names one bug (`torch/__init__.py … in _load_global_deps` under lib64/),
 * which no other record or entry claims; it counts as other output rather than nothing.
 */
const strength = (list: Hit[], signal?: Signal) =>
  list.reduce(
    (x, h) =>
      Math.max(x, h.level === 'frame' && signal?.origin === 'known-issue' ? LEVEL_FACTOR.info : LEVEL_FACTOR[h.level]),
    0,
  );

/** What a signal's hits are worth: its weight at the strongest level it fired. */
const signalScore = (ctx: RankContext, si: number, list: Hit[]) =>
  ctx.signals[si]!.weight * strength(list, ctx.signals[si]);

/** Symptom → the weight it contributes: its strongest signal, at the strongest level it fired. */
function symptomScores(
  ctx: RankContext,
  ev: Evidence,
  which: (signal: number) => boolean = () => true,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const [si, list] of ev.signals) {
    if (!which(si)) continue;
    const sym = ctx.signals[si]!.symptom;
    out.set(sym, Math.max(out.get(sym) ?? 0, signalScore(ctx, si, list)));
  }
  return out;
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((x, y) => x + y, 0);

function describeRanks(ranks: number[]): string {
  const sorted = [...new Set(ranks)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : `${sorted[i]}`);
    i = j;
  }
  return `${sorted.length === 1 ? 'rank' : 'ranks'} ${parts.join(', ')}`;
}

/** One row per log line: the first signal that matched it (signals come before cues). */
function dedupeLines(lines: MatchedLine[]): MatchedLine[] {
  const seen = new Set<number>();
  return lines.filter((l) => {
    if (seen.has(l.n)) return false;
    seen.add(l.n);
    return true;
  });
}

export function rank(
  ctx: RankContext,
  hits: Hit[],
  cueHits: Map<number, CueHit>,
  stats: Omit<Diagnosis['stats'], 'matchedLines'>,
  logVersions: LogVersion[] = [],
): Diagnosis {
  const symptomInfo = new Map(ctx.fp.symptoms.map((s) => [s.id, s]));
  const entryInfo = new Map(ctx.fp.entries.map((e) => [e.id, e]));
  const collateralSignal = (i: number) => symptomInfo.get(ctx.signals[i]!.symptom)?.collateral === true;
  // a symptom the registry knows to be a warning counts as one, whatever the line shows
  for (const h of hits)
    if (symptomInfo.get(ctx.signals[h.signal]!.symptom)?.level === 'warning' && h.level !== 'frame')
      h.level = 'warning';
  const evidence = gatherEvidence(ctx, hits, collateralSignal);
  const cuesByEntry = new Map<string, number[]>();
  ctx.cues.forEach((c, i) => cuesByEntry.set(c.entry, [...(cuesByEntry.get(c.entry) ?? []), i]));
  const anyError = hits.some((h) => h.level === 'error');

  const candidates: Candidate[] = [];
  for (const [id, ev] of evidence) {
    const info = entryInfo.get(id);
    const cues = (cuesByEntry.get(id) ?? [])
      .flatMap((ci) => (cueHits.has(ci) ? [{ hit: cueHits.get(ci)!, source: ctx.cues[ci]!.source }] : []))
      .slice(0, MAX_CUES);
    const c = info && candidateOf(ctx, id, info, ev, cues, { anyError, logVersions });
    if (c) candidates.push(c);
  }
  // the line a log printed after another: listed newest first, a higher number is earlier
  const after = stats.newestFirst ? (a: number, b: number) => a < b : (a: number, b: number) => a > b;
  liftKnownIssues(ctx, hits, candidates, (id) => entryInfo.get(id)?.entry, after);
  const multiRank = initiatingFailure(ctx, hits, candidates, evidence, collateralSignal, after);
  for (const c of candidates) c.score = Math.round((1 - Math.exp(-c.raw / SCALE)) * 100) / 100;
  // At equal scores: the symptom's generic cause, then an entry that the matched symptom
  // defines (its first symptom), then the order of ids.
  const generic = (c: Candidate) => (c.symptoms.some((s) => symptomInfo.get(s)?.generic === c.id) ? 0 : 1);
  const defines = (c: Candidate) => (c.symptoms.length === 1 && entryInfo.get(c.id)?.symptom === c.symptoms[0] ? 0 : 1);
  candidates.sort(
    (a, b) => b.raw - a.raw || generic(a) - generic(b) || defines(a) - defines(b) || compareIds(a.id, b.id),
  );
  const shared = multiRank.summary ? undefined : sharedSymptom(candidates, symptomInfo, entryInfo);
  assignConfidence(candidates, evidence, shared);
  return {
    candidates,
    summary: multiRank.summary,
    initiating: multiRank.initiating,
    ...(shared ? { shared } : {}),
    ...(logVersions.length ? { versions: logVersions } : {}),
    stats: { ...stats, matchedLines: new Set(hits.map((h) => h.line)).size },
  };
}

/** Each entry's hits, by signal, and whether they are only collateral or only warnings. */
function gatherEvidence(
  ctx: RankContext,
  hits: readonly Hit[],
  collateralSignal: (i: number) => boolean,
): Map<string, Evidence> {
  const evidence = new Map<string, Evidence>();
  for (const h of hits) {
    for (const id of ctx.signals[h.signal]!.entries) {
      const ev = evidence.get(id) ?? { signals: new Map(), onlyCollateral: true, onlyWarnings: true };
      const list = ev.signals.get(h.signal) ?? [];
      list.push(h);
      ev.signals.set(h.signal, list);
      if (!collateralSignal(h.signal)) ev.onlyCollateral = false;
      if (h.level !== 'warning' && h.level !== 'frame') ev.onlyWarnings = false;
      evidence.set(id, ev);
    }
  }
  return evidence;
}

type EntryInfo = Fingerprints['entries'][number];

/** An entry's candidate from its evidence and cues (rules 1, 2, 3 and 5); none on frames alone. */
function candidateOf(
  ctx: RankContext,
  id: string,
  info: EntryInfo,
  ev: Evidence,
  cues: readonly { hit: CueHit; source: string }[],
  log: { anyError: boolean; logVersions: LogVersion[] },
): Candidate | undefined {
  const scores = symptomScores(ctx, ev);
  if (!sum(scores)) return undefined;
  let raw = sum(scores) + cues.length * CUE_WEIGHT;
  if (log.anyError && ev.onlyWarnings) raw *= 0.5;
  const notes = versionNotes(info.affected, log.logVersions);
  if (notes.some((v) => v.inRange)) raw *= IN_RANGE;
  else if (notes.length) raw *= OUT_OF_RANGE;
  return {
    id,
    title: info.title,
    url: info.url,
    score: 0,
    raw,
    confidence: 'low',
    symptoms: [...scores.entries()]
      .filter(([, w]) => w > 0)
      .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
      .map(([s]) => s),
    lines: matchedLines(ctx, ev, cues),
    collateral: ev.onlyCollateral,
    initiating: false,
    ranks: [
      ...new Set(
        [...ev.signals.values()]
          .flat()
          .map((h) => h.rank)
          .filter((r): r is number => r !== undefined),
      ),
    ].sort((x, y) => x - y),
    ...(notes.length ? { versions: notes } : {}),
    ...(info.kind ? { kind: info.kind } : {}),
  };
}

/** The lines shown for a candidate: strongest signals first (a line several matched shows the most telling), then cues; one row a line. */
function matchedLines(ctx: RankContext, ev: Evidence, cues: readonly { hit: CueHit; source: string }[]): MatchedLine[] {
  const lines: MatchedLine[] = [];
  const bySignal = [...ev.signals].sort((x, y) => signalScore(ctx, y[0], y[1]) - signalScore(ctx, x[0], x[1]));
  for (const [si, list] of bySignal) {
    for (const h of list.slice(0, 2))
      lines.push({
        n: h.line,
        text: h.text,
        start: h.start,
        end: h.end,
        symptom: ctx.signals[si]!.symptom,
        pattern: ctx.signals[si]!.source,
        kind: 'signal',
        rank: h.rank,
      });
  }
  for (const { hit, source } of cues)
    lines.push({
      n: hit.line,
      text: hit.text,
      start: hit.start,
      end: hit.end,
      pattern: source,
      kind: 'cue',
      rank: hit.rank,
    });
  return dedupeLines(lines)
    .sort((x, y) => x.n - y.n)
    .slice(0, LINES_PER_CANDIDATE);
}

/** "One of these": the first candidates tie on one symptom alone (not a known issue's). */
function sharedSymptom(
  candidates: readonly Candidate[],
  symptomInfo: ReadonlyMap<string, Fingerprints['symptoms'][number]>,
  entryInfo: ReadonlyMap<string, EntryInfo>,
): Diagnosis['shared'] {
  const tied = candidates.filter((c) => c.raw === candidates[0]!.raw);
  const tiedSymptoms = new Set(tied.flatMap((c) => c.symptoms));
  if (tied.length < 2 || tiedSymptoms.size !== 1 || tiedSymptoms.has(KNOWN_ISSUE_SYMPTOM)) return undefined;
  const info = symptomInfo.get([...tiedSymptoms][0]!);
  if (!info) return undefined;
  const generic = tied.some((c) => c.id === info.generic) ? info.generic : undefined;
  return {
    symptom: info.id,
    label: info.label,
    url: info.url,
    entries: tied.length,
    ...(generic ? { generic } : {}),
    tied: tied.map((c) => ({
      id: c.id,
      ...(entryInfo.get(c.id)?.tellApart?.[info.id] ? { tellApart: entryInfo.get(c.id)!.tellApart![info.id] } : {}),
    })),
  };
}

/**
 * Rule 6: each known issue goes just above its own entry and the entries that matched one of its
 * lines. A signature that matched a traceback frame owns the exception line that ends that
 * traceback too (the next error line that matched anything), so the code path that names the bug
 * goes above the generic entry of the error it raised.
 */
function liftKnownIssues(
  ctx: RankContext,
  hits: readonly Hit[],
  candidates: Candidate[],
  parentOf: (id: string) => string | undefined,
  after: (a: number, b: number) => boolean,
) {
  const entries = candidates.filter((c) => !c.kind);
  // the first error printed after the frame, within a traceback's length of it
  const errors = hits
    .filter((h) => h.level === 'error')
    .sort((a, b) => (after(a.line, b.line) ? 1 : after(b.line, a.line) ? -1 : 0));
  const raised = (frame: Hit) =>
    errors.find((h) => after(h.line, frame.line) && Math.abs(h.line - frame.line) <= TRACEBACK_SPAN)?.line;
  for (const k of candidates) {
    if (k.kind !== 'known-issue' || k.versions?.some((v) => !v.inRange)) continue;
    const own = new Set(k.lines.filter((l) => l.kind === 'signal').map((l) => l.n));
    for (const h of hits)
      if (h.level === 'frame' && ctx.signals[h.signal]!.entries.includes(k.id)) {
        const line = raised(h);
        if (line !== undefined) own.add(line);
      }
    const parent = parentOf(k.id);
    const over = entries.filter((e) => e.id === parent || e.lines.some((l) => l.kind === 'signal' && own.has(l.n)));
    if (over.length) k.raw = Math.max(k.raw, ...over.map((e) => e.raw + 0.5));
  }
}

function assignConfidence(candidates: Candidate[], evidence: Map<string, Evidence>, shared: Diagnosis['shared']) {
  const top = candidates[0];
  if (!top) return;
  const weak = (c: Candidate) => evidence.get(c.id)!.onlyWarnings || c.collateral;
  // `high` needs evidence of its own: a symptom the next candidate does not show, or at least
  // two context cues. A lead of one cue over the same matched lines is not certainty.
  const next = candidates[1];
  const cues = top.lines.filter((l) => l.kind === 'cue').length;
  const own = !next || cues >= 2 || top.symptoms.some((s) => !next.symptoms.includes(s));
  // entries tied on one symptom, none of them its known most common cause: each is one guess
  // among several, whatever the score
  const guess = new Set(shared && !shared.generic ? shared.tied.map((t) => t.id) : []);
  for (const c of candidates) {
    if (weak(c) || guess.has(c.id)) c.confidence = 'low';
    else if (c === top && !shared && own && c.raw >= HIGH.raw && c.raw - (next?.raw ?? 0) >= HIGH.margin)
      c.confidence = 'high';
    else if (c.raw >= 1 && c.raw >= 0.8 * top.raw) c.confidence = 'medium';
    else c.confidence = 'low';
  }
}

/**
 * In a multi-rank log, the earliest non-collateral failure that is not a warning (by timestamp
 * when both lines carry one, else by line order) is lifted above everything, the collateral
 * candidates are lowered, and a summary says so.
 */
function initiatingFailure(
  ctx: RankContext,
  hits: Hit[],
  candidates: Candidate[],
  evidence: Map<string, Evidence>,
  collateralSignal: (i: number) => boolean,
  after: (a: number, b: number) => boolean,
): Pick<Diagnosis, 'summary' | 'initiating'> {
  const symptomInfo = new Map(ctx.fp.symptoms.map((s) => [s.id, s]));
  const entryInfo = new Map(ctx.fp.entries.map((e) => [e.id, e]));
  const before = (a: Hit, b: Hit) =>
    a.time !== undefined && b.time !== undefined && a.time !== b.time ? a.time < b.time : after(b.line, a.line);
  let first: Hit | undefined;
  for (const h of hits)
    if (!collateralSignal(h.signal) && h.level !== 'warning' && h.level !== 'frame' && (!first || before(h, first)))
      first = h;
  const collateralHits = hits.filter((h) => collateralSignal(h.signal));
  if (!first || !collateralHits.length) return {};

  // The initiating entry: among the entries the first failure's signal supports, the one best
  // explained by non-collateral evidence (an entry that merely also lists the timeout must not
  // win on the timeout's weight). An entry whose defining symptom is itself collateral (the
  // watchdog timeout, the launcher's ChildFailedError) describes the aftermath, never the
  // initiating failure.
  const supported = new Set(ctx.signals[first.signal]!.entries);
  const definesCollateral = (id: string) => symptomInfo.get(entryInfo.get(id)?.symptom ?? '')?.collateral === true;
  const own = (c: Candidate) => c.raw - sum(symptomScores(ctx, evidence.get(c.id)!, collateralSignal));
  const lead = candidates
    .filter((c) => supported.has(c.id) && !definesCollateral(c.id))
    .sort((x, y) => own(y) - own(x) || compareIds(x.id, y.id))[0];
  if (!lead) return {};
  const top = Math.max(...candidates.map((c) => c.raw));
  lead.raw = Math.max(lead.raw, top + 0.5);
  lead.initiating = true;
  for (const c of candidates) if (c.collateral) c.raw *= 0.6;
  const firstSymptom = ctx.signals[first.signal]!.symptom;
  const label = (id: string) => symptomInfo.get(id)?.label ?? id;
  const collLabels = [...new Set(collateralHits.map((h) => label(ctx.signals[h.signal]!.symptom)))];
  const collRanks = collateralHits.map((h) => h.rank).filter((r): r is number => r !== undefined && r !== first.rank);
  const who = first.rank !== undefined ? `Rank ${first.rank}` : `Line ${first.line}`;
  const where = collRanks.length ? ` on ${describeRanks(collRanks)}` : ' after it';
  return {
    summary: `${who} failed first, with ${label(firstSymptom)} (${lead.id}); the ${collLabels.join(', ')}${where} ${collLabels.length === 1 ? 'is' : 'are'} collateral.`,
    initiating: { entry: lead.id, symptom: firstSymptom, rank: first.rank, line: first.line },
  };
}
