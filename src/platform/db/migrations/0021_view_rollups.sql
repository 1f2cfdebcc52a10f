-- Funnel statistics (issue 28): views counted off the request path (the edgefunnel-views
-- queue, src/platform/stats/view-consumer.ts) into per-day counters, unique visitors from a
-- daily salted hash (no cookie, no IP stored), the paths visitors took between steps, and
-- the real visitors' page speed. `day` is the calendar day in the funnel's location zone.
-- Empty text stands for "none" in key columns (a page outside any test has experiment '' and
-- variant ''), so that the primary keys and upserts see one value.

-- One row per funnel, day, step, page and variant: views and unique visitors.
CREATE TABLE view_rollups (
  funnel_id TEXT NOT NULL,
  day TEXT NOT NULL,
  step_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  experiment_id TEXT NOT NULL DEFAULT '',
  variant_id TEXT NOT NULL DEFAULT '',
  views INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (funnel_id, day, step_id, page_id, experiment_id, variant_id)
) WITHOUT ROWID;

-- The salt of each day's visitor hash: made by the first view of the day, deleted by the
-- hourly cron once no zone on earth is still in that day (src/platform/stats/salts.ts).
CREATE TABLE visitor_salts (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Which visitor keys (HMAC of the day's salt, the IP's network, the browser family and the
-- host) were seen on a step's page and variant that day. Kept only while the salt is: after
-- that the rollups alone remain.
CREATE TABLE view_visitors (
  funnel_id TEXT NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  step_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  experiment_id TEXT NOT NULL DEFAULT '',
  variant_id TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (funnel_id, day, visitor, step_id, page_id, experiment_id, variant_id)
) WITHOUT ROWID;

-- A first sighting counts a visitor on its rollup row (the consumer upserts that row first,
-- in the same batch). The insert is ON CONFLICT DO NOTHING, so a key seen again fires nothing.
CREATE TRIGGER view_visitors_count AFTER INSERT ON view_visitors
BEGIN
  UPDATE view_rollups SET visitors = visitors + 1
  WHERE funnel_id = NEW.funnel_id AND day = NEW.day AND step_id = NEW.step_id AND page_id = NEW.page_id
    AND experiment_id = NEW.experiment_id AND variant_id = NEW.variant_id;
END;

-- The steps a visitor key reached that day, in the order first reached.
CREATE TABLE step_visitors (
  funnel_id TEXT NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  step_id TEXT NOT NULL,
  PRIMARY KEY (funnel_id, day, visitor, step_id)
) WITHOUT ROWID;

-- Visitors who went from one step to another on the same day: counted when a visitor key
-- first reaches `to_step_id`, once for every step it had reached before.
CREATE TABLE path_rollups (
  funnel_id TEXT NOT NULL,
  day TEXT NOT NULL,
  from_step_id TEXT NOT NULL,
  to_step_id TEXT NOT NULL,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (funnel_id, day, from_step_id, to_step_id)
) WITHOUT ROWID;

CREATE TRIGGER step_visitors_path AFTER INSERT ON step_visitors
BEGIN
  INSERT INTO path_rollups (funnel_id, day, from_step_id, to_step_id, visitors)
  SELECT NEW.funnel_id, NEW.day, step_id, NEW.step_id, 1 FROM step_visitors
  WHERE funnel_id = NEW.funnel_id AND day = NEW.day AND visitor = NEW.visitor AND step_id != NEW.step_id
  ON CONFLICT (funnel_id, day, from_step_id, to_step_id) DO UPDATE SET visitors = visitors + 1;
END;

-- Real visitors' page speed (web-vitals, POST /api/funnel/vitals): one row per metric
-- sample; the statistics read the 75th percentile per page and variant.
CREATE TABLE page_vitals (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  funnel_id TEXT NOT NULL,
  day TEXT NOT NULL,
  page_id TEXT NOT NULL,
  variant_id TEXT NOT NULL DEFAULT '',
  metric TEXT NOT NULL CHECK (metric IN ('lcp', 'inp', 'cls', 'ttfb')),
  value REAL NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX page_vitals_funnel ON page_vitals(funnel_id, day);
-- Samples are kept 400 days (the hourly cron deletes older ones): a year and its month of comparison.
CREATE INDEX page_vitals_age ON page_vitals(created_at);

-- The conversions the statistics count, by funnel and time (opt-ins use funnel_events_source of 0009).
CREATE INDEX appointments_funnel ON appointments(funnel_id, created_at);
CREATE INDEX orders_funnel_paid ON orders(funnel_id, paid_at);
