// Run first by `npm start`, `npm test` and `npm run dev`. Their commands run on the Node 24
// that the `node` dev dependency puts in node_modules/.bin; this checks the two Nodes around
// it: the one running npm (20 or newer, what npm 11 and the project are tested with) and the
// one the scripts get (24, unless `npm ci` ran with --ignore-scripts or on another platform).
const npmNode = /\bnode\/v(\d+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
if (npmNode && Number(npmNode) < 20) {
  console.error(
    `faultline: npm runs on Node.js ${npmNode}; Faultline needs Node.js 20 or newer to run npm (https://nodejs.org/en/download, or Debian 13's nodejs), then npm ci again.`,
  );
  process.exit(1);
}
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `faultline: the scripts run on Node.js ${process.versions.node}, not the Node 24 of node_modules/.bin; run "npm ci" (with install scripts allowed: it fetches Node 24 from the npm registry), or put Node 22.18+ first on PATH.`,
  );
  process.exit(1);
}
