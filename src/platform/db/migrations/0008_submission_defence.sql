-- Forms and surveys: idempotent submissions and the built-in spam defence.

-- A retry, double click or replay with the same key stores one submission.
ALTER TABLE submissions ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX submissions_idempotency ON submissions(kind, ref_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- Fixed-window counters of the rate limits (per IP and form, per form).
CREATE TABLE rate_limits (
  bucket TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  hits INTEGER NOT NULL
);

-- Submissions the defence refused, counted per widget, reason and day.
CREATE TABLE spam_rejections (
  kind TEXT NOT NULL,
  ref_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (kind, ref_id, reason, day)
);
