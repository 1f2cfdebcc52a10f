-- Issue 30: the platform's error log of funnel pages (requirements PAGE-ERRORS): the load,
-- merge, payment and product-list failures the seed says are reported. Written by the
-- rate-limited POST /api/funnel/error (a client may send a bounded number per window, a
-- repeat is dropped by its digest) and by the server's own render; read through
-- GET /admin/v1/page-errors.
CREATE TABLE page_errors (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  page_id TEXT,
  message TEXT NOT NULL,
  data TEXT,
  client_key TEXT,
  digest TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX page_errors_time ON page_errors(created_at);
CREATE INDEX page_errors_client ON page_errors(client_key, created_at);
CREATE UNIQUE INDEX page_errors_digest ON page_errors(digest) WHERE digest IS NOT NULL;
