import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { CHECKPOINT_THRESHOLDS, type CheckpointThresholds, checkpointIfDue } from './pglite-checkpoint.ts';
import { AUTOVACUUM_THRESHOLDS, type VacuumThresholds, vacuumDueTables } from './pglite-vacuum.ts';

export interface UpkeepThresholds {
  checkpoint: CheckpointThresholds;
  vacuum: VacuumThresholds;
}

export const UPKEEP_THRESHOLDS: UpkeepThresholds = { checkpoint: CHECKPOINT_THRESHOLDS, vacuum: AUTOVACUUM_THRESHOLDS };

export interface UpkeepKeeper {
  stop(): void;
}

/**
 * What a PostgreSQL server's background processes do, done for PGlite, which has none: every tick
 * a checkpoint if one is due (pglite-checkpoint.ts), then a vacuum of each table due
 * (pglite-vacuum.ts). Each is one statement, a turn of its own, so another account waits for one
 * of them at most. On PostgreSQL the server does this, and the keeper is not started.
 */
export function keepPGliteUpkept(db: Database, everySeconds: number, logger: Logger, thresholds: UpkeepThresholds = UPKEEP_THRESHOLDS): UpkeepKeeper {
  let running = false;
  const stopped = new AbortController();
  const tick = async () => {
    const checkpoint = await checkpointIfDue(db, thresholds.checkpoint);
    if (checkpoint !== null) logger.info({ checkpoint }, 'checkpointed the embedded database');
    if (stopped.signal.aborted) return;
    const vacuumed = await vacuumDueTables(db, thresholds.vacuum, stopped.signal);
    if (vacuumed.length > 0) logger.info({ vacuumed }, 'vacuumed the embedded database');
  };
  const timer = setInterval(() => {
    if (running || stopped.signal.aborted) return;
    running = true;
    tick()
      .catch((err: unknown) => logger.warn({ err }, 'could not keep the embedded database up'))
      .finally(() => {
        running = false;
      });
  }, everySeconds * 1000);
  timer.unref();
  return {
    stop() {
      stopped.abort();
      clearInterval(timer);
    },
  };
}
