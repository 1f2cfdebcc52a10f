/**
 * The dashboard with the keyboard alone, at 375 px and at 1280 px: signing in, every screen
 * reached from the navigation by Tab and Enter, a contact's page and its erase dialog (opened
 * with Enter, closed with Escape, focus back on its button), the webhook details; axe finds
 * nothing at each step.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_TOKEN } from './playwright.config';
import { expectNoAxeViolations } from './support/dashboard';
import { openSalesPage, optIn, visitorEmail } from './support/order-form';
import { useStripeStandIn } from './support/stripe-js';

/** Presses Tab until the element is focused (at most 60 times), as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

const SCREENS = [
  ['Leads', 'Leads'],
  ['Bookings', 'Bookings'],
  ['Orders', 'Orders'],
  ['Split tests', 'Split tests'],
  ['Webhooks', 'Webhooks'],
  ['Content', 'Content'],
  ['Overview', 'Overview'],
] as const;

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every screen by keyboard alone, with no axe violation', async ({ page, browser }) => {
      test.setTimeout(120_000);
      const email = visitorEmail(`keys${width}`);
      const visitor = await browser.newContext();
      const shopper = await visitor.newPage();
      await useStripeStandIn(shopper);
      await openSalesPage(shopper);
      await optIn(shopper, email, `Keyboard ${width}`);
      await visitor.close();

      await page.goto('/admin?error=wrong');
      await expect(page.getByRole('alert')).toHaveText('That admin token is not right.');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await tabTo(page, page.getByLabel('Admin token'));
      await page.keyboard.type(E2E_TOKEN);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

      for (const [link, heading] of SCREENS) {
        await tabTo(page, page.getByRole('navigation').getByRole('link', { name: link }));
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByText('Loading…')).toHaveCount(0);
        await expect(page.getByRole('navigation').getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
        await expectNoAxeViolations(page);
      }

      // The Overview of the demo funnel, chosen by keyboard: its totals, charts and tables.
      await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Overview' }));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByLabel('Funnel', { exact: true }));
      await page.getByLabel('Funnel', { exact: true }).selectOption({ label: 'Client Accelerator launch' });
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Leads: search by keyboard, open the contact, open and close the erase dialog.
      await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Leads' }));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByLabel('Search name, email or phone'));
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');
      const contact = page.getByRole('link', { name: `Keyboard ${width}` });
      await expect(contact).toBeVisible();
      await expectNoAxeViolations(page);
      await tabTo(page, contact);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: `Keyboard ${width}` })).toBeVisible();
      // One visit, so one touch: a single "First and last touch" block, its landing page a link.
      const attribution = page.getByRole('region', { name: 'Attribution' });
      await expect(attribution.getByRole('heading', { level: 3 })).toHaveText(['First and last touch']);
      await expect(attribution.getByRole('term')).toHaveText(['Time', 'Landing page']);
      await expectNoAxeViolations(page);
      const erase = page.getByRole('button', { name: 'Erase contact' });
      await tabTo(page, erase);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Erase for good' })).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(erase).toBeFocused();

      // Webhooks: the add form's errors are tied to the field.
      await page.goto('/admin/webhooks');
      await tabTo(page, page.getByLabel('Endpoint URL'));
      await page.keyboard.type('http://10.0.0.1/hook');
      await page.keyboard.press('Enter');
      const url = page.getByLabel('Endpoint URL');
      await expect(url).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
