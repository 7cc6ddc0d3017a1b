-- A record's write keeps its product's completeness current (014_attributes.sql), but as a row
-- trigger it ran an UPDATE and product_completeness twice for every country's record, even for an
-- account without attributes: 0.13 ms of server time a record, 60 % of a batch's content insert
-- (bench/results/pipeline.md). Statement triggers with the written rows as a transition table do it
-- once per statement, and only for products that can change: a product whose account has no
-- essential attribute has completeness NULL, and keeps it unless it still shows an older value.
DROP TRIGGER product_content_sets_completeness ON product_content;
DROP FUNCTION product_content_sets_completeness();

CREATE FUNCTION product_content_sets_completeness() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET completeness = x.value
  FROM (
    SELECT q.id, q.completeness AS was, product_completeness(q.id, q.account_id, q.family_id) AS value
    FROM products q
    WHERE q.id IN (SELECT product_id FROM written)
      AND (q.completeness IS NOT NULL
           OR EXISTS (SELECT 1 FROM attributes a WHERE a.account_id = q.account_id AND a.is_enabled AND a.is_essential))
  ) x
  WHERE p.id = x.id AND x.was IS DISTINCT FROM x.value;
  RETURN NULL;
END
$$;

-- Transition tables take one event per trigger and no column list: an update of any column is
-- looked at, and written only when the share changed.
CREATE TRIGGER product_content_sets_completeness_insert AFTER INSERT ON product_content
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_content_sets_completeness();
CREATE TRIGGER product_content_sets_completeness_update AFTER UPDATE ON product_content
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_content_sets_completeness();
