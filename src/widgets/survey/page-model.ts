/**
 * What the survey routes (/survey/{id}, /widget/survey/{id}, any host) render: the survey
 * island's props, or the error page's status and the server's msg ("Unable to find
 * survey"). Failures other than 404 are reported (requirements WIDGET-ERRORS). The bindings
 * and the API client are the request's (`Astro.locals`).
 */
import type { Translator } from '../../lib/i18n';
import { reportError } from '../../lib/report-error';
import { inlineOwnImage } from '../../serving/inline-image';
import { type RequestServices, requestTranslator } from '../../serving/request-context';
import { turnstileSiteKey } from '../form/props';
import { formToken } from '../form/server';
import { widgetFavicon } from '../favicon';
import { type WidgetCode, widgetCode } from '../widget-code';
import { loadSurvey, surveyWidgetProps } from './server';
import type { SurveyWidgetProps } from './survey-widget';

export type SurveyPageModel =
  | { kind: 'survey'; status: 200; translator: Translator; title: string; code: WidgetCode; favicon: string; props: SurveyWidgetProps }
  | { kind: 'error'; status: number; translator: Translator; msg: string };

export async function surveyPageModel({ env, api, now }: Pick<RequestServices, 'env' | 'api' | 'now'>, request: Request, id: string): Promise<SurveyPageModel> {
  const loaded = await loadSurvey(api, id);
  const translator = requestTranslator(request, loaded.ok ? loaded.location.language : undefined);
  if (!loaded.ok) {
    if (loaded.status !== 404) reportError(new Error(`survey load failed: ${loaded.status} ${loaded.msg}`), { surveyId: id });
    return { kind: 'error', status: loaded.status, translator, msg: loaded.msg };
  }
  // The header is the page's largest paint: a small one of the site's own comes with the HTML.
  const formAction = loaded.doc.formData.form.formAction;
  const headerImageSrc = await inlineOwnImage(env.ASSETS, request.url, formAction.headerImageSrc);
  const form = { ...loaded.doc.formData.form, formAction: { ...formAction, headerImageSrc } };
  const props = surveyWidgetProps({
    doc: { ...loaded.doc, formData: { ...loaded.doc.formData, form } },
    location: loaded.location,
    translator,
    now,
    token: await formToken(api, 'survey', loaded.doc.id),
    turnstileSiteKey: turnstileSiteKey(env),
    query: new URL(request.url).searchParams,
  });
  return {
    kind: 'survey',
    status: 200,
    translator,
    title: loaded.doc.name,
    code: widgetCode(loaded.doc, loaded.doc.formData.form),
    favicon: widgetFavicon(loaded.location.favicon),
    props,
  };
}
