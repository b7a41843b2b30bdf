/**
 * npm run check:links      every internal link and #fragment in dist/ resolves (no network)
 * npm run check:external   also fetch every external link once (for maintainers, by hand)
 */
import { join } from 'node:path';
import { checkLinks } from '../src/build/site-check/links.ts';

const dist = join(process.cwd(), process.argv.find((a) => a.startsWith('--dist='))?.slice(7) ?? 'dist');
const { problems, external } = checkLinks(dist);
for (const p of problems) console.log(`dist${p.page}:${p.line}: ${p.href}: ${p.message}`);

if (process.argv.includes('--external')) {
  let bad = 0;
  for (const [url, pages] of [...external].sort()) {
    let status: string;
    try {
      const res = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(15_000) });
      status = res.ok ? 'ok' : `HTTP ${res.status}`;
      if (!res.ok && res.status !== 405 && res.status !== 403 && res.status !== 429) bad++;
    } catch (error) {
      status = `failed: ${(error as Error).message}`;
      bad++;
    }
    if (status !== 'ok')
      console.log(
        `${url}: ${status} (linked from ${pages.length} page${pages.length === 1 ? '' : 's'}, e.g. ${pages[0]})`,
      );
  }
  console.log(`check:external: ${external.size} external links, ${bad} broken`);
  process.exit(bad ? 1 : 0);
}
console.log(
  problems.length
    ? `check:links: ${problems.length} broken internal link${problems.length === 1 ? '' : 's'}`
    : `check:links: every internal link and fragment resolves; ${external.size} external links listed, not fetched (npm run check:external fetches them)`,
);
process.exit(problems.length ? 1 : 0);
