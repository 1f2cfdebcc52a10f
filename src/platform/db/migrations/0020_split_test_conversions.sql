-- Split tests served at the edge (issue 28): the records a visitor makes in a test carry its
-- experiment_id and variant_id (columns of migration 0017, filled from the variant cookie,
-- src/platform/services/experiment-tags.ts). Conversions are counted per variant of one test,
-- so each table gets an index on the pair; only tagged rows are in it (most rows are in no test).
CREATE INDEX submissions_split_variant ON submissions(experiment_id, variant_id) WHERE experiment_id IS NOT NULL;
CREATE INDEX appointments_split_variant ON appointments(experiment_id, variant_id) WHERE experiment_id IS NOT NULL;
CREATE INDEX orders_split_variant ON orders(experiment_id, variant_id) WHERE experiment_id IS NOT NULL;
CREATE INDEX funnel_events_split_variant ON funnel_events(experiment_id, variant_id, event_type) WHERE experiment_id IS NOT NULL;
