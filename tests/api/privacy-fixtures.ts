/**
 * One person's trail through the platform, for the file-link and privacy tests: a form
 * submission with a file (through the real form call, which makes the contact, submission
 * and upload), plus the visit's session, an appointment, a paid order, a funnel event and a
 * booking error report that carry the same person's details.
 */
import { env } from 'cloudflare:test';
import { type Loose, multipart, PDF, post, seedLocation } from './forms-fixtures';

export const PERSON = {
  first_name: 'Zebedee',
  last_name: 'Quartermaine',
  email: 'zebedee.q@example.org',
  phone: '+12025550199',
  answer: 'my secret answer xyzzy',
  filename: 'zebedee-cv.pdf',
};

const FORM = {
  id: 'frm_priv',
  locationId: 'loc_w',
  name: 'Application',
  form: {
    fields: [
      { tag: 'first_name', label: 'First Name', type: 'text', required: true },
      { tag: 'last_name', label: 'Last Name', type: 'text' },
      { tag: 'email', label: 'Email', type: 'email', required: true },
      { tag: 'phone', label: 'Phone', type: 'phone' },
      { tag: 'story', label: 'Your story', fieldName: 'Story', type: 'large_text' },
      { tag: 'cv', label: 'CV', fieldName: 'CV', type: 'file_upload', picklistOptions: ['.pdf', '.png'] },
      { type: 'submit', label: 'Send' },
    ],
    button: { text: 'Send', background: '#188bf6' },
    formAction: { actionType: 2, thankyouText: 'Thanks!' },
  },
};

export interface Trail {
  contactId: string;
  submissionId: string;
  uploadId: string;
  objectKey: string;
  /** The visitor's fingerprint, which ties sessions and funnel events to them. */
  fingerprint: string;
}

/** Sends the form as `person` and records the rest of their trail; answers the ids made. */
export async function seedTrail(person = PERSON, suffix = 'a'): Promise<Trail> {
  await seedLocation();
  await env.DB.prepare('INSERT OR IGNORE INTO forms (id, location_id, name, doc, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)')
    .bind(FORM.id, FORM.locationId, FORM.name, JSON.stringify(FORM))
    .run();
  const { answer, filename, ...fields } = person;
  const cv = new File([PDF], filename, { type: 'application/pdf' });
  const res = await post('/form', multipart({ formId: FORM.id, ...fields, story: answer }, { cv: [cv] }));
  if (res.status !== 200) throw new Error(`form → ${res.status} ${await res.text()}`);
  const body = (await res.json()) as Loose;
  const sub = await env.DB.prepare('SELECT contact_id FROM submissions WHERE id = ?').bind(body.id).first<{ contact_id: string }>();
  const upload = await env.DB.prepare('SELECT id, object_key FROM uploads WHERE owner_id = ?').bind(body.id).first<{ id: string; object_key: string }>();
  if (!sub || !upload) throw new Error('the form call stored no contact or upload');
  const contactId = sub.contact_id;
  const fingerprint = String(body.fingerprint);
  const start = 1_800_000_000_000 + (suffix.charCodeAt(0) % 48) * 1800_000;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO sessions (id, location_id, kind, ref_id, name, fingerprint, created_at) VALUES (?, 'loc_w', 'form', ?, 'Application', ?, 1)`,
    ).bind(body.sessionId, FORM.id, fingerprint),
    env.DB.prepare(
      `INSERT OR IGNORE INTO calendars (id, location_id, slug, name, timezone, slot_duration, doc, date_added, updated_at)
       VALUES ('cal_priv', 'loc_w', 'priv', 'Calls', 'America/New_York', 30, '{}', 0, 0)`,
    ),
    env.DB.prepare(
      `INSERT INTO appointments (id, calendar_id, location_id, contact_id, start_time, end_time, status, selected_timezone, notes, fingerprint, created_at, updated_at)
       VALUES (?, 'cal_priv', 'loc_w', ?, ?, ?, 'booked', 'America/New_York', ?, ?, 1, 1)`,
    ).bind(`apt_${suffix}`, contactId, start, start + 1800_000, `Call ${person.first_name} on ${person.phone}`, fingerprint),
    env.DB.prepare(
      `INSERT INTO orders (id, location_id, contact_id, fingerprint, source, submission_type, status, currency, amount, idempotency_key,
         provider_customer, payment_method, session_id, created_at, updated_at)
       VALUES (?, 'loc_w', ?, ?, 'funnel', 1, 'paid', 'USD', 4900, ?, 'cus_zeb', 'pm_zeb', ?, 1, 1)`,
    ).bind(`ord_${suffix}`, contactId, fingerprint, `idem_${suffix}`, body.sessionId),
    env.DB.prepare(
      `INSERT INTO order_items (order_id, product_id, name, payment_type, amount, currency, bump) VALUES (?, 'prd_1', 'Course', 'one_time', 4900, 'USD', 0)`,
    ).bind(`ord_${suffix}`),
    env.DB.prepare(
      `INSERT INTO payment_customers (location_id, contact_id, provider, customer_id, created_at) VALUES ('loc_w', ?, 'stripe', 'cus_zeb', 1)`,
    ).bind(contactId),
    env.DB.prepare(
      `INSERT INTO funnel_events (funnel_id, page_url, fingerprint, event_type, created_at, contact_id, data)
       VALUES ('fn_1', ?, ?, 'optin', 1, ?, ?)`,
    ).bind(`https://seller.test/join?email=${person.email}`, fingerprint, contactId, JSON.stringify({ name: person.first_name })),
    env.DB.prepare(`INSERT INTO booking_errors (id, error, is_user_session_load, data, created_at) VALUES (?, 'timeout', 0, ?, 1)`).bind(
      `be_${suffix}`,
      JSON.stringify({ formData: { email: person.email } }),
    ),
  ]);
  return { contactId, submissionId: String(body.id), uploadId: upload.id, objectKey: upload.object_key, fingerprint };
}
