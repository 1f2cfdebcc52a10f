/**
 * The survey element of a funnel page (the demo's /welcome) works in place, and the survey
 * widget records its session (type survey) unless the page is opened with notrack.
 */
import { expect, type Locator, test } from '@playwright/test';
import { q, sql } from './forms-store';
import { holdScript } from './hold-script';

async function answerAgencyBranch(scope: Locator, email: string) {
  await scope.getByRole('radio', { name: 'Agency owner' }).click();
  await expect(scope.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_challenge');
  await scope.getByRole('checkbox', { name: 'Leads do not book calls' }).check();
  await scope.getByTestId('survey-next').click();
  await expect(scope.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_contact');
  await scope.getByLabel('First name').fill('Inline');
  await scope.getByLabel('Email').fill(email);
  await scope.getByRole('button', { name: 'Submit answers' }).click();
  await expect(scope.getByTestId('survey-end')).toHaveText('Thanks for submiting details, Will get back to you soon!');
}

test('the survey on /welcome loads when scrolled to and stores its answers with the funnel step', async ({ page }) => {
  await page.goto('/welcome');
  const survey = page.locator('[data-element="survey"]');
  // Below the page's first section, its header image waits for the screen (off the first paint's critical path); shown once there.
  const header = survey.locator('img.ef-survey__header');
  await expect(header).toHaveAttribute('loading', 'lazy');
  await survey.scrollIntoViewIfNeeded();
  await expect(survey.getByTestId('survey-slide')).toBeVisible();
  await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator('iframe[src*="/survey/"]')).toHaveCount(0);
  const email = `inline-${Date.now()}@example.com`;
  await answerAgencyBranch(survey, email);
  const [row] = sql(`SELECT s.data FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE s.ref_id = 'survey_demo' AND c.email = ${q(email)}`);
  const data = JSON.parse(row?.data ?? '{}');
  expect(data.values).toMatchObject({ business_type: 'Agency owner', challenges: ['Leads do not book calls'] });
  expect(data.funneEventData).toMatchObject({ event_type: 'optin', domain_name: 'localhost', page_url: '/welcome' });
});

const surveySessions = () => sql("SELECT count(*) AS n FROM sessions WHERE kind = 'survey' AND ref_id = 'survey_demo' AND location_id = 'loc_demo'")[0]?.n ?? 0;

test('the survey widget records a survey session, and none under notrack', async ({ page }) => {
  const before = surveySessions();
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/session'));
  await page.goto('/widget/survey/survey_demo');
  expect((await recorded).status()).toBe(200);
  expect(surveySessions()).toBe(before + 1);

  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/session')) sent += 1;
  });
  await page.goto('/widget/survey/survey_demo?notrack=1');
  // The session would have been sent once the page loaded (src/widgets/form/view-script.ts); the whole survey answered is a later signal.
  await answerAgencyBranch(page.locator('astro-island'), `notrack-${Date.now()}@example.com`);
  expect(sent).toBe(0);
  expect(surveySessions()).toBe(before + 1);
});

test('on /welcome, an arrow key in the survey before its code has arrived only moves the choice; Space then answers', async ({ page }) => {
  // Astro's island runtime starts with the page runtime at the first key (src/client/runtime-loader.ts): hold it back.
  const held = await holdScript(page, '**/_astro/astro-island.*.js');
  await page.goto('/welcome');
  const survey = page.locator('[data-element="survey"]');
  const first = survey.getByRole('radio', { name: 'Coach or consultant' });
  await first.focus();
  await page.keyboard.press('ArrowUp');
  await held.requested;
  const notStarted = survey.getByRole('radio', { name: 'I have not started a business yet' });
  await expect(notStarted).toBeChecked();
  held.release();
  // The next key wakes the survey; the arrow's choice was kept and acted on by nothing.
  await page.keyboard.press('ArrowDown');
  await expect(survey.locator('astro-island')).not.toHaveAttribute('ssr');
  await expect(first).toBeChecked();
  await expect(survey.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_business');
  await expect(survey.getByTestId('survey-end')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(survey.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_revenue');
});
