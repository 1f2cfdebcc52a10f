/**
 * Conversions carry the variant (issue 28): a submission, appointment, order or server-written
 * funnel event made by a visitor in a running split test is stored with the test's
 * `experiment_id` and the visitor's `variant_id` (migration 0017), read here from the
 * visitor's variant cookies (`ef_x_{experimentId}`, set by the edge: src/serving/experiment.ts)
 * on the public call, never from a payload field.
 *
 * A record is tagged with a test on its own step or on an earlier step of its funnel (the
 * nearest one when the visitor is in several); a record whose step is not known (a widget
 * outside a funnel page) takes the visitor's most recently started running test.
 */
import { parseCookies } from '../../lib/tracking/cookies';

/** The header in which a framed widget relays the variant cookies of the page around it (src/client/split-variants.ts). */
export const RELAYED_VARIANTS_HEADER = 'x-ef-variants';
/** The cookie prefix of src/serving/experiment.ts (kept here too: the platform does not import serving). */
const VARIANT_COOKIE_PREFIX = 'ef_x_';
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The visitor's variant cookies: variant id by experiment id. */
export type VariantCookies = ReadonlyMap<string, string>;

/**
 * The variant cookies of a Cookie header (at most 20 tests), and after them those a framed
 * widget relays from the page around it in `x-ef-variants` (src/client/split-variants.ts);
 * the frame's own cookie wins.
 */
export function variantCookiesOf(cookieHeader: string | null | undefined, relayed?: string | null): VariantCookies {
  const found = new Map<string, string>();
  const joined = [cookieHeader, relayed].filter(Boolean).join('; ');
  if (!joined.includes(VARIANT_COOKIE_PREFIX)) return found;
  for (const [name, value] of parseCookies(joined)) {
    if (found.size >= 20) break;
    const experimentId = name.startsWith(VARIANT_COOKIE_PREFIX) ? name.slice(VARIANT_COOKIE_PREFIX.length) : '';
    if (ID.test(experimentId) && ID.test(value)) found.set(experimentId, value);
  }
  return found;
}

/** The split test and variant a record carries. */
export interface ExperimentTag {
  experimentId: string;
  variantId: string;
}

/** Where a record was made, as far as it is known. */
export interface RecordPlace {
  funnelId?: string | null;
  stepId?: string | null;
}

interface TagRow {
  id: string;
  doc: string;
  funnel_id: string;
  position: number;
  started_at: number | null;
  place_funnel: string | null;
  place_position: number | null;
}

/** The test and variant to store on a record made at `place` by a visitor with `cookies`, or null. */
export async function experimentTag(db: D1Database, cookies: VariantCookies | undefined, place: RecordPlace = {}): Promise<ExperimentTag | null> {
  if (!cookies || cookies.size === 0) return null;
  const ids = [...cookies.keys()];
  const rows = await db
    .prepare(
      `SELECT e.id, e.doc, e.funnel_id, s.position, e.started_at,
         (SELECT funnel_id FROM funnel_steps WHERE id = ?1) AS place_funnel, (SELECT position FROM funnel_steps WHERE id = ?1) AS place_position
       FROM experiments e JOIN funnel_steps s ON s.id = e.step_id
       WHERE e.status = 'running' AND e.id IN (${ids.map((_, k) => `?${k + 3}`).join(', ')}) AND (?2 IS NULL OR e.funnel_id = ?2)`,
    )
    .bind(place.stepId ?? null, place.funnelId ?? null, ...ids)
    .all<TagRow>();
  const candidates = rows.results.filter((row) => {
    const variantId = cookies.get(row.id);
    const variants = (JSON.parse(row.doc) as { variants?: { id?: unknown }[] }).variants ?? [];
    if (!variants.some((variant) => variant.id === variantId)) return false;
    if (!place.stepId) return true;
    // A known step: the test's step is this one or an earlier one of the same funnel.
    return row.place_funnel === row.funnel_id && row.place_position !== null && row.position <= row.place_position;
  });
  candidates.sort((a, b) => b.position - a.position || (b.started_at ?? 0) - (a.started_at ?? 0));
  const chosen = candidates[0];
  return chosen ? { experimentId: chosen.id, variantId: cookies.get(chosen.id) ?? '' } : null;
}

/**
 * SQL true when step `step` (an alias of funnel_steps) shows page `pageParam`: its own page, or
 * the page of a variant of a split test on it. Visitors of a variant report it as their page.
 */
export function stepShowsPageSql(step: string, pageParam: string): string {
  return `(${step}.page_id = ${pageParam} OR EXISTS (SELECT 1 FROM experiments x, json_each(x.doc, '$.variants') xv
    WHERE x.step_id = ${step}.id AND json_extract(xv.value, '$.pageId') = ${pageParam}))`;
}
