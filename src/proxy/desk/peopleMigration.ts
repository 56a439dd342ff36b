/**
 * The desk's people in PostgreSQL (issue 30): users, one-time login links (hashed), the audit
 * trail, and the user each session belongs to. One entry of postgres/migrations.ts.
 *
 * The audit is append-only twice over: a trigger refuses UPDATE, DELETE and TRUNCATE whoever asks,
 * and the privileges to do them are revoked from PUBLIC and from the user that runs this (the
 * proxy's, which owns the tables). An owner could grant them back and drop the trigger: the
 * least-privilege setup in docs/desk.md keeps the tables' owner apart from the proxies' login.
 */
export const peopleMigration = `
CREATE TABLE users (
  name text PRIMARY KEY,
  roles text NOT NULL,
  accounts text NOT NULL,
  disabled boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);

CREATE TABLE login_links (
  token_hash text PRIMARY KEY,
  user_name text NOT NULL REFERENCES users (name) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX login_links_user ON login_links (user_name);

CREATE TABLE audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at bigint NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  subject text,
  address text,
  detail text NOT NULL
);
CREATE INDEX audit_actor ON audit (actor, id);
CREATE INDEX audit_at ON audit (at);

CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: % refused', TG_OP;
END
$$;
CREATE TRIGGER audit_no_change BEFORE UPDATE OR DELETE ON audit
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
REVOKE UPDATE, DELETE, TRUNCATE ON audit FROM PUBLIC;
REVOKE UPDATE, DELETE, TRUNCATE ON audit FROM CURRENT_USER;

-- A session belongs to a user (null: made with the terminal token, single-token mode).
ALTER TABLE sessions ADD COLUMN user_name text;
CREATE INDEX sessions_user ON sessions (user_name) WHERE user_name IS NOT NULL;
`;
