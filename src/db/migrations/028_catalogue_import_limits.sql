-- A running import is marked alive by the process importing it (every progress write, and every
-- 30 s while it waits on its body); one silent for minutes has no process left and is failed by
-- any process that looks (src/services/orphaned-imports.ts). `last_line`: the file line of the last
-- row committed, so the failure can say which rows stay.
ALTER TABLE catalogue_imports ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE catalogue_imports ADD COLUMN last_line integer;
-- The imports running now, per account (the limit of imports at once) and for the sweep.
CREATE INDEX catalogue_imports_running ON catalogue_imports (account_id, heartbeat_at) WHERE state = 'running';

-- Products in each account's catalogue, kept by the import in the transaction that writes them
-- (under this row's lock), so the quota (CATALOGUE_MAX_ROWS_PER_ACCOUNT) is checked without
-- counting the catalogue for every batch, and two imports of one account cannot both pass it.
CREATE TABLE catalogue_item_counts (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  items bigint NOT NULL DEFAULT 0
);
INSERT INTO catalogue_item_counts (account_id, items)
  SELECT account_id, count(*) FROM catalogue_items WHERE account_id IS NOT NULL GROUP BY account_id;
