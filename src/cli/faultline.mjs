#!/usr/bin/env node
// The `faultline` command. In the installed package it runs the bundle made at pack time
// (build/cli/); inside a clone it runs the TypeScript sources, which read content/ directly,
// on Node 22.18 or newer, else on the Node 24 that `npm ci` puts in node_modules/.bin.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(
    `faultline: Node.js ${process.versions.node} is too old; faultline needs Node.js 20 or newer (https://nodejs.org/en/download).`,
  );
  process.exit(2);
}
if (!existsSync(new URL('./faultline/main.ts', import.meta.url))) {
  await import('../../build/cli/faultline.js');
} else if (major > 22 || (major === 22 && minor >= 18)) {
  const { run } = await import('./faultline/clone.ts');
  process.exitCode = await run(process.argv.slice(2));
} else {
  const pinned = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));
  if (!existsSync(pinned)) {
    console.error(
      `faultline: in a clone, Node.js ${process.versions.node} cannot run the TypeScript sources; run "npm ci" (it puts Node 24 in node_modules/.bin), or use Node 22.18 or newer.`,
    );
    process.exit(2);
  }
  const child = spawnSync(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(child.status ?? 2);
}
