-- Secret rotation without downtime: after a rotation the secret it replaced keeps signing (beside
-- the new one) until its grace period ends, so receivers can switch at their own pace. A list,
-- not one slot: a second rotation during a grace period (an answer lost, then asked again) must
-- not end the first one's at once. Each entry is {"sealed": <sealed like secret_sealed, never in
-- the clear>, "expires_at": <timestamptz>}; entries past their end are dropped at the next rotation.
ALTER TABLE webhook_endpoints
  ADD COLUMN previous_secrets jsonb NOT NULL DEFAULT '[]'
    CONSTRAINT webhook_endpoints_previous_secrets_list CHECK (jsonb_typeof(previous_secrets) = 'array');
