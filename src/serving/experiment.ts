/**
 * Split tests at the edge (issue 28; docs/analytics.md "Assignment at the edge"): which
 * variant of a step's test a request is served, decided before the edge copy is looked up
 * (./edge-hit.ts) and in the page render ([...path].astro), by one call each: `assignVariant`.
 *
 * - The test reaches the edge inside the step's page data, only from get_page calls carrying
 *   the edge's token (src/platform/services/experiment-serving.ts), and its route entry keeps
 *   what assignment needs (`routeExperimentOf`). Neither reaches a browser.
 * - The visitor id is the page runtime's fingerprint cookie (src/lib/tracking/fingerprint.ts);
 *   on a first view the edge sets it. `ef_x_{experimentId}` keeps the visitor on the variant
 *   they were shown while it stays live, whatever the weights become (src/lib/experiments/assign.ts).
 * - Left out: known robots (src/lib/bots.ts) get the control; `?ef_variant=ID` previews a
 *   variant; `notrack` views get the assigned page. None of them is counted or gets a cookie.
 * - A stopped test serves the control, a won test its winner, to everyone, uncounted. A
 *   variant whose page cannot be shown is served as the control, uncounted and without a cookie.
 */
import { chooseVariant, controlOf } from '../lib/experiments/assign';
import { isBot } from '../lib/bots';
import { isValidFingerprint, newFingerprint } from '../lib/ids';
import { parseCookies, serializeCookie } from '../lib/tracking/cookies';
import { FINGERPRINT_COOKIE, fingerprintCookieOptions } from '../lib/tracking/fingerprint';
import { type HtmlClock, htmlDependenceOf } from '../tree/html-clock';
import { withVisitorCookies } from './answer-headers';

/** The cookie keeping a visitor on their variant of one test; its value is the variant id. */
export const VARIANT_COOKIE_PREFIX = 'ef_x_';
/** The query parameter with which a seller previews a variant (not counted, no cookie). */
export const PREVIEW_PARAM = 'ef_variant';
/** How long a visitor keeps their variant: a year, as their fingerprint. */
const VARIANT_COOKIE_SECONDS = 31536000;

export const variantCookieName = (experimentId: string) => `${VARIANT_COOKIE_PREFIX}${experimentId}`;

/** A variant as the route entry keeps it: enough to assign, and to find its HTML copy. */
export interface RouteVariant {
  id: string;
  pageId: string;
  weight: number;
  servable: boolean;
  clock: HtmlClock;
  zoned: boolean;
}
/** A step's test as the route entry keeps it (server side only: the salt is in it). */
export interface RouteExperiment {
  id: string;
  salt: string;
  status: 'draft' | 'running' | 'stopped' | 'winner';
  winnerVariantId: string | null;
  controlPageId: string;
  variants: RouteVariant[];
}

