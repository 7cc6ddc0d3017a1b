-- The version of each account's category tree, new with every replacement (an import), so a
-- process may keep what it built from a tree (the index generation proposes categories from)
-- until the tree changes, reading only this row meanwhile.
CREATE TABLE custom_category_trees (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  version uuid NOT NULL,
  replaced_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO custom_category_trees (account_id, version)
  SELECT DISTINCT account_id, gen_random_uuid() FROM custom_categories;
