/**
 * How the dashboard names and compares attribution touches (issue 27): the one label key of
 * each touch field ("Source", "Landing page", … in locales/<lang>/dashboard.json), the touch
 * of a record as the admin API answers it, and whether two touches are the same.
 */
import type { TouchField } from '../lib/attribution';

/** The dashboard message key naming a touch field: `touch_utm_source` → "Source". */
export const touchLabelKey = (field: TouchField): string => `touch_${field}`;

/** The fields of a touch that hold a URL (shown as wrapping text, a link when http(s)). */
export const isUrlField = (field: TouchField): boolean => field === 'referrer' || field === 'landing';

export type ShownTouch = Record<string, unknown>;

/** A touch as the records carry it: an object or its JSON text (migration 0017); null for none. */
export function touchOf(value: unknown): ShownTouch | null {
  if (typeof value === 'string') {
    try {
      return touchOf(JSON.parse(value));
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as ShownTouch) : null;
}

/** The first and last touch of a record (contact, submission, booking or order). */
export function touchesOf(record: Record<string, unknown>): { first: ShownTouch | null; last: ShownTouch | null } {
  return { first: touchOf(record.firstTouch ?? record.first_touch), last: touchOf(record.lastTouch ?? record.last_touch) };
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Whether two touches are the same: every field (the time included) equal; two absent touches are the same. */
export function sameTouch(a: ShownTouch | null, b: ShownTouch | null): boolean {
  if (!a || !b) return !a && !b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (present(x) !== present(y) || (present(x) && String(x) !== String(y))) return false;
  }
  return true;
}
