/**
 * The form widget page with every field type (scripts/demo-data/forms/form_all_fields):
 * filled and submitted, each rule's message on bad input, where the answers land (D1 and
 * R2), and accessibility. The form is served on any host at /widget/form/{id}.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { q, r2Object, sql } from './forms-store';
import { wakeWidget } from './support/wake';

const PDF = Buffer.from('%PDF-1.7\n%test\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

async function open(page: Page, query = ''): Promise<void> {
  const res = await page.goto(`/widget/form/form_all_fields${query}`);
  expect(res?.status()).toBe(200);
  // Hydrated: the island replaced the server render and listens for submit.
  await wakeWidget(page);
}

const field = (page: Page, tag: string) => page.locator(`[data-field="${tag}"]`);

async function sign(page: Page): Promise<void> {
  const pad = page.locator('.ef-signature__pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
  await page.mouse.move(box.x + 220, box.y + 30, { steps: 8 });
  await page.mouse.up();
  // Leaving the pad saves the drawing as a PNG (requirements FIELD-RULES).
  await page.mouse.move(box.x + box.width + 40, box.y + box.height + 40);
}

async function fillEverything(page: Page, email: string): Promise<void> {
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email').fill(email);
  const phone = page.getByLabel('Phone');
  await phone.fill('+1 617 555 0142');
  await phone.blur();
  // Valid in the location's country (US): shown nationally.
  await expect(phone).toHaveValue('(617) 555-0142');
  await page.getByLabel('Website').fill('example.com');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Street address').fill('88 Summer Street');
  await field(page, 'country').locator('select').selectOption('CA');
  await page.getByLabel('Team size').fill('3');
  await page.getByLabel('New clients per month').fill('4');
  const budget = page.getByLabel('Monthly marketing budget');
  await budget.fill('1234.5');
  await budget.blur();
  await expect(budget).toHaveValue('1,234.50');
  await page.getByLabel('Goal 1').fill('More calls');
  await page.getByLabel('Goal 2').fill('Better offers');
  await page.getByLabel('Biggest challenge right now').fill('Consistency');
  await page.getByLabel('Anything else we should know?').fill('Nope');
  await page.getByLabel('Referrals').check();
  await page.getByLabel('Podcast guesting').check();
  await page.getByLabel('Your own answer').fill('Workshops');
  await page.getByLabel('Your niche').selectOption('Career');
  await page.getByLabel('Tools you already use').selectOption(['Notion', 'Stripe']);
  const levels = field(page, 'office_location').locator('select');
  await levels.nth(0).selectOption('Canada');
  await levels.nth(1).selectOption('Ontario');
  await levels.nth(2).selectOption('Toronto');
  await page.getByLabel('Logo or brand guide').setInputFiles([
    { name: 'brand.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'logo.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await sign(page);
}

test('every field type is filled and submitted; answers land in D1 and the files and signature in R2', async ({ page }) => {
  const email = `all-${Date.now()}@example.com`;
  const sessions = () => sql("SELECT COUNT(*) AS n FROM sessions WHERE kind = 'form' AND ref_id = 'form_all_fields'")[0]?.n ?? 0;
  const before = sessions();
  const session = page.waitForResponse((r) => r.url().endsWith('/api/session') && r.request().method() === 'POST');
  await open(page, '?utm_source=newsletter');
  // The widget's own session record (type form), since the page is not under notrack.
  expect((await session).ok()).toBe(true);
  expect(sessions()).toBe(before + 1);
  await fillEverything(page, email);
  await expect(field(page, 'brand_files').getByText('brand.pdf', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Request my strategy session' }).click();
  await expect(page.locator('[data-form-state="done"]')).toContainText('Maya’s team will review your application');

  const [contact] = sql(`SELECT * FROM contacts WHERE email = ${q(email)}`);
  expect(contact).toMatchObject({
    first_name: 'Jane',
    last_name: 'Doe',
    phone: '+16175550142',
    country: 'CA',
    website: 'https://example.com/',
    date_of_birth: '1990-05-17',
    address1: '88 Summer Street',
  });
  const [submission] = sql(`SELECT * FROM submissions WHERE contact_id = ${q(contact?.id)} AND ref_id = 'form_all_fields'`);
  const values = JSON.parse(submission?.data).values;
  expect(values).toMatchObject({
    team_size: 3,
    clients_per_month: 4,
    monthly_budget: '1234.50',
    goals: ['More calls', 'Better offers'],
    channels: ['Referrals', 'Podcast guesting'],
    offer_type: 'Workshops',
    niche: 'Career',
    tools: ['Notion', 'Stripe'],
    office_location: ['Canada', 'Ontario', 'Toronto'],
    lead_source: 'newsletter',
  });
  const uploads = sql(`SELECT field, filename, object_key, size FROM uploads WHERE owner_id = ${q(submission?.id)} ORDER BY field, filename`);
  expect(uploads.map((u) => [u.field, u.filename])).toEqual([
    ['brand_files', 'brand.pdf'],
    ['brand_files', 'logo.png'],
    ['signature', expect.stringMatching(/^signature_\d+\.png$/)],
  ]);
  const signature = r2Object(uploads[2]?.object_key);
  expect(signature.subarray(0, 4)).toEqual(PNG.subarray(0, 4));
  expect(signature.length).toBeGreaterThan(200);
  expect(r2Object(uploads[0]?.object_key).toString()).toBe(PDF.toString());
});

test('each rule shows its message next to its field, tied with aria-describedby, and focus goes to the first', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Request my strategy session' }).click();
  const required: [string, string][] = [
    ['first_name', 'Please fill in first name.'],
    ['email', 'Please fill in email.'],
    ['phone', 'Please fill in phone.'],
    ['clients_per_month', 'New clients per month is required'],
    ['goals', 'Please fill in your top three goals.'],
    ['channels', 'Please choose at least one option.'],
    ['niche', 'Please fill in your niche.'],
    ['office_location', 'Office location is required'],
    ['signature', 'Signature is required'],
  ];
  for (const [tag, msg] of required) await expect(page.locator(`[data-field-error="${tag}"]`)).toHaveText(msg);
  await expect(page.getByLabel('First name')).toBeFocused();
  const first = page.getByLabel('First name');
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await first.getAttribute('aria-describedby');
  await expect(page.locator(`#${describedBy}`)).toHaveText('Please fill in first name.');

  await page.getByLabel('Email').fill('jane@');
  await page.getByLabel('Phone').fill('123');
  await page.getByLabel('Website').fill('not a site');
  await page.getByLabel('Date of birth').fill('2999-01-01');
  await page.getByLabel('New clients per month').fill('lots');
  const levels = field(page, 'office_location').locator('select');
  await levels.nth(0).selectOption('Canada');
  await page.getByLabel('Logo or brand guide').setInputFiles([{ name: 'run.exe', mimeType: 'application/octet-stream', buffer: PDF }]);
  await page.getByRole('button', { name: 'Request my strategy session' }).click();
  const rules: [string, string][] = [
    ['email', 'Invalid Email Address'],
    ['phone', 'Invalid phone number'],
    ['website', 'Please enter a valid website URL.'],
    ['date_of_birth', 'Date cannot be in the future. Click the year to select a year from the past.'],
    ['clients_per_month', 'New clients per month is not a valid number'],
    ['office_location', 'Office location is required'],
    ['brand_files', 'Logo or brand guide - File format is not supported'],
  ];
  for (const [tag, msg] of rules) await expect(page.locator(`[data-field-error="${tag}"]`)).toHaveText(msg);

  const four = ['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.pdf`, mimeType: 'application/pdf', buffer: PDF }));
  await field(page, 'brand_files').getByRole('button', { name: 'Remove run.exe' }).click();
  // Too many files are refused when chosen, with the seed's alert beside the field (issue 31).
  await page.getByLabel('Logo or brand guide').setInputFiles(four);
  await expect(page.getByTestId('files-refused')).toHaveText('The field only allows a maximum of 3 files');
  await expect(field(page, 'brand_files').locator('.ef-file-list li')).toHaveCount(0);
  // Two 26 MB files: over the 50 MB in total (Playwright takes files this big from disk).
  const dir = mkdtempSync(join(tmpdir(), 'ef-big-'));
  const big = Buffer.alloc(26 * 1024 * 1024, 0x20);
  big.write('%PDF-1.7\n');
  for (const name of ['big1.pdf', 'big2.pdf']) writeFileSync(join(dir, name), big);
  await page.getByLabel('Logo or brand guide').setInputFiles([join(dir, 'big1.pdf'), join(dir, 'big2.pdf')]);
  await expect(page.getByTestId('files-refused')).toHaveText('The total size of the attached files cannot be more that 50MB');
  await expect(field(page, 'brand_files').locator('.ef-file-list li')).toHaveCount(0);
});

test('German visitors read the rules in German', async ({ page }) => {
  await open(page, '?lang=de');
  await page.getByRole('button', { name: 'Request my strategy session' }).click();
  await expect(page.locator('[data-field-error="channels"]')).toHaveText('Bitte wählen Sie mindestens eine Option.');
  // The form's location speaks English: no English field name inside the German sentence (requirements ELEMENTS-5).
  await expect(page.locator('[data-field-error="signature"]')).toHaveText('Dieses Feld ist erforderlich.');
  await expect(page.locator('[data-field-error="signature"]')).toHaveAttribute('lang', 'de');
});

test('a missing form shows the error page with the status and the server msg', async ({ page }) => {
  const res = await page.goto('/widget/form/form_missing');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('error-status')).toHaveText('404');
  await expect(page.getByTestId('error-msg')).toHaveText('Unable to find form');
  const other = await page.goto('/widget/nothing-here');
  expect(other?.status()).toBe(404);
});

test('axe finds no violations on the form widget page, before and after errors show', async ({ page }) => {
  await open(page);
  const scan = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(await scan()).toEqual([]);
  await page.getByRole('button', { name: 'Request my strategy session' }).click();
  await expect(page.locator('[data-field-error="first_name"]')).toBeVisible();
  expect(await scan()).toEqual([]);
});

test('a field whose code cannot load says so in its place; the rest of the form keeps what was typed, and Try again loads it', async ({ page }) => {
  await page.route('**/_astro/signature-field.*.js', (route) => route.abort('internetdisconnected'));
  await open(page);
  await page.getByLabel('First name').fill('Jane');
  const signature = field(page, 'signature');
  await expect(signature.getByRole('alert')).toHaveText('This field could not be loaded. Please check your connection and try again.');
  await expect(page.getByLabel('First name')).toHaveValue('Jane');
  await page.unroute('**/_astro/signature-field.*.js');
  await signature.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('.ef-signature__pad')).toBeVisible();
  await expect(signature.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('First name')).toHaveValue('Jane');
});

for (const width of [375, 1280]) {
  test(`the form looks right at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page);
    await page.screenshot({ path: `test-results/form-all-fields-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
