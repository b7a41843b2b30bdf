/**
 * Finds a Chromium for Playwright. Playwright cannot download its own browser on machines
 * without internet access, so the tests use the system's (Debian's `chromium` package).
 * Order: $CHROMIUM_PATH, chromium on PATH, Playwright's own download if one is installed.
 * When none is found and we are root, it installs Debian's package; otherwise it stops with
 * the exact command to run.
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

function onPath(): string | undefined {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  }
  return undefined;
}

export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const system = onPath();
  if (system) return system;
  try {
    if (existsSync(chromium.executablePath())) return undefined; // Playwright's own browser
  } catch {
    // no bundled browser either
  }
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("[e2e] Chromium not found; installing Debian's chromium package with apt-get");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    const installed = onPath();
    if (installed) return installed;
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one with:\n' +
      '  sudo apt-get install -y chromium          (Debian/Ubuntu)\n' +
      'or, with internet access:  npx playwright install chromium\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
