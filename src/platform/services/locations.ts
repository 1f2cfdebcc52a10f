/**
 * Locations (the sellers) as funnel pages and payments need them: the indexed columns
 * plus the branding and publishable card key kept in the document.
 */
import * as v from 'valibot';
import { branding } from '../../schemas/location';

export interface Location {
  id: string;
  name: string;
  country: string;
  timezone: string;
  currency: string;
  language: string;
  phone: string;
  email: string;
  branding: { logoURL: string; domain: string; name: string };
  /** Tracking settings: the pixel of the location's funnel pages. */
  tracking: { fbPixelId: string; fbPixelEvent: string };
  /** The membership site (requirements ROUTES-9): an http(s) URL or a site path, '' for none. */
  membershipUrl: string;
  /** The icon of the location's widget pages, '' for the app's default (src/widgets/favicon.ts). */
  favicon: string;
  /** The seller's own publishable key, when it has one; only `pk_` keys are ever kept. */
  stripePublishableKey: string;
}

export interface LocationRow {
  id: string;
  name: string;
  country: string;
  timezone: string;
  currency: string;
  language: string;
  doc: string;
}

const locationExtras = v.looseObject({
  phone: v.optional(v.fallback(v.string(), ''), ''),
  email: v.optional(v.fallback(v.string(), ''), ''),
  branding: v.optional(v.fallback(branding, { logoURL: '', domain: '', name: '' }), {}),
  stripePublishableKey: v.optional(v.fallback(v.string(), ''), ''),
  membershipUrl: v.optional(v.fallback(v.string(), ''), ''),
  favicon: v.optional(v.fallback(v.string(), ''), ''),
  tracking: v.optional(
    v.fallback(v.looseObject({ fbPixelId: v.optional(v.fallback(v.string(), ''), ''), fbPixelEvent: v.optional(v.fallback(v.string(), ''), '') }), {
      fbPixelId: '',
      fbPixelEvent: '',
    }),
    {},
  ),
});

function parseDoc(doc: string): v.InferOutput<typeof locationExtras> {
  try {
    return v.parse(locationExtras, JSON.parse(doc));
  } catch {
    return v.parse(locationExtras, {});
  }
}

/** A publishable key is safe in a browser; anything else (a secret pasted by mistake) is dropped. */
export function publishableOnly(key: string | undefined): string {
  return key && /^pk_(test|live)_[A-Za-z0-9]+$/.test(key) ? key : '';
}

/** The columns a Location is read from (get_page reads them in its one batch). */
export const LOCATION_COLUMNS = 'id, name, country, timezone, currency, language, doc';

export async function getLocation(db: D1Database, id: string): Promise<Location | null> {
  const row = await db.prepare(`SELECT ${LOCATION_COLUMNS} FROM locations WHERE id = ?`).bind(id).first<LocationRow>();
  return row ? locationFromRow(row) : null;
}

/** A Location from its row. */
export function locationFromRow(row: LocationRow): Location {
  const doc = parseDoc(row.doc);
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    timezone: row.timezone,
    currency: row.currency,
    language: row.language,
    phone: doc.phone,
    email: doc.email,
    branding: { logoURL: doc.branding.logoURL, domain: doc.branding.domain, name: doc.branding.name || row.name },
    stripePublishableKey: publishableOnly(doc.stripePublishableKey),
    membershipUrl: doc.membershipUrl,
    favicon: doc.favicon,
    tracking: { fbPixelId: doc.tracking.fbPixelId, fbPixelEvent: doc.tracking.fbPixelEvent },
  };
}

/** Whether a location exists, without reading its document. */
export async function locationExists(db: D1Database, id: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS ok FROM locations WHERE id = ?').bind(id).first()) !== null;
}
