-- Review before publishing: every product has a publication state a person moves it through
-- (pending_review → ready → online); a completed generation puts it back to pending_review.
ALTER TABLE products ADD COLUMN publication_state text NOT NULL DEFAULT 'pending_review'
  CHECK (publication_state IN ('pending_review', 'ready', 'online'));

-- A deleted product stays as a tombstone row (its generations and the ledger rows that name them
-- keep their references); its content, history and facts are removed, and it is in no read.
ALTER TABLE products ADD COLUMN deleted_at timestamptz;