/** The assignment of the shared contract (view counting reads it): who is shown what, and whether the view counts. */
export interface VariantAssignment {
  experimentId: string;
  variantId: string;
  pageId: string;
  counted: boolean;
}
/** An assignment as serving uses it: the page data key of the variant shown (null: the step's own) and the cookies to set. */
export interface EdgeAssignment extends VariantAssignment {
  /** The variant whose own page is served, or null when it is the step's page (the control). */
  served: RouteVariant | null;
  /** Set-Cookie values, appended to the answer after the cache read, never stored with a copy. */
  cookies: string[];
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The test of page data from the edge's get_page call, as its route entry keeps it; null without one. */
export function routeExperimentOf(data: unknown): RouteExperiment | null {
  const experiment = (data as { experiment?: unknown } | null)?.experiment as Record<string, unknown> | undefined;
  if (!experiment || typeof experiment !== 'object' || !Array.isArray(experiment.variants)) return null;
  const status = textOf(experiment.status);
  return {
    id: textOf(experiment.id),
    salt: textOf(experiment.salt),
    status: status === 'running' || status === 'winner' || status === 'stopped' ? status : 'draft',
    winnerVariantId: textOf(experiment.winnerVariantId) || null,
    controlPageId: textOf(experiment.controlPageId),
    variants: (experiment.variants as Record<string, unknown>[]).map((variant) => {
      const page = variant.data as { elements?: unknown } | null | undefined;
      return {
        id: textOf(variant.id),
        pageId: textOf(variant.pageId),
        weight: typeof variant.weight === 'number' ? variant.weight : 0,
        servable: variant.servable === true,
        ...(page ? htmlDependenceOf(page.elements) : { clock: 'none' as const, zoned: false }),
      };
    }),
  };
}

/** The page data a variant shows: its own (inside the step's data), or the step's for the control. */
export function variantPageData(data: unknown, served: RouteVariant | null): unknown {
  const { experiment, ...step } = (data ?? {}) as { experiment?: { variants?: { id?: unknown; data?: unknown }[] } };
  if (!served) return step;
  return experiment?.variants?.find((variant) => variant.id === served.id)?.data ?? step;
}

/** The page ids whose publish must refresh the step's copies: the variants' own pages. */
export function variantPageIds(data: unknown): string[] {
  return (routeExperimentOf(data)?.variants ?? []).map((variant) => variant.pageId);
}

/** What of the request assignment reads. */
export interface AssignInput {
  url: URL;
  cookie: string | null;
  userAgent: string | null;
  notrack: boolean;
  /** Random bytes for a first view's fingerprint (src/lib/ids.ts). */
  random?: (size: number) => Uint8Array;
}

/**
 * The variant this request is served, and the cookies to set; null when the step has no test.
 * Never throws: a broken test serves the step's own page.
 */
export async function assignVariant(experiment: RouteExperiment | null | undefined, input: AssignInput): Promise<EdgeAssignment | null> {
  try {
    return await assign(experiment, input);
  } catch (error) {
    // A visitor never sees an error because of a test: the step's own page answers.
    console.error('split-test assignment failed', experiment?.id, error);
    return null;
  }
}

async function assign(experiment: RouteExperiment | null | undefined, input: AssignInput): Promise<EdgeAssignment | null> {
  if (!experiment?.id || experiment.variants.length === 0) return null;
  const control = controlOf(experiment);
  if (!control) return null;
  const shown = (variant: RouteVariant | undefined, counted: boolean, cookies: string[]): EdgeAssignment => {
    const servable = variant?.servable ? variant : control;
    const own = servable.pageId === experiment.controlPageId ? null : (servable as RouteVariant);
    return { experimentId: experiment.id, variantId: servable.id, pageId: servable.pageId, counted, served: own, cookies };
  };
  const preview = input.url.search === '' ? null : input.url.searchParams.get(PREVIEW_PARAM);
  if (preview !== null)
    return shown(
      experiment.variants.find((variant) => variant.id === preview),
      false,
      [],
    );
  if (isBot(input.userAgent)) return shown(control as RouteVariant, false, []);
  const cookies = parseCookies(input.cookie);
  const known = cookies.get(FINGERPRINT_COOKIE);
  const visitor = isValidFingerprint(known) ? known : newFingerprint(input.random);
  const variant = (await chooseVariant(experiment, visitor, cookies.get(variantCookieName(experiment.id)))) as RouteVariant | undefined;
  if (experiment.status !== 'running' || input.notrack || !variant?.servable) return shown(variant, false, []);
  const secure = input.url.protocol === 'https:';
  const set: string[] = [];
  if (visitor !== known) set.push(serializeCookie(FINGERPRINT_COOKIE, visitor, fingerprintCookieOptions(secure)));
  if (cookies.get(variantCookieName(experiment.id)) !== variant.id) {
    set.push(serializeCookie(variantCookieName(experiment.id), variant.id, { maxAge: VARIANT_COOKIE_SECONDS, path: '/', secure }));
  }
  return shown(variant, true, set);
}

/** `response` with the assignment's cookies appended (./answer-headers.ts); never cached. */
export function withAssignmentCookies(response: Response, assignment: EdgeAssignment | null): Response {
  return withVisitorCookies(response, assignment?.cookies ?? []);
}
