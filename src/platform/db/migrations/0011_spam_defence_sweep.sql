-- Spam defence on every write (issue 32).

-- Each rate-limit counter says when its window ends, so the scheduled sweep can delete it after.
ALTER TABLE rate_limits ADD COLUMN expires_at INTEGER;
CREATE INDEX rate_limits_expiry ON rate_limits(expires_at);

-- A form token is used by one submission: the first accepted submission claims it with its
-- idempotency key (the primary key makes the claim atomic). A replay with the same token
-- and another key is refused; rows are swept once the token has expired.
CREATE TABLE form_token_uses (
  token TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  ref_id TEXT NOT NULL,
  idempotency_key TEXT,
  expires_at INTEGER NOT NULL
);
CREATE INDEX form_token_uses_expiry ON form_token_uses(expires_at);
