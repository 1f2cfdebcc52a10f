/**
 * The opt-in of the order form (requirements FUNNEL-CALLS POST /contact): every field of the seed's
 * payload, the email lower-cased, the fingerprint only with sticky contact, the email
 * validation flag as a number. A failed contact creation is logged only (requirements PAGE-ERRORS).
 */
import { callApi } from '../../client/api';
import { funnelPageRoutes, type OptinAnswer } from '../../schemas/calls/funnel-routes';
import type { ContactPayload } from '../../schemas/funnel-calls';
import { CONTACT_KEYS, type ContactTag } from './contact-fields';

export interface OptinInput {
  values: Readonly<Record<string, unknown>>;
  locationId: string;
  funnelId: string;
  pageId: string;
  funnelName: string;
  fingerprint: string;
  stickyContact: boolean;
  forceCreate: boolean;
  validateEmail: boolean;
  eventData: Record<string, unknown>;
  funneEventData: Record<string, string> | undefined;
  sessionId?: string;
  sessionFingerprint?: string;
  /** The order form's consent box, when it shows one. */
  consent?: { element_id: string; checked: boolean };
  /** The remembered sticky contact's claim (../form/visit-extras.ts stickyClaim). */
  claim?: { contact_id?: string; contact_token?: string };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function contactPayload(input: OptinInput): ContactPayload {
  const fields = Object.fromEntries(Object.entries(CONTACT_KEYS).map(([tag, key]) => [key, text(input.values[tag as ContactTag])]));
  return {
    ...(fields as Pick<ContactPayload, 'name' | 'companyName' | 'phone' | 'address1' | 'city' | 'state' | 'postalCode' | 'country'>),
    email: text(input.values.email).toLowerCase(),
    location_id: input.locationId,
    lead: true,
    source: input.funnelName || 'funnel',
    ...(input.stickyContact ? { fingerprint: input.fingerprint } : {}),
    page_id: input.pageId || undefined,
    funnel_id: input.funnelId || undefined,
    forceCreate: input.forceCreate,
    eventData: input.eventData,
    sessionId: input.sessionId,
    funneEventData: input.funneEventData
      ? { ...(input.funneEventData as Required<ContactPayload>['funneEventData']), fingerprint: input.fingerprint }
      : undefined,
    sessionFingerprint: input.sessionFingerprint ?? input.fingerprint,
    session_d: input.validateEmail ? 1 : 0,
    ...(input.consent ? { consent: input.consent } : {}),
    ...(input.claim ?? {}),
  };
}

/** Creates the contact; null (logged) when it failed. */
export async function optIn(input: OptinInput): Promise<OptinAnswer | null> {
  const answer = await callApi(funnelPageRoutes.contact, { json: contactPayload(input) });
  if (answer.kind === 'ok') return answer.body;
  console.error('order form: the contact could not be created', answer.kind === 'refused' ? `${answer.status} ${answer.msg}` : answer.error);
  return null;
}
