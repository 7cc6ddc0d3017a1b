-- The generations table becomes the generation queue (src/db/generation-queue.ts): workers fetch
-- the unsettled generations oldest first, so those are indexed in that order. A settled
-- generation leaves the index, which therefore stays the size of the queue, not of the history.
-- Jobs left in pg-boss's generation queues by an older version are not read any more: every
-- generation they named is still unsettled here, so it is fetched from this table instead.
CREATE INDEX generations_queue ON generations (created_at, id) WHERE state IN ('queued', 'processing');
