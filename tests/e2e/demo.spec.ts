import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

interface DemoElement {
  meta: string;
  extra?: { text?: string };
}
const optin = JSON.parse(readFileSync(new URL('../../scripts/demo-data/pages/pg_optin.json', import.meta.url), 'utf8')) as {
  elements: DemoElement[];
  pageMeta?: { title?: string };
};
const headline = (optin.elements.find((e) => e.meta === 'heading')?.extra?.text ?? '').replace(/<[^>]+>/g, '').trim();

test('the demo opt-in page shows its headline at the root of the demo domain', async ({ page }) => {
  expect(headline.length).toBeGreaterThan(0);
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(headline);
});

test('an unknown path shows the 404 screen with a link home', async ({ page }) => {
  const res = await page.goto('/no-such-step');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: /home/i })).toBeVisible();
});
