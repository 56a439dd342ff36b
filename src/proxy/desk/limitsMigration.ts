/**
 * The desk's limits, day use and approvals in PostgreSQL (issue 30): one entry of
 * postgres/migrations.ts's list. Day use is `numeric`, summed exactly by the server and read as
 * text (`used::text`: the pool reads numeric as a JS number). An approval's notional and body are
 * text: the body is kept byte for byte as the author sent it (jsonb would reorder its keys), and
 * it is what is submitted once approved.
 */
export const limitsMigration = `
CREATE TABLE limit_sets (
  scope text NOT NULL,
  name text NOT NULL,
  limits text NOT NULL,
  updated_by text NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (scope, name)
);

CREATE TABLE day_usage (
  day text NOT NULL,
  scope text NOT NULL,
  name text NOT NULL,
  used numeric NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (day, scope, name)
);

CREATE TABLE approvals (
  id text PRIMARY KEY,
  kind text NOT NULL,
  account text NOT NULL,
  author text NOT NULL,
  state text NOT NULL,
  notional text NOT NULL,
  body text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  decided_by text,
  decided_at bigint,
  note text,
  ticket_id text
);
-- The sweeper reads only what still waits; a restart only what was approved and not yet sent.
CREATE INDEX approvals_awaiting ON approvals (expires_at) WHERE state = 'awaiting';
CREATE INDEX approvals_unsent ON approvals (decided_at) WHERE state = 'approved' AND ticket_id IS NULL;
CREATE INDEX approvals_created ON approvals (created_at);
`;
