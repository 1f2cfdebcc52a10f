/**
 * Payloads of the funnel page calls of requirements FUNNEL-CALLS (field names exactly as the seed's
 * table, `funneEventData` included). The edge gateway and the platform API validate
 * with the same schemas; unknown keys are dropped, never trusted.
 */
import * as v from 'valibot';
import { boundedJson, hostName, id, singleLine } from './common';
import { email } from './contact';
import { stepPath } from './funnel';

/** The visitor's fingerprint cookie (requirements IDENTITY): an opaque token. */
export const fingerprint = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'must be a fingerprint token'));

/** A host as a browser reports it; a port is dropped. */
export const domainName = v.pipe(
  v.string(),
  v.trim(),
  v.transform((host) => host.replace(/:\d{1,5}$/, '')),
  hostName,
);

/** A page URL as the browser sends it: query and hash dropped, trailing slash removed, empty means `/`. */
export const pageUrl = v.pipe(
  v.string(),
  v.maxLength(2000),
  v.transform((url) => url.split(/[?#]/)[0] ?? ''),
  stepPath,
);

/**
 * The path a visitor opened, normalised like a step path but not held to its character set:
 * a path no step can have is simply not found (404), not a malformed request.
 */
export const lookupPath = v.pipe(
  v.string(),
  v.maxLength(2000),
  v.transform((url) => (url.split(/[?#]/)[0] ?? '').trim()),
  v.transform((path) => (path.startsWith('/') ? path : `/${path}`)),
  v.transform((path) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path)),
);

export const getPagePayload = v.pipe(
  v.object({
    page_id: v.optional(id),
    domain_name: v.optional(domainName),
    page_url: v.optional(lookupPath, '/'),
    /** The draft instead of the published document (the /v2/preview route). */
    preview: v.optional(v.boolean(), false),
    /** The token of the preview link (a draft is shown only with it; src/platform/services/preview-links.ts). */
    preview_token: v.optional(v.pipe(v.string(), v.maxLength(100))),
  }),
  v.check((p) => Boolean(p.page_id || p.domain_name), 'page_id or domain_name is required'),
);
export type GetPagePayload = v.InferOutput<typeof getPagePayload>;

export const robotsTxtPayload = v.object({ domain: domainName });

/** Funnel event types: the seed's page_view and optin, and the sales the pay call records. */
export const FUNNEL_EVENT_TYPES = ['page_view', 'optin', 'sale', 'upsell'] as const;
export type FunnelEventType = (typeof FUNNEL_EVENT_TYPES)[number];

/**
 * What a page may report through /funnel/event: views only. Opt-ins, sales and upsells are
 * conversions, recorded by the server where it stores the contact or the order, so a forged
 * request cannot count one.
 */
export const BROWSER_EVENT_TYPES = ['page_view'] as const satisfies readonly FunnelEventType[];
export type BrowserEventType = (typeof BROWSER_EVENT_TYPES)[number];

/** An id that a page outside any funnel sends as '' (read as absent). */
const optionalId = v.optional(
  v.pipe(
    v.union([v.literal(''), id]),
    v.transform((value) => value || undefined),
  ),
);

export const funnelEventPayload = v.pipe(
  v.object({
    funnel_id: optionalId,
    page_id: id,
    funnel_step_id: optionalId,
    domain_name: v.optional(domainName),
    page_url: v.optional(pageUrl),
    fingerprint: v.optional(fingerprint),
    /** Sent only when the fingerprint cookie held an invalid value. */
    old_fingerprint: v.optional(v.pipe(v.string(), singleLine, v.maxLength(256))),
    event_type: v.picklist(BROWSER_EVENT_TYPES, `must be one of ${BROWSER_EVENT_TYPES.join(', ')}; opt-ins, sales and upsells are recorded by the server`),
  }),
  v.check((e) => Boolean(e.funnel_id) === Boolean(e.funnel_step_id), 'funnel_id and funnel_step_id go together'),
);
export type FunnelEventPayload = v.InferOutput<typeof funnelEventPayload>;

/** Kinds of things a visitor session is recorded for. */
export const SESSION_KINDS = ['funnel', 'form', 'survey', 'calendar'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const sessionPayload = v.object({
  locationId: id,
  type: v.picklist(SESSION_KINDS, `must be one of ${SESSION_KINDS.join(', ')}`),
  id,
  name: v.optional(v.pipe(v.string(), singleLine, v.trim(), v.maxLength(300)), ''),
  fingerprint: v.optional(fingerprint),
});
export type SessionPayload = v.InferOutput<typeof sessionPayload>;

export const existsPayload = v.object({ email, location_id: id });

/** Tracking data a page sends along (UTM values, referrer…): a small JSON object. */
export const eventData = v.pipe(boundedJson(), v.record(v.pipe(v.string(), v.maxLength(100)), v.unknown()));

const optionalText = (max = 300) => v.optional(v.pipe(v.string(), singleLine, v.trim(), v.maxLength(max)), '');

/** The optin funnel event that rides along with a contact submission. */
export const funnelEventData = v.object({
  event_type: v.optional(v.literal('optin'), 'optin'),
  domain_name: v.optional(domainName),
  page_url: v.optional(pageUrl),
  funnel_id: id,
  page_id: id,
  funnel_step_id: id,
  fingerprint: v.optional(fingerprint),
});

/**
 * The consent box of an order form (issue 27): the element that showed it and whether the
 * visitor ticked it. The text is never taken from here: the server reads it from the
 * published page's element.
 */
export const consentBox = v.object({ element_id: id, checked: v.boolean() });

export const contactPayload = v.object({
  location_id: id,
  name: v.pipe(v.string(), singleLine, v.trim(), v.nonEmpty('This field is required.'), v.maxLength(300)),
  email: v.optional(v.union([v.literal(''), email], 'Invalid Email Address'), ''),
  phone: optionalText(40),
  address1: optionalText(),
  companyName: optionalText(),
  country: optionalText(100),
  state: optionalText(100),
  city: optionalText(100),
  postalCode: optionalText(20),
  lead: v.optional(v.boolean(), true),
  source: optionalText(300),
  fingerprint: v.optional(fingerprint),
  page_id: v.optional(id),
  funnel_id: v.optional(id),
  forceCreate: v.optional(v.boolean(), false),
  eventData: v.optional(eventData, {}),
  sessionId: v.optional(id),
  funneEventData: v.optional(funnelEventData),
  sessionFingerprint: v.optional(fingerprint),
  /** The page's email-validation flag, as a number. */
  session_d: v.optional(v.pipe(v.number(), v.integer())),
  /** The order form's consent box (its step 1), when it shows one. */
  consent: v.optional(consentBox),
  /**
   * The sticky contact the browser remembers, with the token the server gave it (as the
   * widgets send them, src/platform/services/visitor-claims.ts): an opt-in without email or
   * phone lands on it; an id its token does not prove is ignored.
   */
  contact_id: v.optional(v.pipe(v.string(), v.maxLength(100))),
  contact_token: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export type ContactPayload = v.InferOutput<typeof contactPayload>;

export const productListQuery = v.object({ funnel_id: id, step_id: v.optional(id) });

/** POST /funnel/error: a failure the seed says is reported (requirements PAGE-ERRORS; issue 30's error log). */
export const pageErrorPayload = v.object({
  kind: v.picklist(['load', 'merge', 'payment', 'product-list'], 'kind: must be load, merge, payment or product-list'),
  message: v.pipe(v.string(), v.trim(), v.nonEmpty('message: is required'), v.maxLength(2000)),
  page_id: v.optional(id),
  data: v.optional(boundedJson(4096)),
});
