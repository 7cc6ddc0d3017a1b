import { touchCatalogueImport } from '../../db/catalogue-imports.ts';
import type { SqlRunner } from '../../db/database.ts';

// A running import marks itself alive, so that the sweep for imports left by a stopped process
// (services/orphaned-imports.ts) leaves it be.

/** How often a running import is marked alive while nothing else marks it (its body is slow to arrive). */
export const IMPORT_HEARTBEAT_SECONDS = 30;

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
