-- Funnel statistics (issue 28): the conversions the statistics count, rolled up per funnel,
-- kind, UTC hour, step, split test, variant and currency, so that the statistics of 90 days
-- read a few thousand counters instead of every opt-in, booking and order.
--
-- What counts is what the statistics counted from the rows themselves (src/platform/stats/queries.ts):
--   optin   funnel_events with source 'server' and event_type 'optin', at created_at;
--   booking appointments whose status is not 'cancelled', at created_at;
--   order   orders with status 'paid', at paid_at, with amount and whether an item is a bump.
-- The counters are kept by the triggers below, in the statement that writes the row, so every
-- write path (a booking, a cancellation, a payment, a payment that fails after it was paid,
-- a deleted location's cascade, a test's fixture) keeps them equal to a count of the rows.
-- An erasure blanks personal columns only: no trigger watches those, amounts and counts stay.
-- The hour is UTC (epoch ms of its start), so the counters do not depend on the location's zone:
-- the statistics sum the hours into the zone's days, and read the rows themselves for a zone
-- whose offset is not whole hours (src/platform/stats/queries.ts). Empty text stands for "none".
CREATE TABLE conversion_rollups (
  funnel_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('optin', 'booking', 'order')),
  hour INTEGER NOT NULL,
  step_id TEXT NOT NULL DEFAULT '',
  experiment_id TEXT NOT NULL DEFAULT '',
  variant_id TEXT NOT NULL DEFAULT '',
  currency TEXT NOT NULL DEFAULT '',
  n INTEGER NOT NULL DEFAULT 0,
  amount INTEGER NOT NULL DEFAULT 0,
  bumps INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency)
) WITHOUT ROWID;

-- The rows stored before this migration.
INSERT INTO conversion_rollups (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency, n)
SELECT funnel_id, 'optin', created_at / 3600000 * 3600000, COALESCE(step_id, ''), COALESCE(experiment_id, ''), COALESCE(variant_id, ''), '', COUNT(*)
FROM funnel_events WHERE funnel_id IS NOT NULL AND source = 'server' AND event_type = 'optin'
GROUP BY 1, 2, 3, 4, 5, 6, 7;
INSERT INTO conversion_rollups (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency, n)
SELECT funnel_id, 'booking', created_at / 3600000 * 3600000, COALESCE(step_id, ''), COALESCE(experiment_id, ''), COALESCE(variant_id, ''), '', COUNT(*)
FROM appointments WHERE funnel_id IS NOT NULL AND status != 'cancelled'
GROUP BY 1, 2, 3, 4, 5, 6, 7;
INSERT INTO conversion_rollups (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency, n, amount, bumps)
SELECT funnel_id, 'order', paid_at / 3600000 * 3600000, COALESCE(step_id, ''), COALESCE(experiment_id, ''), COALESCE(variant_id, ''), currency, COUNT(*), SUM(amount),
  SUM(EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.bump = 1))
FROM orders o WHERE funnel_id IS NOT NULL AND status = 'paid' AND paid_at IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7;

