import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The real server, built web app and a fresh seeded embedded database in a temporary folder. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const e2eDataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `loupe-e2e-${e2ePort}`);

/**
 * Chromium's headless shell (Debian `chromium-headless-shell`, the build Playwright itself runs for
 * headless tests) unless CHROMIUM_PATH names another: the same Blink and V8 without the desktop
 * browser's user interface, which on two shared cores took about as much CPU as the pages
 * themselves (decision 061). Debian's full `chromium` serves where the shell is not installed.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

const acceptedConsent = Object.fromEntries(
  [
    'ad_storage',
    'analytics_storage',
    'ad_user_data',
    'ad_personalization',
    'functionality_storage',
    'personalization_storage',
    'security_storage',
  ].map((name) => [name, 'granted']),
);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // The portal's state (maintenance, sessions) is shared: one worker keeps the tests independent.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    // A returning visitor who accepted cookies: the consent banner stays away and tracking runs as
    // before. The consent tests (tests/tracking) start from an empty storage instead.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://127.0.0.1:${e2ePort}`,
          localStorage: [
            { name: 'cookie-consent', value: JSON.stringify(acceptedConsent) },
            { name: 'cookie-consent-answered', value: '2026-01-01T00:00:00.000Z' },
            // The app's log on (src/lib/log.ts): a failed test prints what the page logged.
            { name: 'loupe.log', value: 'on' },
          ],
        },
      ],
    },
    // The offline service worker is tried by its own test (tests/tracking/offline.spec.ts), which
    // allows it; elsewhere every request goes straight to the network and to page.route.
    serviceWorkers: 'block',
    // A buyer who asked for less motion: the looping animations (the event's pulse, spinners) run
    // once and stop, so an idle page draws nothing; on two shared cores the pulse alone kept the
    // software-drawn page at a quarter of a core (decision 061).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The compiled server of `npm run build` (decision 025), as `npm start` runs it.
    command: `rm -rf ${e2eDataDir} && node ../apps/server/dist/main.js`,
    url: `http://127.0.0.1:${e2ePort}/health`,
    reuseExistingServer: false,
    // A first start migrates and seeds the demo stock.
    timeout: 180_000,
    env: {
      PORT: String(e2ePort),
      DATA_DIR: e2eDataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      OPERATOR_TOKEN: 'e2e-operator-token-0123456789',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_ACCOUNT: '1000',
      // Every test registers its own customers: more than 20 a minute from this one address.
      RATE_LIMIT_PROBES_PER_IP: '1000',
      // Enough stock for every screen's rules (more than 300 rounds, new arrivals, pairs), quick to seed.
      SEED_STONES: '5000',
      // Lets several checkouts' builds be tested side by side (npx vite build --outDir <dir>).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
