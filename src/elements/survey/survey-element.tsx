/**
 * The survey element of a funnel page (requirements ELEMENTS): the survey island inline in
 * the page, not in a frame. It loads the survey in the browser when it scrolls into view (GET
 * /api/survey/{id}, as the seed's widget does), so a cached funnel page always shows the
 * survey as it is now; the translated strings come with the page.
 */
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { todayIn as todayInZone } from '../../lib/time/calendar-month';
import { surveyDocument } from '../../schemas/survey';
import type { FormStringsDiff } from '../../widgets/form/types';
import type { SurveyStrings } from '../../widgets/survey/strings';
import SurveyWidget, { type SurveyWidgetProps } from '../../widgets/survey/survey-widget';

export interface SurveyElementProps {
  surveyId: string;
  action: string;
  nextStepUrl: string;
  strings: FormStringsDiff;
  text: SurveyStrings;
  lang: string;
  turnstileSiteKey: string;
  /** Shown until the survey has loaded (and without JavaScript). */
  loading: string;
}

type State = { kind: 'loading' } | { kind: 'failed'; msg: string } | { kind: 'ready'; props: SurveyWidgetProps };

const located = v.object({ location: v.optional(v.object({ country: v.optional(v.string(), 'US'), timezone: v.optional(v.string(), 'UTC') }), {}) });

/** Today in the location's zone, YYYY-MM-DD, without a date library in the page. */
function todayIn(timeZone: string): string {
  try {
    return todayInZone(timeZone, Date.now());
  } catch {
    return todayInZone('UTC', Date.now());
  }
}

export default function SurveyElement(props: SurveyElementProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    (async () => {
      const res = await fetch(`/api/survey/${encodeURIComponent(props.surveyId)}`, { credentials: 'same-origin' });
      const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      const doc = v.safeParse(surveyDocument, body);
      if (!res.ok || !doc.success) throw new Error(typeof body.msg === 'string' ? body.msg : `survey ${res.status}`);
      const place = v.parse(located, body).location;
      return {
        surveyId: doc.output.id,
        locationId: doc.output.locationId,
        name: doc.output.name,
        formData: doc.output.formData,
        strings: props.strings,
        text: props.text,
        lang: props.lang,
        country: place.country,
        today: todayIn(place.timezone),
        token: '',
        turnstileSiteKey: props.turnstileSiteKey,
        notrack: new URLSearchParams(location.search).has('notrack'),
        redirect: new URLSearchParams(location.search).get('redirect') !== 'false',
        query: location.search.slice(1),
        element: { action: props.action, nextStepUrl: props.nextStepUrl },
      } satisfies SurveyWidgetProps;
    })().then(
      (ready) => live && setState({ kind: 'ready', props: ready }),
      (error: unknown) => live && setState({ kind: 'failed', msg: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [props]);

  if (state.kind === 'ready') return <SurveyWidget {...state.props} />;
  return (
    <p className="ef-survey-loading" role={state.kind === 'failed' ? 'alert' : 'status'}>
      {state.kind === 'failed' ? state.msg : props.loading}
    </p>
  );
}
