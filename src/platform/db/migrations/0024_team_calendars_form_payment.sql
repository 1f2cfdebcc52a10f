-- Team calendars and payment on forms (issue 31).
--
-- A team calendar's appointment belongs to one member (`user_id`, the member's id in the
-- calendar document's `team_members`); a single-host calendar's appointment has none. The
-- members' bookings never overlap each other's: the slot index and the minute claims of
-- migration 0006 are per member. A team member's minutes are claimed under the key
-- `{calendar_id}/{user_id}` in `slot_units.calendar_id` (src/platform/services/team.ts),
-- so the primary key still settles a race in the booking's own batch.
ALTER TABLE appointments ADD COLUMN user_id TEXT;
ALTER TABLE slot_holds ADD COLUMN user_id TEXT;

DROP INDEX appointments_slot;
CREATE UNIQUE INDEX appointments_slot ON appointments(calendar_id, ifnull(user_id, ''), start_time) WHERE status != 'cancelled';
-- Round robin reads each member's count and latest booking.
CREATE INDEX appointments_member ON appointments(calendar_id, user_id, status, created_at);

-- A form with a payment field: the card setup the provider verified for the form's amount,
-- as JSON, and its id; one setup pays for one submission.
ALTER TABLE submissions ADD COLUMN payment TEXT;
ALTER TABLE submissions ADD COLUMN setup_intent_id TEXT;
CREATE UNIQUE INDEX submissions_setup_intent ON submissions(setup_intent_id) WHERE setup_intent_id IS NOT NULL;
