-- Widgets: what a booking brings beside its slot, and the reports of bookings that failed
-- in the visitor's browser after the booking call (seed 001 §7 booking-error).

-- Card setup confirmed for a paid calendar (stripePaymentResult or stripeToken), as JSON.
ALTER TABLE appointments ADD COLUMN payment TEXT;
-- The submission (form answers) the appointment was booked with.
ALTER TABLE appointments ADD COLUMN submission_id TEXT;

CREATE TABLE booking_errors (
  id TEXT PRIMARY KEY,
  event_id TEXT,
  calendar_id TEXT,
  error TEXT NOT NULL,
  is_user_session_load INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX booking_errors_time ON booking_errors(created_at);
