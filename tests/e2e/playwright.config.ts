import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8790);
export const E2E_TOKEN = 'e2e-admin-token-6f1c2a9d';
/** The Stripe API stand-in the worker charges against (tests/e2e/support/stripe-js.ts). */
export const STRIPE_STAND_IN_PORT = Number(process.env.E2E_STRIPE_PORT ?? E2E_PORT + 110);
const STRIPE_VARS = `--var STRIPE_SECRET_KEY:sk_test_e2e --var STRIPE_PUBLISHABLE_KEY:pk_test_e2e --var STRIPE_WEBHOOK_SECRET:whsec_e2e --var STRIPE_API_HOST:127.0.0.1:${STRIPE_STAND_IN_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 2 : 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node scripts/stripe-stand-in/index.mjs --port ${STRIPE_STAND_IN_PORT}`,
      cwd: '../..',
      url: `http://127.0.0.1:${STRIPE_STAND_IN_PORT}/__log`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `wrangler dev -c dist/server/wrangler.json --persist-to .e2e-state --port ${E2E_PORT} --ip 127.0.0.1 --var ADMIN_TOKEN:${E2E_TOKEN} --var RATE_LIMIT_SCALE:1000 --var WEBHOOKS_ALLOW_LOCALHOST:true ${STRIPE_VARS} --log-level warn`,
      cwd: '../..',
      url: `http://localhost:${E2E_PORT}/_ah/warmup`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
