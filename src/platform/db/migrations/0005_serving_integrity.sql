-- Contacts without an email are one per location and phone, as contacts with an email are
-- one per location and email: a unique index, so concurrent opt-ins cannot duplicate them.
-- Duplicates stored before the index are merged into the earliest one first.
ALTER TABLE contacts ADD COLUMN is_lead INTEGER;
ALTER TABLE contacts ADD COLUMN email_validation INTEGER;

CREATE TABLE contact_merge (dup TEXT PRIMARY KEY, keeper TEXT NOT NULL);
INSERT INTO contact_merge (dup, keeper)
  SELECT c.id, (SELECT k.id FROM contacts k WHERE k.location_id = c.location_id AND k.phone = c.phone AND k.email IS NULL ORDER BY k.created_at, k.id LIMIT 1)
  FROM contacts c WHERE c.email IS NULL AND c.phone IS NOT NULL;
DELETE FROM contact_merge WHERE dup = keeper;
UPDATE appointments SET contact_id = (SELECT keeper FROM contact_merge WHERE dup = appointments.contact_id) WHERE contact_id IN (SELECT dup FROM contact_merge);
UPDATE submissions SET contact_id = (SELECT keeper FROM contact_merge WHERE dup = submissions.contact_id) WHERE contact_id IN (SELECT dup FROM contact_merge);
UPDATE orders SET contact_id = (SELECT keeper FROM contact_merge WHERE dup = orders.contact_id) WHERE contact_id IN (SELECT dup FROM contact_merge);
UPDATE funnel_events SET contact_id = (SELECT keeper FROM contact_merge WHERE dup = funnel_events.contact_id) WHERE contact_id IN (SELECT dup FROM contact_merge);
DELETE FROM contacts WHERE id IN (SELECT dup FROM contact_merge);
DROP TABLE contact_merge;
CREATE UNIQUE INDEX contacts_phone_only ON contacts(location_id, phone) WHERE email IS NULL AND phone IS NOT NULL;

-- Booking-error reports: who sent one (a hash of the client address, for the rate limit)
-- and a digest of what it says (a repeat is dropped).
ALTER TABLE booking_errors ADD COLUMN client_key TEXT;
ALTER TABLE booking_errors ADD COLUMN digest TEXT;
CREATE UNIQUE INDEX booking_errors_digest ON booking_errors(digest) WHERE digest IS NOT NULL;
CREATE INDEX booking_errors_client ON booking_errors(client_key, created_at);
