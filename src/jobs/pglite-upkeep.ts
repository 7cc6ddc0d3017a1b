import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { type PeriodicTask, runEvery } from './periodic-task.ts';
import { CHECKPOINT_THRESHOLDS, type CheckpointThresholds, checkpointIfDue } from './pglite-checkpoint.ts';
import { AUTOVACUUM_THRESHOLDS, type VacuumThresholds, vacuumDueTables } from './pglite-vacuum.ts';

export interface UpkeepThresholds {
  checkpoint: CheckpointThresholds;
  vacuum: VacuumThresholds;
}

export const UPKEEP_THRESHOLDS: UpkeepThresholds = { checkpoint: CHECKPOINT_THRESHOLDS, vacuum: AUTOVACUUM_THRESHOLDS };

/**
 * What a PostgreSQL server's background processes do, done for PGlite, which has none: every tick
 * a checkpoint if one is due (pglite-checkpoint.ts), then a vacuum of each table due
 * (pglite-vacuum.ts). Each is one statement, a turn of its own, so another account waits for one
 * of them at most. On PostgreSQL the server does this, and the keeper is not started.
 */
export function keepPGliteUpkept(db: Database, everySeconds: number, logger: Logger, thresholds: UpkeepThresholds = UPKEEP_THRESHOLDS): PeriodicTask {
  return runEvery(
    everySeconds,
    async (stopped) => {
      const checkpoint = await checkpointIfDue(db, thresholds.checkpoint, stopped);
      if (checkpoint !== null) logger.info({ checkpoint }, 'checkpointed the embedded database');
      const vacuumed = await vacuumDueTables(db, thresholds.vacuum, stopped);
      const failed = vacuumed.filter((v) => v.error !== undefined);
      if (vacuumed.length > failed.length) logger.info({ vacuumed: vacuumed.filter((v) => v.error === undefined) }, 'vacuumed the embedded database');
      if (failed.length > 0) logger.warn({ failed }, 'could not vacuum some tables of the embedded database');
    },
    (err) => logger.warn({ err }, 'could not keep the embedded database up'),
  );
}
