import type { Logger } from 'pino';
import { failOrphanedCatalogueImports, touchCatalogueImport } from '../db/catalogue-imports.ts';
import type { SqlRunner } from '../db/database.ts';

/** How often a running import is marked alive while nothing else marks it (its body is slow to arrive). */
export const IMPORT_HEARTBEAT_SECONDS = 30;
/** Silent this long, a running import has no process left: ten heartbeats missed. */
export const IMPORT_STALE_SECONDS = 300;
/** How often each process looks for such imports, besides once at its start. */
const SWEEP_SECONDS = 60;

export interface ImportHeartbeat {
  /** True once another process has failed the import as abandoned: the importer stops. */
  abandoned(): boolean;
  stop(): void;
}

/** Marks a running import alive every IMPORT_HEARTBEAT_SECONDS until stopped; a failed write is tried again next time. */
export function keepImportAlive(db: SqlRunner, importId: string): ImportHeartbeat {
  let abandoned = false;
  let busy = false;
  const timer = setInterval(() => {
    if (busy || abandoned) return;
    busy = true;
    touchCatalogueImport(db, importId)
      .then((running) => {
        abandoned = !running;
      })
      .catch(() => {})
      .finally(() => {
        busy = false;
      });
  }, IMPORT_HEARTBEAT_SECONDS * 1000);
  timer.unref();
  return {
    abandoned: () => abandoned,
    stop: () => clearInterval(timer),
  };
}

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
