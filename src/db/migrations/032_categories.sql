-- Categories and tags (CommerceClarity's product shape).
-- A product has one Google category: an id of Google's product taxonomy, language-free; each
-- record shows its path in the record's language. Generation classifies (`google_category_by`
-- 'classifier'); a person's choice through `update` ('merchant') is never overwritten by it.
ALTER TABLE products ADD COLUMN google_category_id text CHECK (google_category_id ~ '^[0-9]{1,10}$');
ALTER TABLE products ADD COLUMN google_category_by text CHECK (google_category_by IN ('classifier', 'merchant'));
-- The merchant's own category, an id of the account's tree; proposed by generation until a person
-- confirms it with `update`, as families are.
ALTER TABLE products ADD COLUMN category_id text;
ALTER TABLE products ADD COLUMN category_id_proposed boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD COLUMN tags text[] NOT NULL DEFAULT '{}';

CREATE INDEX products_google_category ON products (account_id, google_category_id) WHERE google_category_id IS NOT NULL;
CREATE INDEX products_category_id ON products (account_id, category_id) WHERE category_id IS NOT NULL;
CREATE INDEX products_tags ON products USING gin (tags);

-- The account's own category tree: ids such as "1.2" and their full paths ("Casa > Luce"),
-- replaced as a whole by an import.
CREATE TABLE custom_categories (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  id text NOT NULL CHECK (length(id) BETWEEN 1 AND 128),
  path text NOT NULL CHECK (length(path) BETWEEN 1 AND 1024),
  PRIMARY KEY (account_id, id)
);
