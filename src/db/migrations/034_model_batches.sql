-- Provider batch APIs for work that can wait (OpenAI's Batch API, Anthropic's Message Batches).
-- A generation asks for batch processing, or takes its account's default when the call says nothing.
ALTER TABLE accounts ADD COLUMN default_processing text NOT NULL DEFAULT 'interactive' CHECK (default_processing IN ('interactive', 'batch'));
ALTER TABLE generations ADD COLUMN processing text NOT NULL DEFAULT 'interactive' CHECK (processing IN ('interactive', 'batch'));

-- One batch submitted to a provider. Written 'submitting' before the provider is called, so a
-- process that dies during the call leaves a row the next one finds; 'submitted' once the
-- provider's id is stored; 'ended' once every request's answer is stored; 'abandoned' when a
-- submission that never got its id was given up and its requests went back to 'queued'.
CREATE TABLE model_batches (
  id uuid PRIMARY KEY,
  agent_model text NOT NULL,
  provider text NOT NULL,
  endpoint text NOT NULL,
  state text NOT NULL CHECK (state IN ('submitting', 'submitted', 'ended', 'abandoned')),
  provider_batch_id text,
  provider_status text,
  request_count int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  ended_at timestamptz
);
CREATE INDEX model_batches_open ON model_batches (state, created_at) WHERE state IN ('submitting', 'submitted');

-- One model call of a generation, as the SDK wrote it. custom_id is derived from the generation
-- and a hash of the request, so the same call made again (the generation's next run, after a
-- crash too) finds its row instead of sending it again.
CREATE TABLE model_batch_requests (
  custom_id text PRIMARY KEY,
  generation_id uuid NOT NULL REFERENCES generations (id) ON DELETE CASCADE,
  agent_model text NOT NULL,
  endpoint text NOT NULL,
  body text,
  betas text,
  batch_id uuid REFERENCES model_batches (id),
  state text NOT NULL CHECK (state IN ('queued', 'submitting', 'submitted', 'succeeded', 'fallback')),
  -- The provider's answer body (succeeded), or why the call goes interactive instead (fallback).
  result text,
  created_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz
);
CREATE INDEX model_batch_requests_queued ON model_batch_requests (agent_model, created_at) WHERE state = 'queued';
CREATE INDEX model_batch_requests_generation ON model_batch_requests (generation_id);
CREATE INDEX model_batch_requests_batch ON model_batch_requests (batch_id);
-- Answers still held, for the hourly clean-up of those no run will read again (dropReadAnswers).
CREATE INDEX model_batch_requests_held ON model_batch_requests (generation_id) WHERE state = 'succeeded' AND result IS NOT NULL;
