-- Batch processing (docs/agent-models.md): a generation marked `batch` sends its model calls
-- through the provider's batch API. Each call is a row keyed by its custom_id (the generation and a
-- hash of the request body), written before the batch is sent and answered from here after a
-- restart, so a crash between submission and retrieval neither loses nor repeats a request.
ALTER TABLE accounts ADD COLUMN default_processing text NOT NULL DEFAULT 'interactive'
  CHECK (default_processing IN ('interactive', 'batch'));
ALTER TABLE generations ADD COLUMN processing text NOT NULL DEFAULT 'interactive'
  CHECK (processing IN ('interactive', 'batch'));

CREATE TABLE model_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The provider lane (provider, endpoint, key, model) whose client submitted it.
  lane text NOT NULL,
  provider_batch_id text,
  state text NOT NULL CHECK (state IN ('submitting', 'submitted', 'ended', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE INDEX model_batches_open ON model_batches (lane) WHERE state IN ('submitting', 'submitted');

CREATE TABLE model_batch_requests (
  custom_id text PRIMARY KEY,
  batch_id uuid NOT NULL REFERENCES model_batches (id) ON DELETE CASCADE,
  state text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed', 'expired')),
  status_code integer,
  result jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX model_batch_requests_batch ON model_batch_requests (batch_id);
