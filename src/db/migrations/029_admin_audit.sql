-- Every change an operator makes (accounts, credits, tokens, the shared catalogue): who made it
-- (an admin token's id; `local` for the running server's own credential, used by the CLI through
-- it; `cli` for the CLI on the database itself), what, on what, from which request, and when.
-- No foreign keys: the record outlives the tokens and accounts it names.
CREATE TABLE admin_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  request_id text,
  details jsonb NOT NULL DEFAULT '{}'
);
