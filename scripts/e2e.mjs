/**
 * `npm run test:e2e`: browser tests against the real built worker in workerd.
 * Builds, proves the build deploys (scripts/deploy-check.mjs: wrangler's dry run and the
 * 3 MiB gzip limit, on this same build), migrates a throw-away local D1 in .e2e-state, and
 * runs Playwright, whose webServer starts `wrangler dev` on the build output and whose global setup imports the
 * demo data through the admin API.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { checkDeploy } from './deploy-check.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const run = (cmd, args, env = {}) => execFileSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });

ensureChromium();
if (!process.env.E2E_SKIP_BUILD) run('astro', ['build']);
console.log(checkDeploy());
rmSync('.e2e-state', { recursive: true, force: true });
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', '.e2e-state'], { CI: 'true' });
run('playwright', ['test', '--config', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)]);
