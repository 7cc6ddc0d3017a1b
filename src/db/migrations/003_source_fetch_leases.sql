-- Who is fetching a code from a remote source right now, across every process: the others wait
-- for its answer in source_cache instead of asking the source again. A lease that outlives its
-- holder (a crashed worker) expires and can be taken over.
CREATE TABLE source_fetch_leases (
  source text NOT NULL,
  code text NOT NULL,
  holder uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (source, code)
);
