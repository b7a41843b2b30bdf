import { defineConfig } from 'vitest/config';

// Unit tests cover the pure modules in src/lib; they never build the site.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    root: new URL('../..', import.meta.url).pathname,
    // a safety net, not a speed limit: some tests start Node or run recheck, and a busy machine
    // (CI beside other work, two cores) took them past the default five seconds; the benchmark
    // measures speed
    testTimeout: 60_000,
    // files run two at a time, one per core: vitest's default leaves a core for itself, and the
    // slowest files (recheck's analysis, the CLI's) wait on CPU, not on each other
    maxWorkers: 2,
    // the files share their two workers' module cache instead of starting a fresh one each; a test
    // that changes process state (an environment variable) puts it back
    isolate: false,
  },
});
