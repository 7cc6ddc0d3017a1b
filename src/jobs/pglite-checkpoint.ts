import type { SqlRunner } from '../db/database.ts';

// PostgreSQL in single-user mode, which PGlite is, never checkpoints on its own: the checkpointer
// process that a server runs is absent, and a backend asks for a checkpoint only under a
// postmaster. Left alone, PGlite keeps every WAL file written since it started (736 MiB after
// 0.72 GB of writes, measured) until it stops, and a process killed after a month would replay a
// month of WAL before it answered again. This checkpoints it as the checkpointer would.

/** A checkpoint is due after this much WAL since the last one, or this long with some WAL written. */
export interface CheckpointThresholds {
  walBytes: number;
  seconds: number;
}

/**
 * 256 MiB, about half of what max_wal_size's default lets a server write between checkpoints, and
 * checkpoint_timeout's 5 minutes. A checkpoint writes the dirty pages of PGlite's 128 MiB of
 * shared buffers inside one statement, whatever the WAL behind it: 72-76 ms measured after 5 s of
 * heavy writes.
 */
export const CHECKPOINT_THRESHOLDS: CheckpointThresholds = { walBytes: 256 * 2 ** 20, seconds: 300 };

/** Below this much WAL since the last checkpoint, its age alone does not call for another. */
const LEAST_WAL_BYTES = 2 ** 20;

export interface Checkpointed {
  /** WAL written since the checkpoint before, in bytes. */
  walBytes: number;
  ms: number;
}

/** Runs a checkpoint if one is due (and `signal` is not aborted); what it took, or null. */
export async function checkpointIfDue(runner: SqlRunner, thresholds: CheckpointThresholds, signal?: AbortSignal): Promise<Checkpointed | null> {
  const [state] = await runner.query<{ wal: number; seconds: number }>(
    `SELECT (pg_current_wal_lsn() - redo_lsn)::float8 AS wal, extract(epoch FROM now() - checkpoint_time)::float8 AS seconds FROM pg_control_checkpoint()`,
  );
  if (state === undefined) return null;
  const due = state.wal >= thresholds.walBytes || (state.seconds >= thresholds.seconds && state.wal >= LEAST_WAL_BYTES);
  if (!due || signal?.aborted === true) return null;
  const started = performance.now();
  await runner.query('CHECKPOINT');
  return { walBytes: state.wal, ms: Math.round(performance.now() - started) };
}
