-- Booking integrity. An appointment (or a payment-step hold) claims one row per minute it
-- covers, keyed by calendar and minute. Two overlapping appointments claim a common minute,
-- so the primary key refuses the second inside its batch, whatever the slot grid: a
-- calendar with 60-minute slots every 30 minutes can never hold 9:00 and 9:30 at once.
-- D1 has no interactive transactions; a unique key checked in the same batch as the insert
-- is what makes this race-safe.
CREATE TABLE slot_units (
  calendar_id TEXT NOT NULL,
  -- Epoch minutes (epoch ms / 60000) of one covered minute.
  minute INTEGER NOT NULL,
  -- The appointment id, or the hold id, that claims the minute.
  owner TEXT NOT NULL,
  PRIMARY KEY (calendar_id, minute)
) WITHOUT ROWID;
CREATE INDEX slot_units_owner ON slot_units(owner);

-- A slot held for 10 minutes while a visitor enters a card for a paid calendar.
CREATE TABLE slot_holds (
  id TEXT PRIMARY KEY,
  calendar_id TEXT NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
  start_time INTEGER NOT NULL,
  end_time INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX slot_holds_range ON slot_holds(calendar_id, expires_at, start_time);

-- The card setup a paid booking was verified with; one setup pays for one booking.
ALTER TABLE appointments ADD COLUMN setup_intent_id TEXT;
CREATE UNIQUE INDEX appointments_setup_intent ON appointments(setup_intent_id) WHERE setup_intent_id IS NOT NULL;

-- Appointments booked before this migration claim their minutes too.
INSERT OR IGNORE INTO slot_units (calendar_id, minute, owner)
WITH RECURSIVE covered(calendar_id, minute, last, owner) AS (
  SELECT calendar_id, start_time / 60000, (end_time - 1) / 60000, id FROM appointments WHERE status != 'cancelled'
  UNION ALL
  SELECT calendar_id, minute + 1, last, owner FROM covered WHERE minute < last
)
SELECT calendar_id, minute, owner FROM covered;
