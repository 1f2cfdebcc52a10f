-- Webhook events through an outbox (issue 27). An event is written in the same D1 batch as
-- the record it reports, with one dispatch per endpoint subscribed to it; a queue then carries
-- each dispatch to its consumer, and a scheduled sweep sends again what the queue never took.
--   webhook_events      the event: its stable id (the receivers' webhook-id), its type, which
--                       record it reports (the payload is built from that record when first
--                       sent, and kept, so every attempt and replay sends the same bytes)
--   webhook_dispatches  one event to one endpoint: queued, retrying, held (the endpoint is
--                       paused), delivered or dead (3 days of failures; sent to the DLQ)
-- webhook_deliveries (0015) stays the log of every attempt.
CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  record_kind TEXT NOT NULL,
  record_id TEXT NOT NULL,
  -- The contact the record belongs to: its erasure forgets the payloads kept for it.
  contact_id TEXT,
  -- What the record alone does not say (a moved appointment's previous time, a failure's message).
  detail TEXT NOT NULL DEFAULT '{}',
  payload TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX webhook_events_contact ON webhook_events(contact_id);

CREATE TABLE webhook_dispatches (
  event_id TEXT NOT NULL,
  webhook_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'retrying', 'held', 'delivered', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- 1 once the queue took the message; the sweep sends again rows left at 0.
  enqueued INTEGER NOT NULL DEFAULT 0,
  -- When a sender claimed the row to enqueue it (a sender that died leaves it claimed).
  claimed_at INTEGER,
  -- When the queue should hand the message over next; long past, the message was lost.
  next_attempt_at INTEGER,
  settled_at INTEGER,
  -- Where its 3 days of retries count from: the event's time, or when a paused endpoint released it.
  retry_from INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, webhook_id)
);
CREATE INDEX webhook_dispatches_pending ON webhook_dispatches(status, next_attempt_at) WHERE status IN ('queued', 'retrying');
CREATE INDEX webhook_dispatches_webhook ON webhook_dispatches(webhook_id, status);

CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_id, webhook_id);

-- An endpoint that keeps failing is paused (never deleted): since when it fails, how many
-- attempts in a row, and when and why the system paused it.
ALTER TABLE webhooks ADD COLUMN failing_since INTEGER;
ALTER TABLE webhooks ADD COLUMN consecutive_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE webhooks ADD COLUMN paused_at INTEGER;
ALTER TABLE webhooks ADD COLUMN paused_reason TEXT;
