-- Proof of consent (issue 27): what a visitor was shown and ticked beside a submission,
-- written in the same batch as it. A record is evidence, so the database refuses to change
-- one; erasure may only delete it or replace its identifiers in a new row.
CREATE TABLE consent_records (
  id TEXT PRIMARY KEY,
  contact_id TEXT,
  location_id TEXT NOT NULL,
  subject_kind TEXT NOT NULL CHECK (subject_kind IN ('form', 'survey', 'calendar', 'optin', 'order')),
  subject_id TEXT NOT NULL,
  text TEXT NOT NULL,
  text_sha256 TEXT NOT NULL,
  form_version INTEGER,
  page_id TEXT,
  page_version INTEGER,
  page_url TEXT,
  parent_url TEXT,
  ip TEXT,
  user_agent TEXT,
  language TEXT,
  checks TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX consent_records_contact ON consent_records(contact_id, created_at);
CREATE INDEX consent_records_subject ON consent_records(subject_kind, subject_id);

CREATE TRIGGER consent_records_no_update BEFORE UPDATE ON consent_records
BEGIN
  SELECT RAISE(ABORT, 'consent records are never updated');
END;
