/**
 * The library versions a log shows: `pip freeze` and `pip list` lines, `collect_env` and
 * `transformers-cli env` output, `torch.__version__` printed, site-packages paths with a
 * version, and vLLM's start-up line. Pure, line by line, for the matcher's scan.
 *
 *   const reader = versionReader(packages);
 *   reader.read(line, n); …
 *   reader.found();   // [{ package: 'torch', version: '2.6.0+cu124', line: 12 }]
 *
 * Only the registry's packages are read, by their id or an alias, and each keeps the first
 * version seen. Every regular expression here runs on JavaScript's engine and is linear (the
 * hostile-input test holds them to it).
 */
import { valid } from '@renovatebot/pep440';
import { satisfies } from '../pep440.ts';

export interface LogVersion {
  package: string;
  version: string;
  /** the 1-based line it was read on */
  line: number;
}

const V = String.raw`(\d+(?:\.\d+){1,3}(?:(?:a|b|rc|\.post|\.dev)\d+)?(?:\+[\w.]+)?)`;
const NAME = String.raw`([A-Za-z][\w.-]*)`;

/** Each shape with the group holding the name and the one holding the version. */
const SHAPES: { re: RegExp; name: number; version: number }[] = [
  // pip freeze, and collect_env's "[pip3] torch==2.1.0" / "[conda] pytorch 2.1.0 py3.10_cuda12.1_0":
  // one requirement alone on its line (pip's conflict errors list pins it wants, not has)
  { re: new RegExp(String.raw`^\s*(?:\[(?:pip3?|conda)\]\s+)?${NAME}\s*==\s*${V}\s*$`), name: 1, version: 2 },
  { re: new RegExp(String.raw`^\s*\[conda\]\s+${NAME}\s+${V}\b`), name: 1, version: 2 },
  // pip list: a name and a version, and nothing else but spaces (or an editable path)
  { re: new RegExp(String.raw`^${NAME} {2,}${V}(?: {2,}\S+)?\s*$`), name: 1, version: 2 },
  // "PyTorch version: 2.1.0+cu121", "- `transformers` version: 4.46.0", "torch.__version__ = 2.6.0",
  // "- PyTorch version (GPU?): 2.1.0+cu121 (True)", "torch: 2.6.0"
  {
    re: new RegExp(
      String.raw`^[\s*-]*\x60?([A-Za-z][\w-]*)\x60?(?:\.__version__| version)?(?: \(GPU\?\))?\s*[:=]\s*['"]?v?${V}`,
    ),
    name: 1,
    version: 2,
  },
  // site-packages/flash_attn-2.5.8.dist-info, site-packages/bitsandbytes-0.39.0-py3.8.egg/
  {
    re: new RegExp(String.raw`(?:site|dist)-packages/${NAME}-${V}(?:\.dist-info|\.egg-info|-py\d)`),
    name: 1,
    version: 2,
  },
];
/** vLLM's own start-up lines name only itself. */
const VLLM = new RegExp(String.raw`(?:vLLM API server version|LLM engine \(v)${V}`);
/** `>>> torch.__version__` answered on the next line with `'2.6.0+cu124'`. */
const ANSWER = new RegExp(String.raw`^\s*['"]${V}['"]\s*$`);

/** Every regular expression the reader runs, for the linear-time test. */
export const VERSION_REGEXES: readonly RegExp[] = [...SHAPES.map((s) => s.re), VLLM, ANSWER];

/** The module a line ending in `<module>.__version__` asks about, read backwards without a regex. */
function asked(line: string): string | undefined {
  const end = line.trimEnd();
  if (!end.endsWith('.__version__')) return undefined;
  let i = end.length - '.__version__'.length;
  const stop = i;
  while (i > 0 && /\w/.test(end[i - 1]!)) i--;
  return i < stop ? end.slice(i, stop) : undefined;
}

const key = (name: string) => name.toLowerCase().replace(/_/g, '-');

export function versionReader(packages: readonly { id: string; aliases?: readonly string[] }[]) {
  const byName = new Map<string, string>();
  for (const p of packages) {
    byName.set(key(p.id), p.id);
    for (const a of p.aliases ?? []) byName.set(key(a), p.id);
  }
  const found = new Map<string, LogVersion>();
  let question: string | undefined;
  const take = (name: string, version: string, line: number) => {
    const id = byName.get(key(name));
    if (id && !found.has(id) && valid(version)) found.set(id, { package: id, version, line });
  };
  return {
    read(line: string, n: number) {
      const was = question;
      question = undefined;
      // every shape holds a version: digits, a dot, digits
      if (!/\d\.\d/.test(line)) {
        question = asked(line);
        return;
      }
      if (was) {
        const a = ANSWER.exec(line);
        if (a) return take(was, a[1]!, n);
      }
      const v = VLLM.exec(line);
      if (v) take('vllm', v[1]!, n);
      for (const { re, name, version } of SHAPES) {
        const m = re.exec(line);
        if (m) take(m[name]!, m[version]!, n);
      }
    },
    found: () => [...found.values()].sort((a, b) => a.line - b.line),
  };
}

export interface VersionNote {
  package: string;
  version: string;
  range: string;
  inRange: boolean;
  /** the release that fixed the failure, when the range gives one */
  fixedIn?: string;
}

/**
 * What a log's versions say of an entry: for each package the log shows and the entry gives
 * ranges for, whether the version is in one of them. Empty when the log shows no such version.
 */
export function versionNotes(
  affected: readonly { package: string; range: string; fixedIn?: string }[] | undefined,
  versions: readonly LogVersion[],
): VersionNote[] {
  const out: VersionNote[] = [];
  for (const v of versions) {
    const ranges = (affected ?? []).filter((a) => a.package === v.package);
    if (!ranges.length) continue;
    const hit = ranges.find((a) => satisfies(v.version, a.range));
    const shown = hit ?? ranges[0]!;
    out.push({
      package: v.package,
      version: v.version,
      range: shown.range,
      inRange: !!hit,
      ...(shown.fixedIn ? { fixedIn: shown.fixedIn } : {}),
    });
  }
  return out;
}