-- Opt-ins.
CREATE TRIGGER conversion_optin_insert AFTER INSERT ON funnel_events
WHEN NEW.funnel_id IS NOT NULL AND NEW.source = 'server' AND NEW.event_type = 'optin'
BEGIN
  INSERT INTO conversion_rollups (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency, n)
  VALUES (NEW.funnel_id, 'optin', NEW.created_at / 3600000 * 3600000, COALESCE(NEW.step_id, ''), COALESCE(NEW.experiment_id, ''), COALESCE(NEW.variant_id, ''), '', 1)
  ON CONFLICT (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER conversion_optin_delete AFTER DELETE ON funnel_events
WHEN OLD.funnel_id IS NOT NULL AND OLD.source = 'server' AND OLD.event_type = 'optin'
BEGIN
  UPDATE conversion_rollups SET n = n - 1
  WHERE funnel_id = OLD.funnel_id AND kind = 'optin' AND hour = OLD.created_at / 3600000 * 3600000 AND step_id = COALESCE(OLD.step_id, '')
    AND experiment_id = COALESCE(OLD.experiment_id, '') AND variant_id = COALESCE(OLD.variant_id, '') AND currency = '';
  DELETE FROM conversion_rollups WHERE funnel_id = OLD.funnel_id AND kind = 'optin' AND hour = OLD.created_at / 3600000 * 3600000 AND n = 0;
END;

CREATE TRIGGER conversion_optin_update AFTER UPDATE OF funnel_id, source, event_type, created_at, step_id, experiment_id, variant_id ON funnel_events
WHEN (OLD.funnel_id IS NOT NULL AND OLD.source = 'server' AND OLD.event_type = 'optin')
  OR (NEW.funnel_id IS NOT NULL AND NEW.source = 'server' AND NEW.event_type = 'optin')
BEGIN
  INSERT INTO conversion_rollups (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency, n)
  SELECT NEW.funnel_id, 'optin', NEW.created_at / 3600000 * 3600000, COALESCE(NEW.step_id, ''), COALESCE(NEW.experiment_id, ''), COALESCE(NEW.variant_id, ''), '', 1
  WHERE NEW.funnel_id IS NOT NULL AND NEW.source = 'server' AND NEW.event_type = 'optin'
  ON CONFLICT (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency) DO UPDATE SET n = n + 1;
  UPDATE conversion_rollups SET n = n - 1
  WHERE OLD.funnel_id IS NOT NULL AND OLD.source = 'server' AND OLD.event_type = 'optin'
    AND funnel_id = OLD.funnel_id AND kind = 'optin' AND hour = OLD.created_at / 3600000 * 3600000 AND step_id = COALESCE(OLD.step_id, '')
    AND experiment_id = COALESCE(OLD.experiment_id, '') AND variant_id = COALESCE(OLD.variant_id, '') AND currency = '';
  DELETE FROM conversion_rollups WHERE funnel_id = OLD.funnel_id AND kind = 'optin' AND hour = OLD.created_at / 3600000 * 3600000 AND n = 0;
END;

-- Bookings.
CREATE TRIGGER conversion_booking_insert AFTER INSERT ON appointments
WHEN NEW.funnel_id IS NOT NULL AND NEW.status != 'cancelled'
BEGIN
  INSERT INTO conversion_rollups (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency, n)
  VALUES (NEW.funnel_id, 'booking', NEW.created_at / 3600000 * 3600000, COALESCE(NEW.step_id, ''), COALESCE(NEW.experiment_id, ''), COALESCE(NEW.variant_id, ''), '', 1)
  ON CONFLICT (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER conversion_booking_delete AFTER DELETE ON appointments
WHEN OLD.funnel_id IS NOT NULL AND OLD.status != 'cancelled'
BEGIN
  UPDATE conversion_rollups SET n = n - 1
  WHERE funnel_id = OLD.funnel_id AND kind = 'booking' AND hour = OLD.created_at / 3600000 * 3600000 AND step_id = COALESCE(OLD.step_id, '')
    AND experiment_id = COALESCE(OLD.experiment_id, '') AND variant_id = COALESCE(OLD.variant_id, '') AND currency = '';
  DELETE FROM conversion_rollups WHERE funnel_id = OLD.funnel_id AND kind = 'booking' AND hour = OLD.created_at / 3600000 * 3600000 AND n = 0;
END;

CREATE TRIGGER conversion_booking_update AFTER UPDATE OF funnel_id, status, created_at, step_id, experiment_id, variant_id ON appointments
WHEN (OLD.funnel_id IS NOT NULL AND OLD.status != 'cancelled') OR (NEW.funnel_id IS NOT NULL AND NEW.status != 'cancelled')
BEGIN
  INSERT INTO conversion_rollups (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency, n)
  SELECT NEW.funnel_id, 'booking', NEW.created_at / 3600000 * 3600000, COALESCE(NEW.step_id, ''), COALESCE(NEW.experiment_id, ''), COALESCE(NEW.variant_id, ''), '', 1
  WHERE NEW.funnel_id IS NOT NULL AND NEW.status != 'cancelled'
  ON CONFLICT (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency) DO UPDATE SET n = n + 1;
  UPDATE conversion_rollups SET n = n - 1
  WHERE OLD.funnel_id IS NOT NULL AND OLD.status != 'cancelled'
    AND funnel_id = OLD.funnel_id AND kind = 'booking' AND hour = OLD.created_at / 3600000 * 3600000 AND step_id = COALESCE(OLD.step_id, '')
    AND experiment_id = COALESCE(OLD.experiment_id, '') AND variant_id = COALESCE(OLD.variant_id, '') AND currency = '';
  DELETE FROM conversion_rollups WHERE funnel_id = OLD.funnel_id AND kind = 'booking' AND hour = OLD.created_at / 3600000 * 3600000 AND n = 0;
END;

-- Paid orders: count, amount and whether the order has a bump item (kept by the order_items triggers below).
CREATE TRIGGER conversion_order_insert AFTER INSERT ON orders
WHEN NEW.funnel_id IS NOT NULL AND NEW.status = 'paid' AND NEW.paid_at IS NOT NULL
BEGIN
  INSERT INTO conversion_rollups (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency, n, amount, bumps)
  VALUES (NEW.funnel_id, 'order', NEW.paid_at / 3600000 * 3600000, COALESCE(NEW.step_id, ''), COALESCE(NEW.experiment_id, ''), COALESCE(NEW.variant_id, ''), NEW.currency, 1, NEW.amount,
    EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = NEW.id AND i.bump = 1))
  ON CONFLICT (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency)
  DO UPDATE SET n = n + 1, amount = amount + excluded.amount, bumps = bumps + excluded.bumps;
END;

-- Before the delete: its items (deleted by the cascade after it) still tell whether it had a bump.
CREATE TRIGGER conversion_order_delete BEFORE DELETE ON orders
WHEN OLD.funnel_id IS NOT NULL AND OLD.status = 'paid' AND OLD.paid_at IS NOT NULL
BEGIN
  UPDATE conversion_rollups SET n = n - 1, amount = amount - OLD.amount,
    bumps = bumps - EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = OLD.id AND i.bump = 1)
  WHERE funnel_id = OLD.funnel_id AND kind = 'order' AND hour = OLD.paid_at / 3600000 * 3600000 AND step_id = COALESCE(OLD.step_id, '')
    AND experiment_id = COALESCE(OLD.experiment_id, '') AND variant_id = COALESCE(OLD.variant_id, '') AND currency = OLD.currency;
  DELETE FROM conversion_rollups WHERE funnel_id = OLD.funnel_id AND kind = 'order' AND hour = OLD.paid_at / 3600000 * 3600000 AND n = 0;
