/** Routes of the surveys area: GET /survey/{id} and POST /survey. */
import type { Hono } from 'hono';
import { surveysCalls } from '../../schemas/calls/surveys';
import { mount } from '../call';
import type { AppEnv } from '../env';
import { ApiError } from '../http';
import { getLocation } from '../services/locations';
import { type Recorded, recordSubmission } from '../services/record-submission';
import { prepareSubmission } from '../services/submissions';
import { getSurvey, surveyFields } from '../services/surveys';
import { guardSubmission } from './forms';
import { fieldErrors, submitEnv } from './submit-env';
import { withStickyToken } from '../services/visitor-claims';

const NOT_FOUND = 'Unable to find survey';

export function registerSurveysRoutes(app: Hono<AppEnv>): void {
  mount(app, surveysCalls.getSurvey, async (c, { params }) => {
    const survey = await getSurvey(c.env.DB, params.id);
    if (!survey) throw new ApiError(404, NOT_FOUND);
    // Beside the seed's keys: what the widget needs of its location (phone country, today's date, language).
    const location = await getLocation(c.env.DB, survey.locationId);
    const place = location ? { country: location.country, timezone: location.timezone, language: location.language, favicon: location.favicon } : undefined;
    return c.json({ id: survey.id, locationId: survey.locationId, name: survey.name, formData: survey.formData, ...(place ? { location: place } : {}) });
  });

  mount(app, surveysCalls.submitSurvey, async (c, { form: payload, files }) => {
    const survey = await getSurvey(c.env.DB, payload.formId);
    if (!survey) throw new ApiError(404, NOT_FOUND);
    const location = await getLocation(c.env.DB, survey.locationId);
    if (!location) throw new ApiError(404, NOT_FOUND);
    const { fields, disqualified } = surveyFields(survey, payload);
    // The answers decide (the path the server walks); the widget's flag can only add to it.
    const isDisqualified = disqualified || payload.disqualified === true;
    const answer = async (r: Recorded) => ({
      status: true,
      disqualified: isDisqualified,
      id: r.id,
      contact: await withStickyToken(c.env, survey.locationId, r.contact),
      fingerprint: r.fingerprint,
      sessionId: r.sessionId,
      sessionFingerprint: r.sessionFingerprint,
    });
    const env = submitEnv(c, location.timezone);
    const guarded = await guardSubmission(c, env, 'survey', survey.id, payload, answer);
    if (guarded) return guarded;
    const req = { kind: 'survey' as const, locationId: survey.locationId, country: location.country, fields, mode: 'survey' as const, payload, files };
    const prepared = await prepareSubmission(env, req);
    if ('errors' in prepared) return fieldErrors(c, prepared.errors);
    return c.json(await answer(await recordSubmission(env, req, prepared, { refId: survey.id, disqualified: isDisqualified })));
  });
}
