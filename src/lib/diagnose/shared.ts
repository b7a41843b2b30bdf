/**
 * What goes with a diagnosis's `shared` (the log shows one symptom, which several entries
 * produce alike), before the link to the symptom's page: one wording for the web page and the
 * command line, which quotes with its own marks. A module of its own so that the diagnose page
 * does not bundle the matcher, which runs in its worker.
 */
import type { Candidate, Diagnosis } from './match.ts';

export function sharedLead(shared: NonNullable<Diagnosis['shared']>, quote = (text: string) => `“${text}”`): string {
  const order = shared.generic
    ? 'The most common cause comes first'
    : 'None of them is known to be the more common cause, so each is given low confidence';
  return `One of these: the log shows only ${quote(shared.label)}, which ${shared.entries} entries produce alike, so the order is not a ranking. ${order}; the check under each tells them apart.`;
}

/** A confidence as words: "high confidence". */
export const confidenceText = (c: Candidate['confidence']) => `${c} confidence`;

/**
 * "your torch 2.6.0 is in the affected range >=2.6", for a candidate's version note, with the
 * release that fixed it when the range ends with one: "…; fixed in 4.46.1".
 */
export const versionNoteText = (v: NonNullable<Candidate['versions']>[number]) =>
  `your ${v.package} ${v.version} is ${v.inRange ? 'in' : 'outside'} the affected range ${v.range}${v.inRange && v.fixedIn ? `; fixed in ${v.fixedIn}` : ''}`;

/** "Versions in this log: torch 2.6.0, transformers 4.46.0." */
export const logVersionsText = (versions: NonNullable<Diagnosis['versions']>) =>
  `Versions in this log: ${versions.map((v) => `${v.package} ${v.version}`).join(', ')}.`;
