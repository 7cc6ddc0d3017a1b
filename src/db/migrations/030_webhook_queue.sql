-- Webhook deliveries are their own queue, as generations are (migration 025): workers claim due
-- rows with SKIP LOCKED under a token that fences the attempt's settlement, fairly across
-- accounts. The pg-boss jobs a relay copied them into, and pg-boss itself, go.
ALTER TABLE webhook_deliveries ADD COLUMN account_id uuid;
UPDATE webhook_deliveries d SET account_id = e.account_id FROM webhook_endpoints e WHERE e.id = d.endpoint_id;
ALTER TABLE webhook_deliveries ALTER COLUMN account_id SET NOT NULL;
-- The token of the attempt that holds (or last held) the delivery; its settlement names it.
ALTER TABLE webhook_deliveries ADD COLUMN claim_token uuid;
-- A first attempt is due whatever the clock says: its due time sorts before every retry's.
UPDATE webhook_deliveries SET next_attempt_at = '-infinity' WHERE state = 'pending' AND attempts = 0;
-- A delivery claimed under the relay without an attempt recorded is simply due again.
UPDATE webhook_deliveries SET claimed_until = NULL WHERE state = 'pending' AND queued AND claimed_until IS NULL;
DROP INDEX webhook_deliveries_heads;
DROP INDEX webhook_deliveries_waiting;
ALTER TABLE webhook_deliveries DROP COLUMN queued, DROP COLUMN queued_at;
-- The claim's candidates: per account, the heads of their lines by due time.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (account_id, next_attempt_at, seq) WHERE state = 'pending' AND NOT waiting;

-- Set when an event found the endpoint's pending deliveries at their cap (and was recorded as a
-- failed delivery); cleared by the endpoint's next 2xx.
ALTER TABLE webhook_endpoints ADD COLUMN backlog_full_since timestamptz;

-- pg-boss kept the webhook jobs and the hourly Idempotency-Key prune; both now run without it.
DROP SCHEMA IF EXISTS pgboss CASCADE;

-- Operator settings the database's own statements read, written from the configuration at each
-- start: the cap of pending deliveries per webhook endpoint (WEBHOOK_PENDING_PER_ENDPOINT).
CREATE TABLE instance_settings (
  name text PRIMARY KEY,
  value integer NOT NULL
);
