/** Loads the demo data into the e2e worker through the admin API, as `npm start` does. */
import { execFileSync } from 'node:child_process';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';

export default function globalSetup(): void {
  execFileSync('node', ['scripts/import.mjs', 'scripts/demo-data', '--url', `http://localhost:${E2E_PORT}`, '--token', E2E_TOKEN], {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: 'inherit',
  });
}
