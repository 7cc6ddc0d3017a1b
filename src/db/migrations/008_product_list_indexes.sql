-- The product list and export (GET /api/v1/products, /products/export). Every query names one
-- account and skips deleted products, so each index is partial on deleted_at IS NULL and starts
-- with account_id. The list is ordered by updated_at DESC, id DESC: with an equality filter the
-- index on (account_id, filter, updated_at DESC, id DESC) returns a page already in order, without
-- reading the rest of the account; the keyset cursor of the next page is a range on the same index.
CREATE INDEX products_list_updated ON products (account_id, updated_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX products_list_state ON products (account_id, state, updated_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX products_list_publication ON products (account_id, publication_state, updated_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX products_list_brand ON products (account_id, lower(brand), updated_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX products_list_created ON products (account_id, created_at) WHERE deleted_at IS NULL;
-- `country` matches products whose countries array holds it (countries @> ARRAY[cc]).
CREATE INDEX products_list_countries ON products USING gin (countries) WHERE deleted_at IS NULL;

-- `search` is a case-insensitive substring (ILIKE '%term%') of code, sku, handle or title. Only
-- trigram indexes serve that; pg_trgm ships with PostgreSQL (contrib, a trusted extension) and
-- Vetrina loads it into PGlite. Where it cannot be created (a server without contrib), the search
-- still answers, by reading the account's rows instead of an index.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%); product search runs without trigram indexes', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX products_search_code ON products USING gin (code gin_trgm_ops) WHERE deleted_at IS NULL';
    EXECUTE 'CREATE INDEX products_search_sku ON products USING gin (sku gin_trgm_ops) WHERE deleted_at IS NULL';
    EXECUTE 'CREATE INDEX products_search_handle ON products USING gin (product_handle gin_trgm_ops) WHERE deleted_at IS NULL';
    EXECUTE 'CREATE INDEX products_search_title ON products USING gin (title gin_trgm_ops) WHERE deleted_at IS NULL';
    EXECUTE 'CREATE INDEX product_content_search_title ON product_content USING gin (title gin_trgm_ops)';
  END IF;
END
$$;

-- A change to a product's record (a restore, a manual edit) is a change to the product: it moves
-- products.updated_at, which the list sorts by and `updated_from` syncs on. A write that already
-- set it in this transaction (a generation settling) is left alone, so the row is not updated twice.
CREATE FUNCTION product_content_touches_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET updated_at = now() WHERE id = NEW.product_id AND updated_at < now();
  RETURN NULL;
END
$$;
CREATE TRIGGER product_content_touches_product AFTER INSERT OR UPDATE ON product_content
  FOR EACH ROW EXECUTE FUNCTION product_content_touches_product();
