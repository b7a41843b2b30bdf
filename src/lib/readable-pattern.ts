/**
 * A log pattern as a reader would say it: `CUDA out of memory\. Tried to allocate \d+ MiB`
 * becomes `CUDA out of memory. Tried to allocate <number> MiB`. Shown on symptom pages next to
 * the exact regular expression, which stays available for those who want it.
 */
export function readablePattern(source: string): string {
  let s = source;
  const rules: [RegExp, string][] = [
    [/\(\?<?[=!][^)]*\)/g, ''], // lookarounds say where, not what
    [/\\d\+(?:\(\?:\\\.\\d\+\)\?)?/g, '<number>'],
    [/\\d(?:\{\d+(?:,\d*)?\}|\*)?/g, '<digit>'],
    [/\[\^?[^\]]*\]\+/g, '<text>'],
    [/\\w\+/g, '<word>'],
    [/\\S\+/g, '<word>'],
    [/\.\*\??|\.\+\??|\.\{\d*,?\d*\}\??/g, '…'],
    [/\\s[*+]?/g, ' '],
    [/\\b/g, ''],
    [/\^|\$/g, ''],
    [/\(\?:/g, '('],
  ];
  for (const [re, rep] of rules) s = s.replace(re, rep);
  // Escaped characters are literal text: park them so group handling below cannot touch them.
  const parked: string[] = [];
  s = s.replace(/\\(.)/g, (_, c: string) => `\u0000${parked.push(c) - 1}\u0000`);
  // "(a|b)" → "a or b" for simple alternations; optional groups "(x)?" → "[x]"
  // innermost groups first, until none is left
  for (let before = ''; before !== s;) {
    before = s;
    s = s.replace(/\(([^()|]+(?:\|[^()|]+)+)\)(\??)/g, (_, alts: string, opt: string) =>
      opt ? `[${alts.split('|').join(' or ')}]` : alts.split('|').join(' or '),
    );
    s = s.replace(/\(([^()]*)\)\?/g, '[$1]');
    if (before === s) s = s.replace(/\(([^()]*)\)(?!\?)/, '$1');
  }
  s = s.replace(/([^\s\]])\?(?=\s|$)/g, '$1');
  s = s.replace(/\u0000(\d+)\u0000/g, (_, i: string) => parked[Number(i)]!);
  return s.replace(/\s{2,}/g, ' ').trim();
}
