/** The shapes of ids, slugs, short issue links and text fields, shared by the schemas. */
import { z } from 'zod';

/** `MEM-003`: a category prefix, a dash and at least three digits. */
export const ID_PATTERN = /^[A-Z]+-\d{3,}$/;
/** Lower-case words joined by single dashes: `activation-distillation-memory`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A GitHub issue or pull request written short: `pytorch/pytorch#35901`. */
export const REPO_ISSUE_PATTERN = /^[A-Za-z0-9][\w.-]*\/[\w.-]+#\d+$/;

/** An https URL with no spaces in it, named in its messages ("expected the https:// URL of the thread"). */
export const httpsUrl = (what: string) =>
  z
    .string({ error: `expected the https URL of ${what}` })
    .regex(/^https:\/\/\S+$/, `expected the https:// URL of ${what}`);

/** A required text field: trimmed, not empty, named in its messages ("expected title as text"). */
export const text = (what: string) =>
  z
    .string({ error: `expected ${what} as text` })
    .trim()
    .min(1, `${what} is empty`);
