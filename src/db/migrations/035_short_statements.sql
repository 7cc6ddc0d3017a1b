-- A count that reads a whole account (a one- or two-letter search) reads it in slices of ids, one
-- statement each, so that on the embedded database no single statement holds it for long.
CREATE INDEX products_account_id ON products (account_id, id) WHERE deleted_at IS NULL;
