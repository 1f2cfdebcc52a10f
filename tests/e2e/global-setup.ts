/**
 * Loads the demo data, then the browser-test fixture funnel (tests/e2e/fixture-data: every
 * element type and every button action on fixture.localhost), into the e2e worker through
 * the admin API (PUT funnel, domain and pages, then publish), as `npm start` does.
 * Fixture documents name absolute URLs on port 8790; they are rewritten to E2E_PORT.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';

const root = new URL('../..', import.meta.url).pathname;

function withPort(folder: string): string {
  if (E2E_PORT === 8790) return folder;
  const copy = mkdtempSync(join(tmpdir(), 'e2e-fixture-'));
  cpSync(join(root, folder), copy, { recursive: true });
  const rewrite = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) rewrite(path);
      else if (name.endsWith('.json')) writeFileSync(path, readFileSync(path, 'utf8').replaceAll('.localhost:8790', `.localhost:${E2E_PORT}`));
    }
  };
  rewrite(copy);
  return copy;
}

export default function globalSetup(): void {
  for (const folder of ['scripts/demo-data', withPort('tests/e2e/fixture-data')]) {
    execFileSync('node', ['scripts/import.mjs', folder, '--url', `http://localhost:${E2E_PORT}`, '--token', E2E_TOKEN, '--quiet'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
}
