-- Edgefunnel platform schema. Documents a builder publishes are kept whole as JSON (`doc`),
-- with the columns every lookup needs pulled out beside them and indexed.
-- Times are integers: milliseconds since the epoch (UTC).

CREATE TABLE locations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT NOT NULL DEFAULT 'US',
  timezone TEXT NOT NULL DEFAULT 'America/New_York',
  currency TEXT NOT NULL DEFAULT 'USD',
  language TEXT NOT NULL DEFAULT 'en',
  doc TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE domains (
  host TEXT PRIMARY KEY,
  location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  funnel_id TEXT,
  robots_txt TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX domains_location ON domains(location_id);
CREATE INDEX domains_funnel ON domains(funnel_id);

CREATE TABLE funnels (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  domain TEXT,
  doc TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX funnels_location ON funnels(location_id);
CREATE INDEX funnels_domain ON funnels(domain);

CREATE TABLE funnel_steps (
  id TEXT PRIMARY KEY,
  funnel_id TEXT NOT NULL REFERENCES funnels(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  position INTEGER NOT NULL,
  page_id TEXT,
  next_step_id TEXT
);
CREATE UNIQUE INDEX funnel_steps_path ON funnel_steps(funnel_id, path);
CREATE INDEX funnel_steps_order ON funnel_steps(funnel_id, position);
CREATE INDEX funnel_steps_page ON funnel_steps(page_id);

CREATE TABLE pages (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  funnel_id TEXT,
  step_id TEXT,
  name TEXT NOT NULL DEFAULT '',
  draft TEXT NOT NULL,
  published TEXT,
  version INTEGER NOT NULL DEFAULT 0,
  published_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX pages_step ON pages(step_id);
CREATE INDEX pages_funnel ON pages(funnel_id);

CREATE TABLE products (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  funnel_id TEXT,
  step_id TEXT,
  name TEXT NOT NULL,
  payment_type TEXT NOT NULL CHECK (payment_type IN ('one_time', 'recurring')),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL,
  interval TEXT,
  bump INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0,
  doc TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX products_step ON products(funnel_id, step_id, position);

CREATE TABLE forms (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  doc TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX forms_location ON forms(location_id);

CREATE TABLE surveys (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  doc TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX surveys_location ON surveys(location_id);

CREATE TABLE calendar_providers (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  doc TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX calendar_providers_location ON calendar_providers(location_id);

-- A calendar is a bookable service: slot length, windows, weekly availability in its time zone.
CREATE TABLE calendars (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  provider_id TEXT REFERENCES calendar_providers(id) ON DELETE SET NULL,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  timezone TEXT NOT NULL,
  slot_duration INTEGER NOT NULL CHECK (slot_duration > 0),
  form_id TEXT,
  doc TEXT NOT NULL,
  date_added INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX calendars_provider ON calendars(provider_id, date_added);

CREATE TABLE contacts (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  email TEXT,
  phone TEXT,
  first_name TEXT,
  last_name TEXT,
  full_name TEXT,
  company_name TEXT,
  address1 TEXT,
  city TEXT,
  state TEXT,
  country TEXT,
  postal_code TEXT,
  website TEXT,
  date_of_birth TEXT,
  timezone TEXT,
  source TEXT,
  fingerprint TEXT,
  custom_fields TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX contacts_email ON contacts(location_id, email) WHERE email IS NOT NULL;
CREATE INDEX contacts_phone ON contacts(location_id, phone);
CREATE INDEX contacts_fingerprint ON contacts(fingerprint);

-- An appointment holds its slot until cancelled: the partial unique index makes double
-- booking impossible whatever the browser does.
CREATE TABLE appointments (
  id TEXT PRIMARY KEY,
  calendar_id TEXT NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
  location_id TEXT NOT NULL,
  contact_id TEXT REFERENCES contacts(id) ON DELETE SET NULL,
  start_time INTEGER NOT NULL,
  end_time INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'confirmed', 'cancelled')),
  selected_timezone TEXT NOT NULL,
  notes TEXT,
  cancel_reason TEXT,
  fingerprint TEXT,
  order_id TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX appointments_slot ON appointments(calendar_id, start_time) WHERE status != 'cancelled';
CREATE INDEX appointments_range ON appointments(calendar_id, status, start_time);

CREATE TABLE submissions (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('form', 'survey', 'appointment')),
  ref_id TEXT NOT NULL,
  location_id TEXT NOT NULL,
  contact_id TEXT,
  disqualified INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX submissions_ref ON submissions(kind, ref_id, created_at);

CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL,
  funnel_id TEXT,
  step_id TEXT,
  page_id TEXT,
  contact_id TEXT,
  fingerprint TEXT,
  source TEXT NOT NULL,
  submission_type INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'paid', 'failed')),
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  provider_ref TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX orders_contact ON orders(contact_id);
CREATE INDEX orders_provider ON orders(provider_ref);

CREATE TABLE order_items (
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL,
  name TEXT NOT NULL,
  payment_type TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  bump INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (order_id, product_id)
);

CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  order_id TEXT REFERENCES orders(id) ON DELETE CASCADE,
  appointment_id TEXT,
  provider TEXT NOT NULL,
  provider_ref TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Webhook events arrive at least once: their id is the deduplication key.
CREATE TABLE payment_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at INTEGER NOT NULL
);

CREATE TABLE funnel_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  funnel_id TEXT,
  page_id TEXT,
  step_id TEXT,
  domain_name TEXT,
  page_url TEXT,
  fingerprint TEXT,
  event_type TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX funnel_events_funnel ON funnel_events(funnel_id, event_type, created_at);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('funnel', 'form', 'survey', 'calendar')),
  ref_id TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  fingerprint TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX sessions_ref ON sessions(kind, ref_id, created_at);

CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  location_id TEXT NOT NULL,
  owner_kind TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  field TEXT NOT NULL,
  object_key TEXT NOT NULL UNIQUE,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX uploads_owner ON uploads(owner_kind, owner_id);
