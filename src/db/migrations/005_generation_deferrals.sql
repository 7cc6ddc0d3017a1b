-- A generation can go back to the queue to wait out its model provider's long pause: such a wait
-- is not a failed attempt, but it is bounded (`deferrals`), and until `not_before` the product's
-- later generations wait behind it, so they still run in the order they were asked for.
ALTER TABLE generations ADD COLUMN deferrals integer NOT NULL DEFAULT 0;
ALTER TABLE generations ADD COLUMN not_before timestamptz;
