-- Idle timeout of review app sessions: a session unused for APP_SESSION_IDLE_MINUTES ends even
-- before its 12 hours are up. Written at most once a minute per session (not on each of the
-- page's polls), so it can lag the real last use by up to a minute. Sessions open at upgrade
-- count as used now.
ALTER TABLE app_sessions ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
