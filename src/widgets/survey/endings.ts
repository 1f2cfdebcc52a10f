/**
 * How a survey ends (requirements WIDGET-STATES): disqualified at once, disqualified at the end
 * ("endsurvey"), or submitted. Each shows the seller's text, sanitised, with the answers
 * merged in as text (mergeVisitorHtml), or the default text, or redirects when its type is
 * "1" (only http(s), merge values never in the host, and never when the page was opened
 * with redirect=false). A survey element whose action is "go to the next funnel step"
 * ends a submission there instead, with the page's query carried as every funnel link
 * carries it.
 */
import { carryQuery, redirectTarget } from '../../lib/links';
import { fillMergeUrl, mergeVisitorHtml } from '../../lib/merge-fields';
import type { SurveyFormAction } from '../../schemas/survey';

export type EndKind = 'disqualified' | 'ended' | 'submitted';

export type Ending = { kind: 'redirect'; url: string } | { kind: 'message'; html: string };

/** The default texts, already translated (English: the seed's words). */
export type EndTexts = Readonly<Record<EndKind, string>>;

const SETTINGS: Record<EndKind, (a: SurveyFormAction) => { redirects: boolean; url: string; text: string }> = {
  disqualified: (a) => ({ redirects: a.disqualifiedType === '1', url: a.disqualifiedUrl, text: a.disqualifiedText }),
  ended: (a) => ({ redirects: a.endsurveyType === '1', url: a.endsurveyUrl, text: a.endsurveyText }),
  submitted: (a) => {
    const loose = a as Record<string, unknown>;
    const text = typeof loose.thankyouText === 'string' ? loose.thankyouText : '';
    return { redirects: false, url: '', text };
  },
};

/** The ending of `kind` for these answers. */
export function surveyEnding(
  kind: EndKind,
  action: SurveyFormAction,
  input: {
    answers: Readonly<Record<string, unknown>>;
    texts: EndTexts;
    redirectAllowed: boolean;
    now: Date;
    /** The funnel's next step when the survey element moves on after a submission, and the page's query. */
    nextStep?: { url: string; search: string };
  },
): Ending {
  if (kind === 'submitted' && input.nextStep?.url) return { kind: 'redirect', url: carryQuery(input.nextStep.url, input.nextStep.search) };
  const setting = SETTINGS[kind](action);
  if (setting.redirects && input.redirectAllowed) {
    const url = redirectTarget(fillMergeUrl(setting.url, { now: input.now, contact: input.answers }));
    if (url) return { kind: 'redirect', url };
  }
  const text = setting.text.trim() || input.texts[kind];
  const contact = Object.fromEntries(Object.entries(input.answers).filter(([, v]) => typeof v !== 'object' || v === null));
  return { kind: 'message', html: mergeVisitorHtml(text, { now: input.now, contact }, () => {}) };
}
