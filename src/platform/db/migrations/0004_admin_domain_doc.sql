-- Admin API: keep a domain's whole document like every other kind, so keys a builder sends
-- that have no column of their own survive a round trip.
ALTER TABLE domains ADD COLUMN doc TEXT NOT NULL DEFAULT '{}';
