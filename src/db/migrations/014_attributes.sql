-- Attributes and families (issue #17): an account's typed attributes, grouped by kind of product.
-- `attribute_id` and `family_id` are the account's own names for them (the keys of `global_attr`);
-- `id` is the stable `_id` the API also accepts.
CREATE TABLE attributes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  attribute_id text NOT NULL CHECK (attribute_id ~ '^[a-z0-9_]{1,64}$'),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('text', 'number', 'boolean', 'rich-text', 'single-select', 'multi-select')),
  scope text NOT NULL CHECK (scope IN ('global', 'family')),
  is_enabled boolean NOT NULL DEFAULT true,
  is_essential boolean NOT NULL DEFAULT false,
  description text,
  unit text CHECK (unit IS NULL OR type = 'number'),
  -- [{value, value_id}], in the order the account defined them; only select types have any.
  options jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, attribute_id)
);

CREATE TABLE families (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  family_id text NOT NULL CHECK (family_id ~ '^[a-z0-9_]{1,64}$'),
  name text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, family_id)
);

-- Which attributes a family holds: an attribute's `family_ids` and a family's `attribute_ids` are
-- two readings of these rows, so they cannot disagree. Deleting either side removes the link.
CREATE TABLE family_attributes (
  family_id uuid NOT NULL REFERENCES families (id) ON DELETE CASCADE,
  attribute_id uuid NOT NULL REFERENCES attributes (id) ON DELETE CASCADE,
  PRIMARY KEY (family_id, attribute_id)
);
CREATE INDEX family_attributes_attribute ON family_attributes (attribute_id);

-- A product's family: set by a person (update, catalogue column) or proposed by a generation until
-- a person confirms it. Deleting the family leaves the product without one.
ALTER TABLE products ADD COLUMN family_id uuid REFERENCES families (id) ON DELETE SET NULL;
ALTER TABLE products ADD COLUMN family_proposed boolean NOT NULL DEFAULT false;
-- Share of the product's essential attributes (enabled, global or of its family) filled in every
-- country's record, 0 to 1; NULL when none applies, as for every account without attributes.
ALTER TABLE products ADD COLUMN completeness real CHECK (completeness BETWEEN 0 AND 1);

CREATE FUNCTION product_completeness(product uuid, account uuid, family uuid) RETURNS real LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(*) = 0 THEN NULL ELSE
    (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM product_content c WHERE c.product_id = product)
       AND NOT EXISTS (SELECT 1 FROM product_content c WHERE c.product_id = product AND NOT (c.global_attr ? a.attribute_id))))::real / count(*)
  END
  FROM attributes a
  WHERE a.account_id = account AND a.is_enabled AND a.is_essential
    AND (a.scope = 'global' OR EXISTS (SELECT 1 FROM family_attributes fa WHERE fa.attribute_id = a.id AND fa.family_id = family))
$$;

-- Every write of a record (a generation, a manual edit, a restore) keeps completeness current, so
-- no write path can forget it. Accounts without attributes read one index entry and write nothing.
CREATE FUNCTION product_content_sets_completeness() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET completeness = product_completeness(id, account_id, family_id)
  WHERE id = NEW.product_id AND completeness IS DISTINCT FROM product_completeness(id, account_id, family_id);
  RETURN NULL;
END
$$;
CREATE TRIGGER product_content_sets_completeness AFTER INSERT OR UPDATE OF global_attr ON product_content
  FOR EACH ROW EXECUTE FUNCTION product_content_sets_completeness();

CREATE FUNCTION product_family_sets_completeness() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.completeness := product_completeness(NEW.id, NEW.account_id, NEW.family_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER product_family_sets_completeness BEFORE UPDATE OF family_id ON products
  FOR EACH ROW WHEN (OLD.family_id IS DISTINCT FROM NEW.family_id) EXECUTE FUNCTION product_family_sets_completeness();

-- The list's `completeness_lt` and `attr.<id>=<value>` filters.
CREATE INDEX products_list_completeness ON products (account_id, completeness, updated_at DESC, id DESC)
  WHERE deleted_at IS NULL AND completeness IS NOT NULL;
CREATE INDEX product_content_attributes ON product_content USING gin (global_attr jsonb_path_ops);
