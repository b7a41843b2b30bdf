/**
 * Turns zod issues into messages an author can act on: the dotted path, the bad value
 * quoted, and what was expected (with the allowed values, and a guess when one is close).
 */
import type { z } from 'zod';
import { distance } from 'fastest-levenshtein';

export interface Problem {
  /** Path of the file, relative to the project root: content/entries/x.mdx */
  file: string;
  /** 1-based line in that file, where one can be found. */
  line?: number;
  /** Dotted path of the field: symptoms.0.symptom. Empty for a problem with the whole file. */
  path: string;
  message: string;
  /** warnings are reported but do not fail the build */
  severity?: 'error' | 'warning';
}

export function formatProblem(p: Problem): string {
  const where = p.line ? `${p.file}:${p.line}` : p.file;
  const prefix = p.severity === 'warning' ? 'warning: ' : '';
  return p.path ? `${where}: ${prefix}${p.path}: ${p.message}` : `${where}: ${prefix}${p.message}`;
}

export function dottedPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map(String).join('.');
}

export function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key as string];
  }
  return cur;
}

/** A short, quoted rendering of a value for an error message. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${show(value)}`;
}

/** The closest known value, when it is close enough to be a likely typo. */
export function closest(value: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(value.toLowerCase(), k.toLowerCase());
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(value.length / 3)) ? best : undefined;
}

export function unknownValueMessage(what: string, value: string, known: readonly string[]): string {
  const guess = closest(value, known);
  const list = known.length > 12 ? `${known.slice(0, 12).join(', ')}, … (${known.length} in all)` : known.join(', ');
  return `unknown ${what} ${show(value)}${guess ? `; did you mean "${guess}"?` : ''} (known: ${list})`;
}

/**
 * The problem of a YAML document whose top level is not a mapping of fields (a list, a bare
 * value, null), reported at `line` with `message`; undefined when it is a mapping.
 */
export function notAMapping(data: unknown, file: string, line: number, message: string): Problem | undefined {
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) return undefined;
  return { file, line, path: '', message };
}

/**
 * Every issue of a failed parse as a problem of `file`: its dotted path (through `pathOf`, which
 * may prefix it) and its line where `lineOf` finds one for the issue's place.
 */
export function issueProblems(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  file: string,
  lineOf: (at: PropertyKey[]) => number | undefined,
  pathOf: (path: string) => string = (path) => path,
): Problem[] {
  return issues.map((issue) => {
    const { path, message, at } = describeIssue(issue, input);
    return { file, line: lineOf(at), path: pathOf(path), message };
  });
}

/** One zod issue → (path, message). */
export function describeIssue(
  issue: z.core.$ZodIssue,
  input: unknown,
): { path: string; message: string; at: PropertyKey[] } {
  const r = describe(issue, input);
  const at =
    issue.code === 'unrecognized_keys' && issue.keys.length === 1 ? [...issue.path, issue.keys[0]!] : [...issue.path];
  return { ...r, at };
}

function describe(issue: z.core.$ZodIssue, input: unknown): { path: string; message: string } {
  const path = [...issue.path];
  const value = valueAt(input, path);
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined)
        return { path: dottedPath(path), message: `required field is missing (expected ${issue.expected})` };
      return { path: dottedPath(path), message: `expected ${issue.expected}, got ${kindOf(value)}` };
    }
    case 'invalid_value': {
      const allowed = issue.values.map(String);
      return { path: dottedPath(path), message: unknownValueMessage('value', String(value), allowed) };
    }
    case 'unrecognized_keys': {
      return issue.keys.length === 1
        ? { path: dottedPath([...path, issue.keys[0]!]), message: 'unknown field; remove it or check its spelling' }
        : {
            path: dottedPath(path),
            message: `unknown fields ${issue.keys.map((k) => `"${k}"`).join(', ')}; remove them or check their spelling`,
          };
    }
    case 'invalid_union':
      return { path: dottedPath(path), message: `${issue.message} (got ${kindOf(value)})` };
    case 'too_small':
    case 'too_big':
      return {
        path: dottedPath(path),
        message:
          Array.isArray(value) || typeof value !== 'string' ? issue.message : `${issue.message} (got ${show(value)})`,
      };
    case 'invalid_format':
      return { path: dottedPath(path), message: `${issue.message}, got ${show(value)}` };
    default:
      return { path: dottedPath(path), message: issue.message };
  }
}
