-- Attribution and results completeness (issue 27): submissions and appointments made inside
-- a funnel page carry funnel_id and step_id (columns of 0017), and the results lists filter
-- them by those, newest first, as orders already are (0012); every result row names its
-- consent records, read by the subject's id for a page of rows at once.
CREATE INDEX submissions_results_funnel ON submissions(funnel_id, created_at, id);
CREATE INDEX submissions_results_step ON submissions(step_id, created_at, id);
CREATE INDEX appointments_results_funnel ON appointments(funnel_id, created_at, id);
CREATE INDEX appointments_results_step ON appointments(step_id, created_at, id);
CREATE INDEX consent_records_subject_id ON consent_records(subject_id);
