-- The dashboard's sign-in sessions (issue 29, src/platform/admin/session.ts). The cookie
-- carries a random session id, its expiry and an HMAC of both; the row is what sign-out
-- removes, so a signed-out cookie is refused even before it expires. Only the SHA-256 of the
-- id is stored: a copy of this table signs nobody in.
CREATE TABLE admin_sessions (
  id_hash TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX admin_sessions_expires ON admin_sessions (expires_at);

-- The dashboard's bookings screen: a calendar's appointments by their start, upcoming and
-- past, read by keyset (src/platform/admin/bookings.ts).
CREATE INDEX appointments_calendar_start ON appointments (calendar_id, start_time, id);
