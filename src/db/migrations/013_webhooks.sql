-- Webhooks (issue #13). An endpoint is where an account hears about its work; its signing secret
-- is stored encrypted (AES-256-GCM, key outside the database), never in the clear.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  url text NOT NULL,
  description text,
  -- NULL: every event type.
  events text[],
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set at the first failed attempt after a success; cleared by the next success.
  failing_since timestamptz,
  disabled_at timestamptz,
  disabled_reason text
);
CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, created_at);

-- The outbox: one row per event, written in the transaction of the change it reports. The body is
-- kept as the exact bytes every attempt sends and signs.
CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  type text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per event and endpoint. `seq` orders the deliveries of one ordering key (a product, or
-- an event of its own): a delivery is handed to the queue only once every earlier one of its key
-- and endpoint has been delivered or given up.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigserial NOT NULL UNIQUE,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES webhook_events (id),
  ordering_key text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL,
  -- An earlier delivery of the same key to the same endpoint is still pending; cleared when it
  -- settles (and by the relay's sweep, for one written while that earlier one settled).
  waiting boolean NOT NULL DEFAULT false,
  -- A queue job exists for the next attempt.
  queued boolean NOT NULL DEFAULT false,
  -- When it was queued: a job never claimed long after (failed for good while the database
  -- erred) is queued again rather than leaving the delivery queued for ever.
  queued_at timestamptz,
  -- An attempt is under way until then; a worker that died leaves it to lapse.
  claimed_until timestamptz,
  last_status integer,
  last_error text,
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, event_id)
);
-- The relay's candidates: pending deliveries at the head of their line.
CREATE INDEX webhook_deliveries_heads ON webhook_deliveries (seq) WHERE state = 'pending' AND NOT waiting;
CREATE INDEX webhook_deliveries_waiting ON webhook_deliveries (seq) WHERE state = 'pending' AND waiting;
CREATE INDEX webhook_deliveries_key ON webhook_deliveries (endpoint_id, ordering_key, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, seq DESC);

-- credits.low fires when a debit takes the balance under this; NULL: off.
ALTER TABLE accounts ADD COLUMN credits_low_threshold integer CHECK (credits_low_threshold > 0);
