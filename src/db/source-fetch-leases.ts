import type { SqlRunner } from './database.ts';

/**
 * Takes the lease on fetching (source, code) unless another holder's lease is still running:
 * `new` when nobody held it (or its holder released it), `taken_over` when a holder's lease had
 * expired (it died), null when someone else holds it.
 */
export async function takeFetchLease(db: SqlRunner, source: string, code: string, holder: string, seconds: number): Promise<'new' | 'taken_over' | null> {
  const rows = await db.query<{ inserted: boolean }>(
    `INSERT INTO source_fetch_leases (source, code, holder, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
     ON CONFLICT (source, code) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
     WHERE source_fetch_leases.expires_at <= now()
     RETURNING (xmax = 0) AS inserted`,
    [source, code, holder, seconds],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return row.inserted ? 'new' : 'taken_over';
}

export async function releaseFetchLease(db: SqlRunner, source: string, code: string, holder: string): Promise<void> {
  await db.query('DELETE FROM source_fetch_leases WHERE source = $1 AND code = $2 AND holder = $3', [source, code, holder]);
}
