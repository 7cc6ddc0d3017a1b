-- A deleted product keeps its row as a tombstone (deleted_at, migration 007), so its code and sku
-- must be free for a new product: the unique indexes cover live products only.
DROP INDEX products_account_code;
CREATE UNIQUE INDEX products_account_code ON products (account_id, code) WHERE code IS NOT NULL AND deleted_at IS NULL;
DROP INDEX products_account_sku;
CREATE UNIQUE INDEX products_account_sku ON products (account_id, sku) WHERE sku IS NOT NULL AND deleted_at IS NULL;

-- A person's edit through POST /products/update is kept in the history like any other change.
ALTER TABLE product_content_history DROP CONSTRAINT product_content_history_change_check;
ALTER TABLE product_content_history ADD CONSTRAINT product_content_history_change_check
  CHECK (change IN ('create', 'regenerate', 'restore', 'manual'));
