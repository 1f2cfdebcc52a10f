/**
 * Loads the demo data, then the browser-test fixture funnel (tests/e2e/fixture-data: every
 * element type and every button action on fixture.localhost), into the e2e worker through
 * the admin API (PUT funnel, domain and pages, then publish), as `npm start` does.
 */
import { execFileSync } from 'node:child_process';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';

export default function globalSetup(): void {
  for (const folder of ['scripts/demo-data', 'tests/e2e/fixture-data']) {
    execFileSync('node', ['scripts/import.mjs', folder, '--url', `http://localhost:${E2E_PORT}`, '--token', E2E_TOKEN, '--quiet'], {
      cwd: new URL('../..', import.meta.url).pathname,
      stdio: 'inherit',
    });
  }
}
