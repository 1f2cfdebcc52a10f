import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { stripeStandIn } from './tests/support/stripe-stand-in.ts';
import { turnstileStandIn } from './tests/support/turnstile-stand-in.ts';
import { upstreamStandIn } from './tests/support/upstream-stand-in.ts';
import { webhookReceiverStandIn } from './tests/support/webhook-receiver-stand-in.ts';

const migrations = await readD1Migrations(fileURLToPath(new URL('./src/platform/db/migrations', import.meta.url)));

export default defineConfig({
  plugins: [
    cloudflareTest({
      main: './tests/support/worker.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          ADMIN_TOKEN: 'test-admin-token-0123456789abcdef',
          // Lets a request set its clock with the x-test-now header (src/platform/clock.ts); never set outside tests.
          TEST_CLOCK: 'settable',
          // As `npm start` writes it in .dev.vars: webhooks may go to http://localhost.
          WEBHOOKS_ALLOW_LOCALHOST: 'true',
        },
        // Third parties at their network boundary: an upstream platform API, Turnstile, a webhook receiver and Stripe;
        // other outbound requests pass through.
        outboundService: async (request: Request) =>
          (await upstreamStandIn(request)) ?? (await turnstileStandIn(request)) ?? (await webhookReceiverStandIn(request)) ?? stripeStandIn(request),
      },
    }),
  ],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    setupFiles: ['./tests/support/apply-migrations.ts'],
    // Generous: the first request of a file pays workerd's cold start, slow on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
