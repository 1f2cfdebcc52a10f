/**
 * The survey's own interface strings (`survey` namespace) in the request's language,
 * passed to the island as props: no translation library ships to the browser.
 */
import type { TFunction } from 'i18next';
import en from '../../../locales/en/survey.json';

export type SurveyStringKey = keyof typeof en;
export type SurveyStrings = Readonly<Record<SurveyStringKey, string>>;

export function surveyStrings(t: TFunction): SurveyStrings {
  // Templates keep their {{placeholders}}: the island fills them (progress, slide numbers).
  return Object.fromEntries(Object.keys(en).map((key) => [key, t(`survey:${key}`, { skipInterpolation: true })])) as Record<SurveyStringKey, string>;
}
