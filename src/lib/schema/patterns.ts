/** The shapes of ids, slugs and short issue links, shared by the schemas. */

/** `MEM-003`: a category prefix, a dash and at least three digits. */
export const ID_PATTERN = /^[A-Z]+-\d{3,}$/;
/** Lower-case words joined by single dashes: `activation-distillation-memory`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A GitHub issue or pull request written short: `pytorch/pytorch#35901`. */
export const REPO_ISSUE_PATTERN = /^[A-Za-z0-9][\w.-]*\/[\w.-]+#\d+$/;
