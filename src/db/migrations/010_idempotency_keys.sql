-- A request sent with an Idempotency-Key: the first one claims the key (in_progress) before it
-- runs; its answer is kept (done) so a repeat is answered the same without running again. A
-- request answered 5xx deletes its row, so its key can be retried. `owner` fences the row: only
-- the request that holds it (or took it over once abandoned) completes or deletes it.
CREATE TABLE idempotency_keys (
  account_id uuid NOT NULL REFERENCES accounts (id),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  -- sha256 of method, path and the canonical JSON body: what "the same request" means.
  fingerprint text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_progress', 'done')),
  owner uuid NOT NULL,
  -- When the owner claimed it; an in_progress row claimed long ago was left by a crash.
  claimed_at timestamptz NOT NULL DEFAULT now(),
  response_status integer,
  response_body text,
  response_content_type text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, key),
  CHECK (state = 'in_progress' OR (response_status IS NOT NULL AND response_body IS NOT NULL))
);
-- The hourly prune deletes by expiry.
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- The account ledger is read newest first with a `balance_after` per entry (GET
-- /api/v1/account/ledger). `balance_after` is already stored, exact, by changeBalance; what was
-- missing is an order that matches it: ids are random, and created_at is the transaction's start,
-- not the order in which concurrent transactions took the account's row lock. `seq` is drawn by
-- the ledger INSERT that runs right after the UPDATE locking the account row, in the same
-- statement, and that lock is held until commit: within one account, seq order is the order the
-- balances were changed in, so each entry's balance_after = previous entry's + its delta.
-- Existing rows are numbered by created_at (the best order they carry).
CREATE SEQUENCE credit_ledger_seq;
ALTER TABLE credit_ledger ADD COLUMN seq bigint;
UPDATE credit_ledger l SET seq = o.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM credit_ledger) o WHERE o.id = l.id;
SELECT setval('credit_ledger_seq', coalesce((SELECT max(seq) FROM credit_ledger), 0) + 1, false);
ALTER TABLE credit_ledger ALTER COLUMN seq SET DEFAULT nextval('credit_ledger_seq');
ALTER TABLE credit_ledger ALTER COLUMN seq SET NOT NULL;
ALTER SEQUENCE credit_ledger_seq OWNED BY credit_ledger.seq;
CREATE UNIQUE INDEX credit_ledger_account_seq ON credit_ledger (account_id, seq);
