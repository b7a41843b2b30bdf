// keepStringMethodsFast (src/lib/fast-strings.ts) must undo what subclassing String does to
// String.prototype in V8. Whether a prototype is a dictionary is visible only through V8's
// natives syntax, so the check runs in a Node process of its own with --allow-natives-syntax.
import { describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const moduleUrl = pathToFileURL(join(process.cwd(), 'src/lib/fast-strings.ts')).href;

function stateAfter(steps: string): string[] {
  const script = `
    const { keepStringMethodsFast } = await import(${JSON.stringify(moduleUrl)});
    const fast = new Function('return %HasFastProperties(String.prototype)');
    const seen = [];
    ${steps}
    console.log(JSON.stringify(seen));`;
  const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as string[];
}

describe('keepStringMethodsFast', () => {
  test('a subclass of String leaves String.prototype a dictionary, and the call makes it fast again', () => {
    const seen = stateAfter(`
      class HTMLString extends String {}
      seen.push('after subclass: ' + fast());
      keepStringMethodsFast();
      seen.push('after call: ' + fast());`);
    expect(seen).toEqual(['after subclass: false', 'after call: true']);
  });
});
