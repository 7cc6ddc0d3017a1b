-- Per-account catalogues (issue #12): a merchant's own catalogue feeds only its own products.
-- account_id NULL is the operator's shared catalogue (imported with the CLI or the admin API),
-- which feeds every account after the account's own. AIFA is public data and stays shared.
ALTER TABLE catalogue_items ADD COLUMN account_id uuid REFERENCES accounts (id) ON DELETE CASCADE;
ALTER TABLE catalogue_items ADD CONSTRAINT catalogue_items_aifa_shared CHECK (source <> 'aifa' OR account_id IS NULL);
ALTER TABLE catalogue_items DROP CONSTRAINT catalogue_items_pkey;
-- NULLS NOT DISTINCT (PostgreSQL 15+): the shared catalogue has one row per (source, code) too.
CREATE UNIQUE INDEX catalogue_items_key ON catalogue_items (source, account_id, code) NULLS NOT DISTINCT;
-- A product's lookup reads its account's row and the shared one for one code.
CREATE INDEX catalogue_items_by_code ON catalogue_items (source, code);

-- An import is followed while it runs (GET /api/v1/catalogue/imports/{id}) and kept afterwards.
ALTER TABLE catalogue_imports ADD COLUMN account_id uuid REFERENCES accounts (id) ON DELETE CASCADE;
ALTER TABLE catalogue_imports ADD COLUMN state text NOT NULL DEFAULT 'completed' CHECK (state IN ('running', 'completed', 'failed'));
ALTER TABLE catalogue_imports ADD COLUMN encoding text;
ALTER TABLE catalogue_imports ADD COLUMN bytes_read bigint NOT NULL DEFAULT 0;
-- Columns read but not used: [{column, reason}].
ALTER TABLE catalogue_imports ADD COLUMN unused_columns jsonb NOT NULL DEFAULT '[]';
-- Why a failed import stopped.
ALTER TABLE catalogue_imports ADD COLUMN failure text;
-- Imports recorded before: one never finished, or stopped by an error, failed.
UPDATE catalogue_imports SET state = 'failed' WHERE finished_at IS NULL OR errors @> '[{"line": null}]';
ALTER TABLE catalogue_imports ALTER COLUMN state SET DEFAULT 'running';
CREATE INDEX catalogue_imports_account ON catalogue_imports (account_id, started_at);
