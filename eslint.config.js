// ESLint: the recommended rules of ESLint, typescript-eslint and eslint-plugin-astro over the
// source, the tools and the tests. `npm run lint` is part of `npm test` and allows no warning.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

export default defineConfig(
  { ignores: ['dist/', 'dist-fixture/', 'dist-repro/', 'build/', 'bench-results/', 'test-results/', '.astro/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { a: _a, ...rest } = x` is how a field is left out of a copy
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
    },
  },
  {
    // these find and remove terminal control characters, so their patterns name them
    files: [
      'src/cli/faultline/terminal.ts',
      'src/lib/diagnose/normalize.ts',
      'src/lib/readable-pattern.ts',
      'tests/unit/cli.test.ts',
    ],
    rules: { 'no-control-regex': 'off' },
  },
);
