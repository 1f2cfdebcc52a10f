import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

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
        },
      },
    }),
  ],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    setupFiles: ['./tests/support/apply-migrations.ts'],
  },
});
