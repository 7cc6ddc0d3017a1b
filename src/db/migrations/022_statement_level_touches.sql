-- A record's write moves its product's updated_at (008_product_list_indexes.sql), but as a row
-- trigger it ran an UPDATE of products for every country's record, even when the generation
-- settling in the same transaction had already moved it: 8–11 ms of server time for a batch of
-- 800 records (400 products in two countries), 60–69 ms when it did move them (a restore of many
-- records). A statement trigger with the written rows as a transition table does it once per
-- statement: 0.2–0.4 ms and 19–23 ms (EXPLAIN ANALYZE, bench/results/pipeline.md). Same rule: a
-- product already moved in this transaction is left alone.
DROP TRIGGER product_content_touches_product ON product_content;
DROP FUNCTION product_content_touches_product();

CREATE FUNCTION product_content_touches_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET updated_at = now()
  WHERE id IN (SELECT product_id FROM written) AND updated_at < now();
  RETURN NULL;
END
$$;

-- Transition tables take one event per trigger (as in 020_statement_level_completeness.sql).
CREATE TRIGGER product_content_touches_product_insert AFTER INSERT ON product_content
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_content_touches_product();
CREATE TRIGGER product_content_touches_product_update AFTER UPDATE ON product_content
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_content_touches_product();
