-- An update of records recomputed completeness (020_statement_level_completeness.sql) for every
-- product written, though completeness counts only whether each record holds the account's
-- essential attributes: deleting a non-essential attribute from 20,000 products spent 0.36 s of
-- its 2.1 s there (bench/results/attribute-delete.md) without changing a value, and a regeneration
-- of a title did the same work per product. The update trigger now compares each record with what
-- it was and recomputes only the products where an enabled essential attribute appeared or went.
-- Inserts keep the 020 trigger: a new record always changes its product's share.
DROP TRIGGER product_content_sets_completeness_update ON product_content;

CREATE FUNCTION product_content_update_sets_completeness() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET completeness = x.value
  FROM (
    SELECT q.id, q.completeness AS was, product_completeness(q.id, q.account_id, q.family_id) AS value
    FROM products q
    WHERE q.id IN (
      SELECT n.product_id
      FROM written n
      LEFT JOIN previous o ON o.product_id = n.product_id AND o.country = n.country
      WHERE o.product_id IS NULL
        -- A record whose attributes did not change (a new title) cannot change its product's share.
        OR (o.global_attr IS DISTINCT FROM n.global_attr AND EXISTS (
          SELECT 1 FROM products owner JOIN attributes a ON a.account_id = owner.account_id
          WHERE owner.id = n.product_id AND a.is_enabled AND a.is_essential
            AND (coalesce(o.global_attr, '{}'::jsonb) ? a.attribute_id) <> (coalesce(n.global_attr, '{}'::jsonb) ? a.attribute_id)
        ))
    )
  ) x
  WHERE p.id = x.id AND x.was IS DISTINCT FROM x.value;
  RETURN NULL;
END
$$;

CREATE TRIGGER product_content_sets_completeness_update AFTER UPDATE ON product_content
  REFERENCING OLD TABLE AS previous NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_content_update_sets_completeness();
