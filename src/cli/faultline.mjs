#!/usr/bin/env node
// The `faultline` command. A JavaScript shim so the bin works with Node's own TypeScript
// support (Node >= 22.18), without a build step: `node src/cli/faultline.mjs diagnose log.txt`.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`faultline: Node.js ${process.versions.node} is too old; it needs 22.18 or newer (24 recommended).`);
  process.exit(2);
}
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
