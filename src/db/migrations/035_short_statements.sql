-- A count that reads a whole account (a one- or two-letter search) reads it in slices of ids, one
-- statement each, so that on the embedded database no single statement holds it for long.
CREATE INDEX products_account_id ON products (account_id, id) WHERE deleted_at IS NULL;

-- An event going to many deliveries (a publication call's 100 products × 20 endpoints) is written
-- in its change's transaction with one row here naming the endpoints it goes to; its deliveries are
-- written from it after the commit, a few hundred per transaction, each transaction deleting the
-- rows it wrote deliveries for: an event's deliveries are written exactly once, in `seq` order per
-- account, so a product's events still go out in the order they happened.
CREATE TABLE webhook_fanouts (
  seq bigserial PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE REFERENCES webhook_events (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  ordering_key text NOT NULL,
  endpoint_ids uuid[] NOT NULL
);
CREATE INDEX webhook_fanouts_account ON webhook_fanouts (account_id, seq);
