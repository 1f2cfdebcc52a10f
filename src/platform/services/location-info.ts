/** What the widgets need of a location: its country (phone numbers), zone, contact details and publishable card key. */
export interface LocationInfo {
  id: string;
  name: string;
  country: string;
  timezone: string;
  email: string;
  phone: string;
  /** Publishable key of the card provider; never a secret. */
  stripePublishableKey: string;
}

interface Row {
  id: string;
  name: string;
  country: string;
  timezone: string;
  doc: string;
}

function readDoc(doc: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(doc);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (x: unknown) => (typeof x === 'string' ? x : '');

/** The location, or null when it does not exist. */
export async function getLocationInfo(db: D1Database, id: string): Promise<LocationInfo | null> {
  const row = await db.prepare('SELECT id, name, country, timezone, doc FROM locations WHERE id = ?').bind(id).first<Row>();
  if (!row) return null;
  const doc = readDoc(row.doc);
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    timezone: row.timezone,
    email: str(doc.email),
    phone: str(doc.phone),
    stripePublishableKey: str(doc.stripePublishableKey),
  };
}
