/**
 * npm run generate: rewrites the files generated from the schema, the editor JSON Schemas
 * (content/entry.schema.json, content/known-issue.schema.json) and the field reference in
 * CONTRIBUTING.md.
 * `--check` writes nothing and fails when either is stale (run by the unit tests too).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryJsonSchema, knownIssueJsonSchema, withFieldReference } from '../src/lib/field-reference.ts';

const root = process.cwd();
const files = {
  schema: join(root, 'content/entry.schema.json'),
  knownIssueSchema: join(root, 'content/known-issue.schema.json'),
  contributing: join(root, 'CONTRIBUTING.md'),
};
const want = {
  schema: `${JSON.stringify(entryJsonSchema(), null, 2)}\n`,
  knownIssueSchema: `${JSON.stringify(knownIssueJsonSchema(), null, 2)}\n`,
  contributing: withFieldReference(readFileSync(files.contributing, 'utf8')),
};
const stale = (Object.keys(files) as (keyof typeof files)[]).filter((k) => {
  try {
    return readFileSync(files[k], 'utf8') !== want[k];
  } catch {
    return true;
  }
});
if (process.argv.includes('--check')) {
  for (const k of stale) console.log(`${files[k]} is stale: run "npm run generate"`);
  process.exit(stale.length ? 1 : 0);
}
for (const k of stale) writeFileSync(files[k], want[k]);
console.log(
  stale.length
    ? `generate: updated ${stale.map((k) => files[k].replace(`${root}/`, '')).join(', ')}`
    : 'generate: everything up to date',
);