END;

CREATE TRIGGER conversion_order_update AFTER UPDATE OF funnel_id, status, paid_at, step_id, experiment_id, variant_id, currency, amount ON orders
WHEN (OLD.funnel_id IS NOT NULL AND OLD.status = 'paid' AND OLD.paid_at IS NOT NULL) OR (NEW.funnel_id IS NOT NULL AND NEW.status = 'paid' AND NEW.paid_at IS NOT NULL)
BEGIN
  INSERT INTO conversion_rollups (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency, n, amount, bumps)
  SELECT NEW.funnel_id, 'order', NEW.paid_at / 3600000 * 3600000, COALESCE(NEW.step_id, ''), COALESCE(NEW.experiment_id, ''), COALESCE(NEW.variant_id, ''), NEW.currency, 1, NEW.amount,
    EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = NEW.id AND i.bump = 1)
  WHERE NEW.funnel_id IS NOT NULL AND NEW.status = 'paid' AND NEW.paid_at IS NOT NULL
  ON CONFLICT (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency)
  DO UPDATE SET n = n + 1, amount = amount + excluded.amount, bumps = bumps + excluded.bumps;
  UPDATE conversion_rollups SET n = n - 1, amount = amount - OLD.amount,
    bumps = bumps - EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = OLD.id AND i.bump = 1)
  WHERE OLD.funnel_id IS NOT NULL AND OLD.status = 'paid' AND OLD.paid_at IS NOT NULL
    AND funnel_id = OLD.funnel_id AND kind = 'order' AND hour = OLD.paid_at / 3600000 * 3600000 AND step_id = COALESCE(OLD.step_id, '')
    AND experiment_id = COALESCE(OLD.experiment_id, '') AND variant_id = COALESCE(OLD.variant_id, '') AND currency = OLD.currency;
  DELETE FROM conversion_rollups WHERE funnel_id = OLD.funnel_id AND kind = 'order' AND hour = OLD.paid_at / 3600000 * 3600000 AND n = 0;
