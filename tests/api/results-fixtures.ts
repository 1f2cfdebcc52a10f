/** Seed rows of the results API tests, written straight to D1 as the public calls would leave them. */
import { env } from 'cloudflare:test';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely and assert on them.
export type Loose = Record<string, any>;

const run = (sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .run();

export async function seedLocation(id: string): Promise<void> {
  await run("INSERT OR IGNORE INTO locations (id, name, timezone, created_at, updated_at) VALUES (?, 'Acme', 'America/New_York', 0, 0)", id);
}

export async function seedContact(
  id: string,
  locationId: string,
  at: number,
  fields: { name?: string; email?: string; phone?: string; source?: string } = {},
): Promise<void> {
  await run(
    'INSERT INTO contacts (id, location_id, email, phone, full_name, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    id,
    locationId,
    fields.email ?? null,
    fields.phone ?? null,
    fields.name ?? null,
    fields.source ?? 'form',
    at,
    at,
  );
}

export async function seedForm(id: string, locationId: string, fields: { tag: string; label: string }[]): Promise<void> {
  const doc = { id, locationId, name: `Form ${id}`, form: { fields: fields.map((f) => ({ ...f, type: 'text' })) } };
  await run('INSERT INTO forms (id, location_id, name, doc, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)', id, locationId, doc.name, JSON.stringify(doc));
}

export async function seedSurvey(id: string, locationId: string, fields: { tag: string; label: string }[]): Promise<void> {
  const doc = { id, locationId, name: `Survey ${id}`, formData: { slides: [{ id: 's1', slideData: fields.map((f) => ({ ...f, type: 'text' })) }] } };
  await run(
    'INSERT INTO surveys (id, location_id, name, doc, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)',
    id,
    locationId,
    doc.name,
    JSON.stringify(doc),
  );
}

export async function seedSubmission(
  id: string,
  row: {
    kind?: 'form' | 'survey' | 'appointment';
    refId: string;
    locationId: string;
    contactId?: string;
    at: number;
    values: Record<string, unknown>;
    disqualified?: boolean;
  },
): Promise<void> {
  await run(
    'INSERT INTO submissions (id, kind, ref_id, location_id, contact_id, disqualified, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    id,
    row.kind ?? 'form',
    row.refId,
    row.locationId,
    row.contactId ?? null,
    row.disqualified ? 1 : 0,
    JSON.stringify({ values: row.values, fingerprint: 'fp' }),
    row.at,
  );
}

export async function seedCalendar(id: string, locationId: string, timezone: string, formId: string | null = null): Promise<void> {
  await run(
    "INSERT INTO calendars (id, location_id, slug, name, timezone, slot_duration, form_id, doc, date_added, updated_at) VALUES (?, ?, ?, ?, ?, 30, ?, '{}', 0, 0)",
    id,
    locationId,
    id,
    `Calendar ${id}`,
    timezone,
    formId,
  );
}

export async function seedAppointment(
  id: string,
  row: { calendarId: string; locationId: string; contactId?: string; start: number; status?: string; at: number },
): Promise<void> {
  await run(
    "INSERT INTO appointments (id, calendar_id, location_id, contact_id, start_time, end_time, status, selected_timezone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'Europe/Paris', ?, ?)",
    id,
    row.calendarId,
    row.locationId,
    row.contactId ?? null,
    row.start,
    row.start + 30 * 60_000,
    row.status ?? 'booked',
    row.at,
    row.at,
  );
}

export async function seedFunnel(id: string, locationId: string, stepIds: string[]): Promise<void> {
  await run("INSERT INTO funnels (id, location_id, name, created_at, updated_at) VALUES (?, ?, 'Funnel', 0, 0)", id, locationId);
  for (const [i, stepId] of stepIds.entries()) {
    await run('INSERT INTO funnel_steps (id, funnel_id, name, path, position) VALUES (?, ?, ?, ?, ?)', stepId, id, `Step ${i}`, `/s${i}`, i);
  }
}

export async function seedOrder(
  id: string,
  row: {
    locationId: string;
    funnelId?: string;
    stepId?: string;
    contactId?: string;
    status?: string;
    currency?: string;
    at: number;
    items: { productId: string; name: string; amount: number }[];
  },
): Promise<void> {
  const currency = row.currency ?? 'usd';
  const amount = row.items.reduce((sum, item) => sum + item.amount, 0);
  await run(
    "INSERT INTO orders (id, location_id, funnel_id, step_id, contact_id, source, submission_type, status, currency, amount, idempotency_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'funnel', 1, ?, ?, ?, ?, ?, ?)",
    id,
    row.locationId,
    row.funnelId ?? null,
    row.stepId ?? null,
    row.contactId ?? null,
    row.status ?? 'pending',
    currency,
    amount,
    `idem_${id}`,
    row.at,
    row.at,
  );
  for (const item of row.items) {
    await run(
      "INSERT INTO order_items (order_id, product_id, name, payment_type, amount, currency) VALUES (?, ?, ?, 'one_time', ?, ?)",
      id,
      item.productId,
      item.name,
      item.amount,
      currency,
    );
  }
}
