import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './playwright.config';

// Every step of both demo funnels and the fixture pages; the second funnel is served on eu.localhost (Chromium
// resolves *.localhost to loopback).
const pages = ['/', '/accelerator', '/inner-circle', '/welcome'].flatMap((path) => [
  `http://localhost:${E2E_PORT}${path}`,
  `http://eu.localhost:${E2E_PORT}${path === '/accelerator' ? '/zurich-workshop' : path === '/inner-circle' ? '/tokyo-bake-along' : path}`,
]);
// The browser-test fixture funnel (every element type and action; tests/e2e/fixture-data).
pages.push(...['/', '/second', '/timers'].map((path) => `http://fixture.localhost:${E2E_PORT}${path}`));

for (const url of pages) {
  test(`axe finds no violations on ${url}`, async ({ page }) => {
    const res = await page.goto(url);
    expect(res?.status()).toBe(200);
    const results = await new AxeBuilder({ page }).analyze();
    const summary = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
    expect(summary).toEqual([]);
  });
}
