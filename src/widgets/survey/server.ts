/**
 * The widget routes' side of a survey: loading it through the platform API (in-process, or
 * the upstream at API_ORIGIN) with its location's country, time zone and language, and the
 * island's props (only what the island needs).
 */
import * as v from 'valibot';
import { contentLanguage, type Translator } from '../../lib/i18n';
import { todayIn } from '../../lib/time/today';
import { freshCopy } from '../../lib/widget-copies';
import type { ApiFetch } from '../../platform/client';
import { callPath } from '../../schemas/calls/define-call';
import { surveysRoutes } from '../../schemas/calls/surveys-routes';
import { type SurveyDocument, surveyDocument } from '../../schemas/survey';
import { activeSlides } from '../../lib/validation/survey-path';
import { browserPrefill } from '../form/initial-values';
import { formStrings } from '../form/strings';
import { surveyStrings } from './strings';
import type { SurveyWidgetProps } from './survey-widget';

export interface SurveyLocation {
  country: string;
  timezone: string;
  language: string;
  /** The location's icon for the widget page, '' for the default (src/widgets/favicon.ts). */
  favicon: string;
}

export type LoadedSurvey = { ok: true; doc: SurveyDocument; location: SurveyLocation } | { ok: false; status: number; msg: string };

const FALLBACK_LOCATION: SurveyLocation = { country: 'US', timezone: 'UTC', language: 'en', favicon: '' };
const locationOf = v.object({
  country: v.optional(v.string(), 'US'),
  timezone: v.optional(v.string(), 'UTC'),
  language: v.optional(v.string(), 'en'),
  favicon: v.optional(v.string(), ''),
});

export async function loadSurvey(api: ApiFetch, id: string): Promise<LoadedSurvey> {
  let res: Response;
  try {
    res = await api(callPath(surveysRoutes.getSurvey, { id }));
  } catch {
    return { ok: false, status: 502, msg: 'Unable to reach the survey service' };
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) return { ok: false, status: res.status, msg: typeof body.msg === 'string' ? body.msg : res.statusText };
  const doc = v.safeParse(surveyDocument, { ...body, id: body.id ?? id });
  if (!doc.success) return { ok: false, status: 502, msg: 'Unable to read survey' };
  const location = v.safeParse(locationOf, body.location ?? {});
  return { ok: true, doc: doc.output, location: location.success ? location.output : FALLBACK_LOCATION };
}

/**
 * The survey an element carries a copy of (requirements PAGE-DATA-8), when the copy is
 * fresh (src/lib/widget-copies.ts), of this survey, and reads as one. Else null: the survey
 * is fetched.
 */
export function surveyFromCopy(surveyId: string, copy: unknown, page: { widgetVersions?: unknown; location?: unknown }): LoadedSurvey | null {
  const fresh = freshCopy('surveys', surveyId, copy, page);
  if (!fresh) return null;
  const doc = v.safeParse(surveyDocument, fresh);
  if (!doc.success || doc.output.id !== surveyId) return null;
  const location = v.safeParse(locationOf, page.location ?? {});
  return { ok: true, doc: doc.output, location: location.success ? location.output : FALLBACK_LOCATION };
}

export interface SurveyPropsInput {
  doc: SurveyDocument;
  location: SurveyLocation;
  translator: Translator;
  now: number;
  token: string;
  turnstileSiteKey: string;
  query: URLSearchParams;
  element?: SurveyWidgetProps['element'];
}

export function surveyWidgetProps(input: SurveyPropsInput): SurveyWidgetProps {
  const { doc, location, query } = input;
  const today = todayIn(location.timezone, input.now);
  return {
    surveyId: doc.id,
    locationId: doc.locationId,
    name: doc.name,
    formData: doc.formData,
    strings: formStrings(input.translator.t),
    text: surveyStrings(input.translator.t),
    lang: input.translator.lang,
    contentLang: contentLanguage(location.language),
    country: location.country,
    today,
    token: input.token,
    turnstileSiteKey: input.turnstileSiteKey,
    notrack: query.has('notrack') && !['false', '0'].includes((query.get('notrack') ?? '').toLowerCase()),
    redirect: query.get('redirect') !== 'false',
    query: query.toString(),
    ...(input.element ? { element: input.element } : {}),
  };
}

/** Where the browser finds prefill the server render cannot show: the survey island's `client:interact` wake options (src/client/interact-directive.ts). */
export function surveyBrowserPrefill(props: SurveyWidgetProps): { query: string[]; storage: string[] } {
  return browserPrefill(
    activeSlides(props.formData).flatMap((slide) => slide.slideData),
    props.formData.form.stickyContact ? { locationId: props.locationId } : null,
  );
}
