/**
 * The seller's dashboard (issue 29), one journey at 375 px and at 1280 px: sign in; a test
 * visitor opts in and buys from one campaign link, books from another, and shows up in the
 * overview, in Leads and on its contact page (its two touches under human labels, each once,
 * axe clean, nothing scrolling sideways); the CSV of the
 * filter downloads and parses; a webhook endpoint on a local receiver gets a test event, whose
 * delivery is logged and replayed; a split test starts and its variants get traffic; a page is
 * published; the visitor is erased; sign out. Visitor input carries XSS payloads, shown as text.
 *
 * The steps that read statistics check whether this build answers the statistics API and
 * assert that state either way (numbers, or the screen's "unavailable" state).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { fillContact, firstFreeSlot, openWidget } from './booking-helpers';
import { adminCall, expectNoAxeViolations, openScreen, RECEIVER_PORT, signIn, startReceiver, statisticsLive, variantPage } from './support/dashboard';
import { openSalesPage, optIn, visitorEmail } from './support/order-form';
import { TEST_CARDS, typeCard, useStripeStandIn as standInForStripe } from './support/stripe-js';

const XSS_NAME = '<img src=x onerror="window.__xss=1">Ada';
/** A visitor's browser as a person's, not a headless robot's (robots are not counted and always see the control). */
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** The Overview's totals of the demo funnel, read from the screen. */
async function overviewTotals(page: Page): Promise<Record<'Opt-ins' | 'Bookings' | 'Orders', number>> {
  await openScreen(page, '/admin', 'Overview');
  await page.getByLabel('Funnel', { exact: true }).selectOption({ label: 'Client Accelerator launch' });
  await expect(page.getByText('Loading…')).toHaveCount(0);
  const total = async (name: string) =>
    Number(
      await page
        .locator('dl.totals .pair')
        .filter({ has: page.getByText(name, { exact: true }) })
        .locator('dd')
        .textContent(),
    );
  return { 'Opt-ins': await total('Opt-ins'), Bookings: await total('Bookings'), Orders: await total('Orders') };
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('sign in, watch a visitor arrive, export, webhooks, split test, publish, erase, sign out', async ({ page, browser, request }) => {
      test.setTimeout(180_000);
      page.on('dialog', (dialog) => {
        throw new Error(`unexpected dialog: ${dialog.message()}`);
      });
      const email = visitorEmail(`dash${width}`);
      const { server, received } = await startReceiver();
      const variantId = `pg_variant_${width}`;
      const experimentIds: string[] = [];
      try {
        // A wrong token first: the form says so, and nothing is signed in.
        await page.goto('/admin');
        await page.getByLabel('Admin token').fill('not-the-token');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByRole('alert')).toHaveText('That admin token is not right.');
        await signIn(page);
        const cookie = (await page.context().cookies()).find((c) => c.name === 'ef_admin');
        expect(cookie).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict' });

        // The visitor, in a browser of their own: opts in and buys on /accelerator from a campaign link, then books from another one.
        const live = await statisticsLive(request);
        const before = live ? await overviewTotals(page) : null;
        const visitor = await browser.newContext({ viewport: { width, height: 900 }, userAgent: VISITOR_AGENT });
        const shopper = await visitor.newPage();
        await standInForStripe(shopper);
        await openSalesPage(shopper, '/accelerator?utm_source=news&utm_campaign=spring');
        await optIn(shopper, email, XSS_NAME);
        await typeCard(shopper, TEST_CARDS.success);
        await shopper.getByLabel('Postal code').fill('02139');
        await shopper.getByRole('button', { name: 'Complete my order' }).click();
        await shopper.waitForURL(/\/inner-circle(\?|$)/);
        const widget = await openWidget(shopper, '/welcome?utm_source=retarget&utm_medium=email');
        await (await firstFreeSlot(widget)).click();
        await widget.getByRole('button', { name: /^Select time/ }).click();
        await fillContact(widget, { first: XSS_NAME, last: 'Lovelace', email, phone: '+1 202 555 0143' });
        await widget.locator('form button[type="submit"]').click();
        await expect(widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeVisible();
        await visitor.close();

        // Overview: the visitor's opt-in, booking and purchase counted, or the unavailable state without the statistics API.
        if (before) {
          await expect
            .poll(
              async () => {
                const now = await overviewTotals(page);
                return (['Opt-ins', 'Bookings', 'Orders'] as const).filter((key) => now[key] > before[key]);
              },
              { timeout: 30_000 },
            )
            .toEqual(['Opt-ins', 'Bookings', 'Orders']);
          await expect(page.getByRole('table', { name: 'Numbers per step' })).toBeVisible();
        } else {
          await openScreen(page, '/admin', 'Overview');
          await expect(page.getByText('Statistics unavailable: this server does not answer the statistics call yet.')).toBeVisible();
        }

        // Leads: the visitor, found by email; the name is text, not markup.
        await openScreen(page, '/admin/leads', 'Leads');
        await page.getByLabel('Search name, email or phone').fill(email);
        await page.getByRole('button', { name: 'Apply filter' }).click();
        const row = page.getByRole('row').filter({ hasText: email });
        await expect(row).toHaveCount(1);
        await expect(row.getByRole('link', { name: XSS_NAME })).toBeVisible();

        // The CSV of the current filter: this visitor alone.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
        const csv = parse(readFileSync((await download.path()) as string, 'utf8'), { bom: true }) as string[][];
        const header = csv[0] ?? [];
        const rows = csv.slice(1).filter((r) => r.some(Boolean));
        expect(rows).toHaveLength(1);
        expect(rows[0]?.[header.indexOf('email')]).toBe(email);

        // The contact's page: the purchase and the booking on its timeline.
        await row.getByRole('link', { name: XSS_NAME }).click();
        await expect(page.getByRole('heading', { level: 1, name: XSS_NAME })).toBeVisible();
        await expect(page.getByRole('heading', { name: /^Order: \$/ }).first()).toBeVisible();
        await expect(page.getByRole('heading', { name: /^Booking: / })).toBeVisible();
        // The booking form's answers under the calendar form's labels, not its field keys.
        const bookingForm = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Booking form' }) });
        await expect(bookingForm.getByRole('term')).toContainText(['First Name', 'Last Name', 'Phone', 'Email']);
        await expect(bookingForm.getByRole('term').filter({ hasText: /_/ })).toHaveCount(0);
        // Its attribution: each touch once, its fields under human labels, its URLs wrapping links that pass nothing on.
        const attribution = page.getByRole('region', { name: 'Attribution' });
        await expect(attribution.getByRole('heading', { level: 3 })).toHaveText(['First touch', 'Last touch']);
        const touch = (name: string) => attribution.locator('.touch').filter({ has: page.getByRole('heading', { name, exact: true }) });
        await expect(touch('First touch').getByRole('term')).toHaveText(['Time', 'Source', 'Campaign', 'Landing page']);
        await expect(touch('First touch').getByRole('definition')).toHaveText([
          /\d{4}/,
          'news',
          'spring',
          /\/accelerator\?utm_source=news&utm_campaign=spring$/,
        ]);
        await expect(touch('First touch').getByRole('link', { name: /\/accelerator\?/ })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
        await expect(touch('Last touch').getByRole('term')).toHaveText(['Time', 'Source', 'Medium', 'Landing page']);
        await expect(touch('Last touch').getByRole('definition').nth(1)).toHaveText('retarget');
        await expect(page.getByText(/^(utm_\w+|landing|referrer|gclid|at)$/)).toHaveCount(0);
        // Under the records only the touches that differ from the contact's: the booking carries both of the
        // contact's (nothing under it), the order was made before the second campaign link (its own last touch).
        const timeline = page.locator('ol.timeline > li');
        await expect(timeline.filter({ has: page.getByRole('heading', { name: /^Booking: / }) }).getByRole('heading', { level: 4 })).toHaveCount(0);
        await expect(bookingForm.getByRole('heading', { level: 4 })).toHaveCount(0);
        const order = timeline.filter({ has: page.getByRole('heading', { name: /^Order: \$/ }) }).first();
        await expect(order.getByRole('heading', { level: 4 })).toHaveText(['Last touch']);
        await expect(order.getByRole('definition')).toContainText(['news', 'spring']);
        // Nothing scrolls sideways, at 375 px either (the long URLs and the visitor's long name wrap).
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
        await expectNoAxeViolations(page);
        const contactUrl = page.url();

        // Bookings: the appointment is upcoming on its calendar.
        await openScreen(page, '/admin/bookings', 'Bookings');
        await page.getByLabel('Calendar').selectOption({ label: 'Free 30-minute discovery call' });
        await expect(page.getByRole('row').filter({ hasText: XSS_NAME }).first()).toBeVisible();

        // Orders: the paid order with its total, and the totals of the whole filter per currency and status.
        await openScreen(page, '/admin/orders', 'Orders');
        await expect(page.getByRole('row').filter({ hasText: XSS_NAME }).first()).toContainText('Paid');
        const totals = page.getByRole('table', { name: 'Every order of this filter, per currency and status' });
        await expect(totals.getByRole('row').filter({ hasText: 'USD' }).filter({ hasText: 'Paid' })).toHaveCount(1);
        await page.getByLabel('Status').selectOption({ label: 'Failed' });
        await expect(totals.getByRole('row').filter({ hasText: 'Paid' })).toHaveCount(0);

        // Webhooks: an endpoint on the local receiver, a signed test event, its delivery, a replay.
        await openScreen(page, '/admin/webhooks', 'Webhooks');
        const hookUrl = `http://localhost:${RECEIVER_PORT}/hooks/${width}`;
        await page.getByLabel('Endpoint URL').fill(hookUrl);
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'The endpoint was saved.' })).toBeVisible();
        await page.getByRole('button', { name: 'Send a test event' }).click();
        await expect(page.getByText('The test event was delivered (HTTP 200).')).toBeVisible();
        const tests = () => received.filter((r) => r.body.includes('"webhook.test"'));
        expect(tests()).toHaveLength(1);
        expect(tests()[0]?.headers['webhook-signature']).toMatch(/^v1,/);
        const delivery = page.getByRole('row').filter({ hasText: 'webhook.test' });
        await expect(delivery).toHaveCount(1);
        await delivery.getByRole('button', { name: /^Replay webhook.test/ }).click();
        const replayed = page.getByText('webhook.test was sent again.');
        const refused = page.getByRole('alert').filter({ hasText: 'Not found' });
        await expect(replayed.or(refused)).toBeVisible();
        if (await replayed.isVisible()) await expect.poll(() => tests().length).toBe(2);
        else expect(tests()).toHaveLength(1);

        // Split test: a variant page of the opt-in step, a test created and started in the dashboard.
        expect((await adminCall(request, 'PUT', `/pages/${variantId}`, variantPage(variantId))).ok()).toBe(true);
        expect((await adminCall(request, 'POST', `/pages/${variantId}/publish`)).ok()).toBe(true);
        await openScreen(page, '/admin/tests', 'Split tests');
        const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'New split test' }) });
        await form.getByLabel('Funnel').selectOption({ label: 'Client Accelerator launch' });
        await form.getByLabel(`Variant ${variantId}`).check();
        await form.getByRole('button', { name: 'Create test' }).click();
        const card = page
          .locator('section.card')
          .filter({ hasText: 'Free guide opt-in' })
          .filter({ has: page.getByText(`Variant ${variantId}`) });
        await expect(card).toBeVisible();
        const catalog = (await (await adminCall(request, 'GET', '/catalog')).json()) as { experiments: { id: string; variants: { pageId: string }[] }[] };
        experimentIds.push(...catalog.experiments.filter((e) => e.variants.some((v) => v.pageId === variantId)).map((e) => e.id));
        await card.getByRole('button', { name: 'Start test' }).click();
        await expect(
          page
            .locator('section.card')
            .filter({ has: page.getByText(`Variant ${variantId}`) })
            .getByText('Running', { exact: true }),
        ).toBeVisible();
        // Visitors, each a browser of its own, see the step; with the statistics live, both variants count views.
        // 16 visitors: all on one side of a 50/50 split once in 30,000 runs.
        const visit = async () => {
          const context = await browser.newContext({ userAgent: VISITOR_AGENT });
          await (await context.newPage()).goto('/');
          await context.close();
        };
        for (let i = 0; i < 16; i++) await visit();
        const running = page.locator('section.card').filter({ has: page.getByText(`Variant ${variantId}`) });
        if (live) {
          const numbers = running.getByRole('table', { name: /^Numbers of test/ });
          await expect
            .poll(
              async () => {
                // One more visitor each time, as traffic goes on: a split seen by the edge a moment late still gets both sides.
                await visit();
                await openScreen(page, '/admin/tests', 'Split tests');
                if (!(await numbers.count())) return [];
                return numbers.locator('tbody tr td:first-of-type').allTextContents();
              },
              { timeout: 30_000 },
            )
            .toEqual([expect.not.stringMatching(/^0$/), expect.not.stringMatching(/^0$/)]);
        } else {
          await openScreen(page, '/admin/tests', 'Split tests');
          await expect(running.getByText('Statistics unavailable: this server does not answer the statistics call yet.')).toBeVisible();
        }

        // Content: publish the opt-in page; the answer says the cache was purged.
        await openScreen(page, '/admin/content', 'Content');
        await page.getByRole('button', { name: 'Publish Free guide: 7 Emails That Book Clients' }).click();
        await expect(page.getByText(/^Published version \d+\. The page cache was purged\.$/)).toBeVisible();

        // Erase the visitor, after a confirmation naming what goes.
        await page.goto(contactUrl);
        await page.getByRole('button', { name: 'Erase contact' }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toContainText(email);
        await expect(dialog).toContainText('notes and details of 1 bookings');
        await dialog.getByRole('button', { name: 'Erase for good' }).click();
        await expect(page.getByText(/^The contact was erased; \d+ files deleted\.$/)).toBeVisible();
        await expect(page.getByText('Erased', { exact: true })).toBeVisible();
        await expect(page.getByText(email)).toHaveCount(0);

        // Sign out: the form comes back, and the old cookie no longer reads the API.
        await page.getByRole('button', { name: 'Sign out' }).click();
        await expect(page.getByLabel('Admin token')).toBeVisible();
        expect((await page.request.get('/admin/v1/status')).status()).toBe(401);
        expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      } finally {
        for (const id of experimentIds) await adminCall(request, 'DELETE', `/experiments/${id}`);
        await adminCall(request, 'DELETE', `/pages/${variantId}`);
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
}
