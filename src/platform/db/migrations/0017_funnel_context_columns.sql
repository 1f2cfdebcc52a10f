-- Columns several features write on the same records, laid down once so that they can be
-- built side by side (issues 27 and 28):
--   funnel_id, step_id     where a submission or booking was made (a widget inside a funnel page), for the
--                          results filters and the funnel statistics;
--   experiment_id,         the split test and the variant the visitor was in when the record was
--   variant_id             made (issue 28: conversions counted per variant from D1 rows);
--   first_touch,           the visitor's attribution (issue 27): JSON of the utm_* parameters,
--   last_touch             the ad click ids, the referrer and the landing page, first and last.
ALTER TABLE submissions ADD COLUMN funnel_id TEXT;
ALTER TABLE submissions ADD COLUMN step_id TEXT;
ALTER TABLE submissions ADD COLUMN experiment_id TEXT;
ALTER TABLE submissions ADD COLUMN variant_id TEXT;
ALTER TABLE submissions ADD COLUMN first_touch TEXT;
ALTER TABLE submissions ADD COLUMN last_touch TEXT;

ALTER TABLE appointments ADD COLUMN funnel_id TEXT;
ALTER TABLE appointments ADD COLUMN step_id TEXT;
ALTER TABLE appointments ADD COLUMN experiment_id TEXT;
ALTER TABLE appointments ADD COLUMN variant_id TEXT;
ALTER TABLE appointments ADD COLUMN first_touch TEXT;
ALTER TABLE appointments ADD COLUMN last_touch TEXT;

ALTER TABLE orders ADD COLUMN experiment_id TEXT;
ALTER TABLE orders ADD COLUMN variant_id TEXT;
ALTER TABLE orders ADD COLUMN first_touch TEXT;
ALTER TABLE orders ADD COLUMN last_touch TEXT;

ALTER TABLE contacts ADD COLUMN first_touch TEXT;
ALTER TABLE contacts ADD COLUMN last_touch TEXT;

ALTER TABLE funnel_events ADD COLUMN experiment_id TEXT;
ALTER TABLE funnel_events ADD COLUMN variant_id TEXT;
