-- A submitted batch none of whose generations still waits (deleted, cancelled or failed while it
-- was at the provider) is cancelled there, once: the provider stops billing the requests it has
-- not run yet. The batch then ends as any other, its answers stored for no one.
ALTER TABLE model_batches ADD COLUMN cancel_requested_at timestamptz;

-- A batch adopted after a crash by its time and size alone (Anthropic's carry no metadata) may be
-- another system's on the same key: it is never cancelled from here.
ALTER TABLE model_batches ADD COLUMN adopted_by_guess boolean NOT NULL DEFAULT false;
