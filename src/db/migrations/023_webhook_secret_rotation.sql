-- Secret rotation without downtime: after a rotation the secret it replaced keeps signing (beside
-- the new one) until previous_secret_expires_at, so receivers can switch at their own pace. Sealed
-- like secret_sealed, never in the clear.
ALTER TABLE webhook_endpoints
  ADD COLUMN previous_secret_sealed text,
  ADD COLUMN previous_secret_expires_at timestamptz,
  ADD CONSTRAINT webhook_endpoints_previous_secret CHECK ((previous_secret_sealed IS NULL) = (previous_secret_expires_at IS NULL));
