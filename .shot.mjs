import { chromium } from 'playwright-core';
const [,, url, out, width = '1280', tz = 'Europe/Berlin', action = ''] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, timezoneId: tz });
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
await page.waitForTimeout(2500);
if (action === 'slot') {
  await page.locator('.ef-booking__slot').first().click();
  await page.getByRole('button', { name: /^Select time/ }).click();
  await page.waitForTimeout(1500);
}
await page.screenshot({ path: out, fullPage: true });
console.log(await page.locator('.ef-booking').first().innerText().catch(() => 'no widget'));
await browser.close();
