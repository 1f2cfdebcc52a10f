-- The results API (issue 27) lists contacts, submissions, appointments and orders newest
-- first by (created_at DESC, id DESC), page after page through a keyset cursor; each index
-- below serves that ordering, alone or after one equality filter, so a page at any depth
-- reads only the rows it answers.
CREATE INDEX contacts_results ON contacts(created_at, id);
CREATE INDEX contacts_results_location ON contacts(location_id, created_at, id);

CREATE INDEX submissions_results ON submissions(created_at, id);
CREATE INDEX submissions_results_location ON submissions(location_id, created_at, id);
CREATE INDEX submissions_results_ref ON submissions(kind, ref_id, created_at, id);
CREATE INDEX submissions_contact ON submissions(contact_id, created_at);

CREATE INDEX appointments_results ON appointments(created_at, id);
CREATE INDEX appointments_results_location ON appointments(location_id, created_at, id);
CREATE INDEX appointments_results_calendar ON appointments(calendar_id, created_at, id);
CREATE INDEX appointments_contact ON appointments(contact_id, created_at);

CREATE INDEX orders_results ON orders(created_at, id);
CREATE INDEX orders_results_location ON orders(location_id, created_at, id);
CREATE INDEX orders_results_funnel ON orders(funnel_id, created_at, id);
CREATE INDEX orders_results_step ON orders(step_id, created_at, id);
