import { defineConfig, devices } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from './chromium.ts';

// End-to-end tests run against the production build in dist/, served by serve.ts as a static
// host would serve it (404 page, _redirects, _headers).
// `npm test` builds first; `npm run test:e2e` alone expects a fresh dist/.
const PORT = Number(process.env.E2E_PORT ?? 4329);
/** The link-test fixture site (tests/fixtures/site, built into dist-fixture/ by npm run build:fixture). */
export const FIXTURE_PORT = PORT + 1;
/** `astro preview` of dist/, as `npm start` serves it (preview.spec.ts). */
export const PREVIEW_PORT = PORT + 2;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } },
    },
  ],
  webServer: [
    {
      command: `node tests/e2e/serve.ts ${PORT}`,
      url: `http://localhost:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      cwd: new URL('../..', import.meta.url).pathname,
    },
    {
      command: `node tests/e2e/serve.ts ${FIXTURE_PORT} dist-fixture`,
      url: `http://localhost:${FIXTURE_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      cwd: new URL('../..', import.meta.url).pathname,
    },
    {
      command: `npx astro preview --port ${PREVIEW_PORT}`,
      url: `http://localhost:${PREVIEW_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      cwd: new URL('../..', import.meta.url).pathname,
    },
  ],
});
