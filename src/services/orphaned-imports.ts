import type { Logger } from 'pino';
import { failOrphanedCatalogueImports } from '../db/catalogue-imports.ts';
import type { SqlRunner } from '../db/database.ts';
import { IMPORT_HEARTBEAT_SECONDS } from '../sources/catalogue/import-heartbeat.ts';

/** Silent this long, a running import has no process left: ten heartbeats missed. */
export const IMPORT_STALE_SECONDS = 10 * IMPORT_HEARTBEAT_SECONDS;
/** How often each process looks for such imports, besides once at its start. */
const SWEEP_SECONDS = 60;

/**
 * Fails the imports no process is working on: once now (a restart finds those its predecessor
 * left), then every minute (those of another process that stopped). Every process does it;
 * each import is failed once whoever gets there first.
 */
export async function watchForOrphanedImports(db: SqlRunner, logger: Logger): Promise<{ stop(): void }> {
  let busy = false;
  const sweep = async () => {
    if (busy) return;
    busy = true;
    try {
      const failed = await failOrphanedCatalogueImports(db, IMPORT_STALE_SECONDS);
      if (failed.length > 0) logger.warn({ imports: failed }, 'catalogue imports without a process failed');
    } catch (err) {
      logger.warn({ err }, 'could not look for orphaned catalogue imports');
    } finally {
      busy = false;
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), SWEEP_SECONDS * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
