/**
 * npm run check:regexes: the regular expressions the matcher runs on every line of a log (line
 * cleaning, shapes, versions, boilerplate, the words of profiles) run on JavaScript's backtracking engine, so each
 * must be linear. recheck proves each one safe or shows the attack string; one line per
 * expression that is not proved safe, exit code 1 when there is one. Content patterns run on
 * RE2 and need no proof (check:content refuses the ones RE2 cannot run).
 * recheck falls back to fuzzing where its automaton cannot go (lookarounds, \b); the fuzzer's
 * time limits are off, so its verdict rests on counted steps and its fixed seed, not on how busy
 * the machine is (under load a timed fuzz called linear expressions polynomial).
 */
import { checkSync } from 'recheck';
import { SHAPE_REGEXES } from '../src/lib/diagnose/match.ts';
import { LINE_REGEXES } from '../src/lib/diagnose/normalize.ts';
import { BOILERPLATE } from '../src/lib/diagnose/boilerplate.ts';
import { VERSION_REGEXES } from '../src/lib/diagnose/versions.ts';
import { PROFILE_REGEXES } from '../src/lib/diagnose/profiles.ts';

const regexes = [
  ...LINE_REGEXES,
  ...SHAPE_REGEXES,
  ...VERSION_REGEXES,
  ...BOILERPLATE.map((b) => b.re),
  ...PROFILE_REGEXES,
];
let unsafe = 0;
for (const re of regexes) {
  const r = checkSync(re.source, re.flags.replace(/[gy]/g, ''), {
    timeout: 20_000,
    attackTimeout: null,
    incubationTimeout: null,
  });
  if (r.status === 'safe') continue;
  unsafe++;
  const why = r.status === 'vulnerable' ? `${r.complexity.summary}; attack ${r.attack.pattern}` : r.status;
  console.log(`/${re.source}/${re.flags}: not proved linear (${why})`);
}
console.log(
  unsafe
    ? `check:regexes: ${unsafe} of ${regexes.length} line expressions not proved linear`
    : `check:regexes: ${regexes.length} line expressions, each proved linear`,
);
process.exitCode = unsafe ? 1 : 0;
