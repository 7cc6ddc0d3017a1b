-- Accounts pay for work in credits. The CHECK is the last line of defence: every debit is also
-- a guarded UPDATE, so a balance can never go below zero, whatever the concurrency.
CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  image_standardization boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every change of a balance is one row here; the sum of an account's deltas equals its balance.
CREATE TABLE credit_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  delta integer NOT NULL CHECK (delta <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  kind text NOT NULL CHECK (kind IN ('grant', 'charge', 'refund', 'adjustment')),
  request_id text,
  generation_id uuid,
  memo text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_account ON credit_ledger (account_id, created_at);
-- A generation is refunded at most once, whatever retries or dead-letter deliveries happen.
CREATE UNIQUE INDEX credit_ledger_one_refund ON credit_ledger (generation_id) WHERE kind = 'refund';

-- Tokens are `vt_<id>_<secret>`; only a SHA-256 of the secret is kept.
CREATE TABLE api_tokens (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  secret_sha256 bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX api_tokens_account ON api_tokens (account_id);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  code text,
  code_type text CHECK (code_type IN ('ean', 'asin', 'minsan')),
  sku text,
  product_handle text,
  title text,
  brand text,
  description text,
  images jsonb NOT NULL DEFAULT '[]',
  notes text,
  countries text[] NOT NULL CHECK (cardinality(countries) > 0),
  agent_model text NOT NULL CHECK (agent_model IN ('v1', 'v2')),
  state text NOT NULL CHECK (state IN ('queued', 'processing', 'completed', 'failed')),
  failure jsonb,
  latest_generation_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX products_account_code ON products (account_id, code) WHERE code IS NOT NULL;
CREATE UNIQUE INDEX products_account_sku ON products (account_id, sku) WHERE sku IS NOT NULL;

-- One row per paid unit of work (a create or a regeneration of one product): what it cost,
-- where it is, and whether it was refunded. Queue jobs carry only its id.
CREATE TABLE generations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  kind text NOT NULL CHECK (kind IN ('create', 'regenerate')),
  agent_model text NOT NULL CHECK (agent_model IN ('v1', 'v2')),
  fields jsonb,
  notes text,
  cost integer NOT NULL CHECK (cost >= 0),
  state text NOT NULL CHECK (state IN ('queued', 'processing', 'completed', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  failure jsonb,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX generations_product ON generations (product_id, created_at);

-- The generated record, one row per product and country.
CREATE TABLE product_content (
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  country text NOT NULL,
  language text NOT NULL,
  title text,
  short_description text,
  description text,
  key_features jsonb NOT NULL DEFAULT '[]',
  global_attr jsonb NOT NULL DEFAULT '{}',
  title_tag text,
  meta_description text,
  meta_keywords text,
  images jsonb NOT NULL DEFAULT '[]',
  sources jsonb NOT NULL DEFAULT '{}',
  validation_messages jsonb NOT NULL DEFAULT '[]',
  generation_id uuid NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_id, country)
);