END;

-- A paid order's first bump item counts its bump; its last one gone uncounts it. Items do not
-- move between orders (no code updates order_items), but a change of `bump` is followed too.
CREATE TRIGGER conversion_bump_insert AFTER INSERT ON order_items
WHEN NEW.bump = 1 AND (SELECT COUNT(*) FROM order_items i WHERE i.order_id = NEW.order_id AND i.bump = 1) = 1
BEGIN
  UPDATE conversion_rollups SET bumps = bumps + 1
  WHERE (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency) = (
    SELECT o.funnel_id, 'order', o.paid_at / 3600000 * 3600000, COALESCE(o.step_id, ''), COALESCE(o.experiment_id, ''), COALESCE(o.variant_id, ''), o.currency
    FROM orders o WHERE o.id = NEW.order_id AND o.funnel_id IS NOT NULL AND o.status = 'paid' AND o.paid_at IS NOT NULL);
END;

CREATE TRIGGER conversion_bump_delete AFTER DELETE ON order_items
WHEN OLD.bump = 1 AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = OLD.order_id AND i.bump = 1)
BEGIN
  UPDATE conversion_rollups SET bumps = bumps - 1
  WHERE (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency) = (
    SELECT o.funnel_id, 'order', o.paid_at / 3600000 * 3600000, COALESCE(o.step_id, ''), COALESCE(o.experiment_id, ''), COALESCE(o.variant_id, ''), o.currency
    FROM orders o WHERE o.id = OLD.order_id AND o.funnel_id IS NOT NULL AND o.status = 'paid' AND o.paid_at IS NOT NULL);
END;

CREATE TRIGGER conversion_bump_update AFTER UPDATE OF bump, order_id ON order_items
WHEN OLD.bump != NEW.bump OR OLD.order_id != NEW.order_id
BEGIN
  UPDATE conversion_rollups SET bumps = bumps + 1
  WHERE NEW.bump = 1 AND (SELECT COUNT(*) FROM order_items i WHERE i.order_id = NEW.order_id AND i.bump = 1) = 1
    AND (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency) = (
      SELECT o.funnel_id, 'order', o.paid_at / 3600000 * 3600000, COALESCE(o.step_id, ''), COALESCE(o.experiment_id, ''), COALESCE(o.variant_id, ''), o.currency
      FROM orders o WHERE o.id = NEW.order_id AND o.funnel_id IS NOT NULL AND o.status = 'paid' AND o.paid_at IS NOT NULL);
  UPDATE conversion_rollups SET bumps = bumps - 1
  WHERE OLD.bump = 1 AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = OLD.order_id AND i.bump = 1)
    AND (funnel_id, kind, hour, step_id, experiment_id, variant_id, currency) = (
      SELECT o.funnel_id, 'order', o.paid_at / 3600000 * 3600000, COALESCE(o.step_id, ''), COALESCE(o.experiment_id, ''), COALESCE(o.variant_id, ''), o.currency
      FROM orders o WHERE o.id = OLD.order_id AND o.funnel_id IS NOT NULL AND o.status = 'paid' AND o.paid_at IS NOT NULL);
END;
