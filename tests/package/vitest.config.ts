import { defineConfig } from 'vitest/config';

// The installable command as a user gets it: `npm pack`, an offline `npm install -g`, then the
// installed bin. Kept apart from the unit tests, which run in process and never install anything.
export default defineConfig({
  test: {
    include: ['tests/package/**/*.test.ts'],
    root: new URL('../..', import.meta.url).pathname,
    // a safety net, not a speed limit: packing and installing start npm several times
    testTimeout: 60_000,
  },
});
