-- Product data that users import (their own feeds, the AIFA medicines list), keyed by normalised
-- code. `facts` is the row already mapped to Fact[]; `raw` keeps the row as read, for re-mapping.
CREATE TABLE catalogue_items (
  source text NOT NULL CHECK (source IN ('catalogue', 'aifa')),
  code text NOT NULL,
  code_type text NOT NULL CHECK (code_type IN ('ean', 'asin', 'minsan')),
  facts jsonb NOT NULL,
  raw jsonb NOT NULL,
  import_id uuid NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, code)
);

-- One row per import run: what a user can check after `vetrina catalog import`.
CREATE TABLE catalogue_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source text NOT NULL,
  file_name text NOT NULL,
  format text NOT NULL,
  rows_read integer NOT NULL DEFAULT 0,
  rows_imported integer NOT NULL DEFAULT 0,
  rows_failed integer NOT NULL DEFAULT 0,
  errors jsonb NOT NULL DEFAULT '[]',
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- Answers of remote sources, shared by every account, so one code is fetched once per TTL.
-- `facts` null records that the source does not know the code (kept for a shorter TTL).
CREATE TABLE source_cache (
  source text NOT NULL,
  code text NOT NULL,
  facts jsonb,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (source, code)
);

-- What a create paid for: the worker standardises images only when this is true.
ALTER TABLE generations ADD COLUMN image_standardization boolean NOT NULL DEFAULT false;

-- Every change to a record's fields keeps what it replaced, so it can be inspected and undone.
CREATE TABLE product_content_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  country text NOT NULL,
  generation_id uuid,
  change text NOT NULL CHECK (change IN ('create', 'regenerate', 'restore')),
  before jsonb NOT NULL,
  after jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_content_history_product ON product_content_history (product_id, created_at);

-- The facts the latest generation wrote from, so every fact id in a record's `sources` can be read.
ALTER TABLE products ADD COLUMN facts jsonb NOT NULL DEFAULT '[]';
