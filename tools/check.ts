/**
 * npm run check: every quality gate over the content and the built site, each run to the
 * end so that one command lists every problem. Exit code 1 when any check failed.
 * Run after `npm run build` (the site checks read dist/).
 */
import { spawnSync } from 'node:child_process';

const CHECKS: { name: string; command: string[] }[] = [
  { name: 'content', command: ['node', 'tools/check-content.ts'] },
  { name: 'regexes', command: ['node', 'tools/check-regexes.ts'] },
  { name: 'links', command: ['node', 'tools/check-links.ts'] },
  { name: 'html', command: ['npx', 'html-validate', 'dist/**/*.html'] },
  { name: 'urls', command: ['node', 'tools/urls.ts', 'check'] },
  { name: 'repro', command: ['node', 'tools/check-repro.ts'] },
];

const only = process.argv.slice(2);
const failed: string[] = [];
for (const check of CHECKS.filter((c) => !only.length || only.includes(c.name))) {
  console.log(`\n── check:${check.name}`);
  const run = spawnSync(check.command[0]!, check.command.slice(1), { stdio: 'inherit' });
  if (run.status !== 0) failed.push(check.name);
}
console.log(
  failed.length ? `\ncheck: ${failed.length} check(s) failed: ${failed.join(', ')}` : '\ncheck: every check passed',
);
process.exit(failed.length ? 1 : 0);
