-- A fenced claim on a generation. A worker's claim has a token and a lease it renews while it
-- works; a second claim is refused until the lease lapses, and every write of a run (content,
-- settlement, deferral, refund) names its token, so a run whose job expired and was handed out
-- again can neither run beside its successor nor write over it.
ALTER TABLE generations ADD COLUMN claim_token uuid;
ALTER TABLE generations ADD COLUMN claimed_until timestamptz;
