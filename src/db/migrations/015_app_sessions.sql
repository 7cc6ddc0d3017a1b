-- A review app session (/app): a browser's cookie, exchanged once for an API token. It borrows
-- that token's rights, so it is read joined to the token: a revoked token ends its sessions on
-- their next request, and deleting a token row takes them along. Only a SHA-256 of the cookie's
-- secret is kept, as for tokens.
CREATE TABLE app_sessions (
  id text PRIMARY KEY,
  token_id text NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
  secret_sha256 bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CHECK (expires_at > created_at)
);
CREATE INDEX app_sessions_token ON app_sessions (token_id);
CREATE INDEX app_sessions_expiry ON app_sessions (expires_at);
