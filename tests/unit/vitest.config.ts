import { defineConfig } from 'vitest/config';

// Unit tests cover the pure modules in src/lib; they never build the site.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    root: new URL('../..', import.meta.url).pathname,
  },
});
