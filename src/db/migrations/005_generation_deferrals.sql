-- How often a generation was put back in the queue because its model provider asked for a pause
-- longer than a job waits: such a wait is not a failed attempt, but it is bounded.
ALTER TABLE generations ADD COLUMN deferrals integer NOT NULL DEFAULT 0;
