-- Split tests on funnel steps (issue 28): the document whole, with the columns assignment and
-- the admin lookups need beside it. The salt and the start are the server's, kept across PUTs.
CREATE TABLE experiments (
  id TEXT PRIMARY KEY,
  funnel_id TEXT NOT NULL REFERENCES funnels(id) ON DELETE CASCADE,
  step_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'running', 'stopped', 'winner')),
  salt TEXT NOT NULL,
  started_at INTEGER,
  doc TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX experiments_step ON experiments(step_id, status);
CREATE INDEX experiments_funnel ON experiments(funnel_id);
