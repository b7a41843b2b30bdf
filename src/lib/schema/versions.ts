/**
 * Which releases a failure affects, and which releases its facts were checked against: an
 * entry's `versions` field, and the package registry (content/packages.yaml) it names packages
 * from. Versions and ranges are PEP 440, as pip writes them (`2.6.0`, `>=0.43.1,<0.46`), read
 * with @renovatebot/pep440. Cross-file rules (a known package, a `fixedIn` outside the range)
 * live in ../content/validate.ts, which knows the registry.
 */
import { z } from 'zod';
import { valid, validRange } from '@renovatebot/pep440';
import { PACKAGE_NAME_PATTERN } from './sources.ts';
import { REPO_ISSUE_PATTERN, text } from './patterns.ts';

/** A PEP 440 version such as `2.6.0` or `0.43.1`, quoted in YAML. */
export const VersionSchema = z
  .string({ error: 'expected a version as quoted text, e.g. "2.6.0" (unquoted, YAML reads 2.10 as the number 2.1)' })
  .trim()
  .refine((v) => valid(v) !== null, { message: 'expected a PEP 440 version such as "2.6.0" or "0.43.1"' });

/** A PEP 440 range such as `>=2.6`, `>=0.43.1,<0.46` or `<1.6`. */
export const RangeSchema = z
  .string({ error: 'expected a version range as quoted text, e.g. ">=2.6,<2.8"' })
  .trim()
  .refine((r) => validRange(r), {
    message:
      'expected a PEP 440 range such as ">=2.6", ">=0.43.1,<0.46" or "<1.6" (comma-separated clauses, no spaces between them)',
  });

/** A day written YYYY-MM-DD; YAML reads an unquoted one as a Date, which is taken back to its day. */
export const isoDate = z
  .union([z.string(), z.date()], { error: 'expected a date written YYYY-MM-DD' })
  .transform((v, ctx) => {
    const s = v instanceof Date ? v.toISOString().slice(0, 10) : v;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(Date.parse(s))) {
      ctx.addIssue({ code: 'custom', message: 'expected a date written YYYY-MM-DD' });
      return z.NEVER;
    }
    return s;
  });

const packageId = z
  .string({ error: 'expected a package id from content/packages.yaml, e.g. torch' })
  .regex(PACKAGE_NAME_PATTERN, 'expected a lower-case package id such as torch or flash-attn');

/** One package's releases that the failure affects. */
export const AffectedSchema = z.strictObject({
  /** A package id from content/packages.yaml: `torch`, `transformers`, `bitsandbytes`. */
  package: packageId.describe('A package id from content/packages.yaml, e.g. `torch`.'),
  /** The affected releases, PEP 440: `>=2.6`, `>=0.43.1,<0.46`. */
  range: RangeSchema.describe('The affected releases, as a PEP 440 range: `">=2.6"`, `">=0.43.1,<0.46"`.'),
  /** The first affected release, when the failure began with one. It lies in `range`. */
  introducedIn: VersionSchema.optional().describe(
    'The first affected release, when a release introduced the failure; it lies in `range`.',
  ),
  /** The release that fixed it, when one did. It lies outside `range`, above `introducedIn`. */
  fixedIn: VersionSchema.optional().describe(
    'The release that fixed it, when one did; it lies outside `range` and above `introducedIn`.',
  ),
  /** The change that introduced or fixed it: a pull request, commit or release note. */
  change: z
    .string({ error: 'expected an https URL or owner/repo#N' })
    .refine((u) => u.startsWith('https://') || REPO_ISSUE_PATTERN.test(u), {
      message: 'expected an https:// URL or a GitHub pull request written owner/repo#N',
    })
    .optional()
    .describe(
      'The change that introduced or fixed it: a pull request, commit or release note (https URL or `owner/repo#N`).',
    ),
  /** What changes at the boundary, in a few words: "weights_only defaults to True". */
  note: text('note')
    .optional()
    .describe('What changes at the boundary, in a few words, e.g. "weights_only defaults to True".'),
});

export const VersionsSchema = z.strictObject({
  /** The releases the failure affects, one item per package (or per range). Default: none known. */
  affected: z
    .array(AffectedSchema)
    .default([])
    .describe('The releases the failure affects, one item per package and range. Default: none known.'),
  /** The releases every fact of the entry was checked against, and when. */
  checkedAgainst: z
    .strictObject({
      /** The day the facts were checked, YYYY-MM-DD. */
      date: isoDate.describe('The day the facts were checked, YYYY-MM-DD.'),
      /** Package id → the release checked, quoted: `{ torch: "2.9.1", transformers: "4.57.1" }`. */
      releases: z
        .record(packageId, VersionSchema)
        .refine((r) => Object.keys(r).length > 0, {
          message: 'name at least one package and the release its facts were checked against',
        })
        .describe('Package id → the release the facts were checked against, quoted: `{ torch: "2.9.1" }`.'),
    })
    .describe('The releases every fact of the entry was checked against, and the date.'),
});

/** One package of content/packages.yaml. */
export const PackageSchema = z.strictObject({
  /** The id entries use, as pip names the package, lower case: `torch`, `flash-attn`. */
  id: packageId.describe('The id entries use, as pip names the package, lower case: `torch`, `flash-attn`.'),
  /** The name readers know: "PyTorch". */
  name: text('name').describe('The name readers know, e.g. "PyTorch".'),
  /** Other names a log prints the package under (`PyTorch`, `flash_attn`). Default: none. */
  aliases: z
    .array(text('alias'))
    .default([])
    .describe('Other names a log prints it under, e.g. `PyTorch`, `flash_attn`. Default: none.'),
  /** Where its releases are listed: the project's release notes or tags page. */
  releasesUrl: z
    .string()
    .startsWith('https://', 'expected an https:// URL')
    .describe("Where its releases are listed: the project's release notes or tags page."),
  /**
   * Known releases, oldest first, each with its date (or month); the newest decides whether an
   * entry may be out of date. Default: none recorded yet (a package only known issues name).
   */
  releases: z
    .array(
      z.strictObject({
        version: VersionSchema,
        date: z
          .union([z.string(), z.date()], {
            error: 'expected a date written YYYY-MM-DD, or YYYY-MM when the day is not known',
          })
          .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v))
          .refine((v) => /^\d{4}-\d{2}(?:-\d{2})?$/.test(v), {
            message: 'expected a date written YYYY-MM-DD, or YYYY-MM when the day is not known',
          }),
      }),
    )
    .default([])
    .describe(
      'Known releases, oldest first, each `{ version, date }`; the newest decides whether an entry checked against an older one may be out of date. Default: none recorded yet.',
    ),
});

export const PackageRegistrySchema = z.array(PackageSchema);

export type Versions = z.output<typeof VersionsSchema>;
export type Affected = z.output<typeof AffectedSchema>;
export type PackageData = z.output<typeof PackageSchema>;
