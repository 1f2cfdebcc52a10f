-- Webhook endpoints (issue 27): the document whole (url, events, secrets), with the columns
-- delivery needs beside it; and the log of every delivery attempt, kept after the endpoint goes.
CREATE TABLE webhooks (
  id TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  paused INTEGER NOT NULL DEFAULT 0,
  doc TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  -- The receiver's HTTP status; null when no answer came (a timeout, a refused connection).
  status INTEGER,
  duration_ms INTEGER NOT NULL,
  -- The first KB of the answer.
  response_snippet TEXT,
  error TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries(webhook_id, created_at);
