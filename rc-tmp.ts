import { checkSync } from 'recheck';
import { SHAPE_REGEXES } from './src/lib/diagnose/match.ts';
import { LINE_REGEXES } from './src/lib/diagnose/normalize.ts';
import { BOILERPLATE } from './src/lib/diagnose/boilerplate.ts';
import { VERSION_REGEXES } from './src/lib/diagnose/versions.ts';
const regexes = [...LINE_REGEXES, ...SHAPE_REGEXES, ...VERSION_REGEXES, ...BOILERPLATE.map((b) => b.re)];
for (const mode of ['hybrid', 'automaton'] as const) {
  const t0 = performance.now(); const st: string[] = [];
  for (const re of regexes) { const r = checkSync(re.source, re.flags.replace(/[gy]/g, ''), { timeout: 20_000, checker: mode }); st.push(r.status + (r.status!=='safe' && 'error' in r ? JSON.stringify(r.error) : '') + ':' + ('checker' in r ? r.checker : '')); }
  console.log(mode, regexes.length, Math.round(performance.now() - t0), [...new Set(st)]);
}
