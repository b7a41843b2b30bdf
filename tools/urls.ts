/**
 * npm run urls:update   append the URLs of the last build to content/published-urls.txt
 * npm run check:urls    fail when a URL in the manifest is no longer answered by dist/
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  appendUrls,
  builtUrls,
  manifestFile,
  missingUrls,
  readManifest,
  redirectSources,
} from '../src/build/url-manifest.ts';

const root = process.cwd();
const dist = join(root, 'dist');
const command = process.argv[2];
const manifest = readManifest(manifestFile(root));
const built = builtUrls(dist);
const redirected = redirectSources(dist);

if (command === 'update') {
  const { added, text } = appendUrls(manifest, built, redirected);
  const missing = missingUrls(manifest, built, redirected);
  writeFileSync(manifestFile(root), text);
  console.log(
    `urls:update: ${added.length} new URL${added.length === 1 ? '' : 's'} appended, ${manifest.length + added.length} in all`,
  );
  if (missing.length) {
    for (const m of missing) console.log(m);
    process.exit(1);
  }
} else if (command === 'check') {
  const missing = missingUrls(manifest, built, redirected);
  for (const m of missing) console.log(m);
  const unlisted = [...new Set([...built, ...redirected])].filter((u) => !manifest.includes(u));
  console.log(
    missing.length
      ? `check:urls: ${missing.length} published URL${missing.length === 1 ? '' : 's'} would break`
      : `check:urls: all ${manifest.length} published URLs answer${unlisted.length ? ` (${unlisted.length} new URLs not in the manifest yet: run npm run urls:update)` : ''}`,
  );
  process.exit(missing.length ? 1 : 0);
} else {
  console.error('usage: node tools/urls.ts update|check');
  process.exit(2);
}
