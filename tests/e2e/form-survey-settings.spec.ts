/**
 * Settings of forms and surveys that were parsed and never used (issue 31, docs/requirements.md
 * WIDGET-ROWS): `ac_branding` with `company`, `fieldSettingEnable`, `surveyLogicLinkById`
 * and `slide.button`.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from './playwright.config';
import { putDocument } from './support/second-worker';
import { wakeWidget } from './support/wake';

const ORIGIN = `http://localhost:${E2E_PORT}`;
const demo = (path: string) => JSON.parse(readFileSync(new URL(`../../scripts/demo-data/${path}`, import.meta.url), 'utf8'));
const company = { name: 'Brightpath Coaching', logoURL: '/demo/brightpath-logo.svg', domain: 'brightpath.example' };

async function noAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function hydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await wakeWidget(page);
}

test('ac_branding shows the company (logo and name, linked to its domain) under a form and a survey; off, nothing', async ({ page }) => {
  const form = demo('forms/form_optin.json');
  await putDocument(ORIGIN, 'forms', { ...form, id: 'form_branded', form: { ...form.form, company, style: { ...form.form.style, ac_branding: true } } });
  await putDocument(ORIGIN, 'forms', { ...form, id: 'form_unbranded', form: { ...form.form, company, style: { ...form.form.style, ac_branding: false } } });

  await hydrated(page, '/widget/form/form_branded');
  const link = page.getByRole('link', { name: 'Powered by Brightpath Coaching' });
  await expect(link).toHaveAttribute('href', 'https://brightpath.example/');
  await expect(link.locator('img')).toHaveAttribute('src', '/demo/brightpath-logo.svg');
  await noAxeViolations(page);

  await hydrated(page, '/widget/form/form_unbranded');
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
  await expect(page.getByTestId('form-branding')).toHaveCount(0);

  const survey = demo('surveys/survey_demo.json');
  survey.id = 'survey_branded';
  survey.formData.form = { ...survey.formData.form, company, style: { ...survey.formData.form.style, ac_branding: true } };
  await putDocument(ORIGIN, 'surveys', survey);
  await hydrated(page, '/survey/survey_branded');
  await expect(page.getByRole('link', { name: 'Powered by Brightpath Coaching' })).toBeVisible();
});

test('fieldSettingEnable switches the survey footer: off hides the footer HTML, on shows it', async ({ page }) => {
  const survey = demo('surveys/survey_demo.json');
  survey.id = 'survey_footer_off';
  survey.formData.form.formAction.fieldSettingEnable = false;
  await putDocument(ORIGIN, 'surveys', survey);
  await hydrated(page, '/survey/survey_footer_off');
  await expect(page.getByTestId('survey-slide')).toBeVisible();
  await expect(page.getByText('Your answers are only shared with your coach.')).toHaveCount(0);

  await hydrated(page, '/survey/survey_demo');
  await expect(page.getByText('Your answers are only shared with your coach.')).toBeVisible();
});

test("slide.button styles that slide's buttons over the form's; the other slides keep the form's", async ({ page }) => {
  const survey = demo('surveys/survey_demo.json');
  survey.id = 'survey_slide_button';
  survey.formData.settings = { ...survey.formData.settings, isAnimationDisabled: true };
  // As builders store it: a hex without its #.
  survey.formData.slides[0].button = { background: '2A3135', color: '#ffffff', border: { radius: 20 } };
  await putDocument(ORIGIN, 'surveys', survey);
  await hydrated(page, '/survey/survey_slide_button');
  const next = page.getByTestId('survey-next');
  await expect(next).toHaveCSS('background-color', 'rgb(42, 49, 53)');
  await expect(next).toHaveCSS('border-top-left-radius', '20px');
  await noAxeViolations(page);
  await page.getByRole('radio', { name: 'Coach or consultant' }).click();
  await expect(page.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_revenue');
  await expect(next).toHaveCSS('background-color', 'rgb(24, 139, 246)');
});

test('surveyLogicLinkById: skip logic follows the rules under the field id when on, under its tag when off', async ({ page }) => {
  const build = (id: string, linkById: boolean) => {
    const survey = demo('surveys/survey_demo.json');
    survey.id = id;
    survey.formData.settings = { ...survey.formData.settings, isAnimationDisabled: true, surveyLogicLinkById: linkById };
    const first = survey.formData.slides[0];
    // The field's id is not its tag: one rule set is kept under each.
    first.slideData[0].id = 'q_business_uuid';
    first.logic = {
      business_type: [{ optionName: 'Coach or consultant', index: 2, id: 'slide_challenge' }],
      q_business_uuid: [{ optionName: 'Coach or consultant', index: 1, id: 'slide_revenue' }],
    };
    return survey;
  };
  await putDocument(ORIGIN, 'surveys', build('survey_link_id', true));
  await putDocument(ORIGIN, 'surveys', build('survey_link_tag', false));

  await hydrated(page, '/survey/survey_link_id');
  await page.getByRole('radio', { name: 'Coach or consultant' }).click();
  await expect(page.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_revenue');

  await hydrated(page, '/survey/survey_link_tag');
  await page.getByRole('radio', { name: 'Coach or consultant' }).click();
  await expect(page.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_challenge');
});
