/**
 * What the faultline command reads: the compiled fingerprints, the entries' word profiles and
 * each entry's text, as one plain JSON value. The packed CLI carries it as a file generated
 * from content/ at pack time; inside a clone it is built from content/ and cached by the
 * content's hash (clone-data.ts).
 */
import type { ValidatedContent } from '../../lib/content/validate.ts';
import { fingerprintsFor } from '../../build/fingerprints-from-content.ts';
import { entryProfiles } from '../../build/profiles.ts';
import { inlineToText } from '../../lib/inline.ts';
import { entryUrl, shortUrl } from '../../lib/urls.ts';
import { fixSectionText } from './explain.ts';
import { DATA_VERSION, type CliData } from './types.ts';

export type { CliData, CliEntry } from './types.ts';

export function cliData(content: ValidatedContent): CliData {
  return {
    version: DATA_VERSION,
    fingerprints: fingerprintsFor(content),
    profiles: entryProfiles(content.entries, (slug) => content.examples.get(slug) ?? []),
    entries: content.entries.map((e) => ({
      id: e.id,
      title: e.title,
      url: entryUrl(e.slug),
      shortUrl: shortUrl(e.id),
      summary: inlineToText(e.summary),
      fingerprint: e.fingerprint ?? null,
      rootCauses: e.rootCauses.map((c) => ({ title: inlineToText(c.title), detail: inlineToText(c.detail) })),
      fixes: e.fixes.map((f) => ({ title: inlineToText(f.title), summary: inlineToText(f.summary) })),
      fixText: fixSectionText(e.body),
    })),
  };
}
