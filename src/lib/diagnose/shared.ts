/**
 * What goes with a diagnosis's `shared` (the log shows one symptom, which several entries
 * produce alike), before the link to the symptom's page: one wording for the web page and the
 * command line, which quotes with its own marks. A module of its own so that the diagnose page
 * does not bundle the matcher, which runs in its worker.
 */
import type { Diagnosis } from './match.ts';

export function sharedLead(shared: NonNullable<Diagnosis['shared']>, quote = (text: string) => `“${text}”`): string {
  return `The log shows only ${quote(shared.label)}, which ${shared.entries} entries produce alike: the order below is not a ranking.`;
}
