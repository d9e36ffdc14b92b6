import { existsSync } from 'node:fs';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

/** End-to-end flows in a real Chromium (Debian's, or CHROMIUM_PATH) against `e2e/serve.ts`. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * The browser the flows run in: Debian's headless shell (chromium-headless-shell: the same Blink without the desktop
 * browser around it, so less CPU: the whole run took 17 minutes instead of 23 on these two cores) where installed,
 * else Chromium (CHROMIUM_PATH, else Debian's). The flows that scan through the fake camera use Chromium itself
 * (e2e/fake-camera.ts): the shell has no capture devices.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BROWSER =
  process.env.CHROMIUM_HEADLESS_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, 'e2e/.data');
/** The sweep's own server (and PORT+5 its unused clock control): the flows move their server's clock
 *  forward (hold expiry), which would expire the sweep's checkout holds on a shared server. */
const SWEEP_PORT = PORT + 4;
/** Flows independent of the others' state on the default server: they run in the sweep's lane, on its server. */
const ON_SWEEP_SERVER =
  /\/(api-keys|box-office|buyer-seating|buyer-self-service|buyer-waitlist|check-in|exports|foundation|keyboard-only|locale-precedence|messages|webhooks)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two lanes on the two cores (a flow spends most of its time waiting for the page, not computing):
  // the flows, one file after another in name order (several share the seeded demo event), and beside
  // them the seven-language sweep, which builds an account and event of its own.
  workers: 2,
  // The sweep's lane was done minutes before the flows' lane: flows that build their own accounts and
  // events (or only read the demo's) run in it too, on the sweep's server, one file after another. (A
  // project that depends on the sweep would wait for the flows' lane as well: Playwright starts
  // dependent projects only once every project before them is done.)
  projects: [
    { name: 'flows', testIgnore: [/locale-sweep\.spec\.ts$/, ON_SWEEP_SERVER], workers: 1 },
    {
      name: 'sweep',
      testMatch: [/locale-sweep\.spec\.ts$/, ON_SWEEP_SERVER],
      workers: 1,
      use: { baseURL: `http://localhost:${SWEEP_PORT}` },
    },
  ],
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records every action's page (DOM and screenshots) while the flows run, on the same two cores:
    // kept for a failure on a developer's machine; in CI nobody can open it, and the error context and
    // the failure's screenshot say where it stopped.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // As a person who asked for less motion: no transitions to wait for (the app honours the setting).
    // The flows do not test animations; exports.spec.ts asks for it too.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: BROWSER,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Three servers: the default one (no Stripe keys, as most installs start), one with card payments
  // against the local Stripe-compatible server (E2E_STRIPE=1) on PORT+2 for the card-payment flows, and
  // the sweep's own on PORT+4.
  webServer: [
    {
      command: 'node --import tsx e2e/serve.ts',
      url: `http://localhost:${PORT}/api/docs/json`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { E2E_PORT: String(PORT), E2E_DATA_DIR },
    },
    {
      command: 'node --import tsx e2e/serve.ts',
      url: `http://localhost:${PORT + 2}/api/docs/json`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { E2E_PORT: String(PORT + 2), E2E_DATA_DIR: `${E2E_DATA_DIR}-stripe`, E2E_STRIPE: '1' },
    },
    {
      command: 'node --import tsx e2e/serve.ts',
      url: `http://localhost:${SWEEP_PORT}/api/docs/json`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { E2E_PORT: String(SWEEP_PORT), E2E_DATA_DIR: `${E2E_DATA_DIR}-sweep` },
    },
  ],
});
