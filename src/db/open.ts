import type { Config } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPGlite } from './pglite-database.ts';
import { openPostgres } from './postgres-database.ts';

export interface OpenedDatabase {
  db: Database;
  /** Closes the database and releases the data directory. */
  close(): Promise<void>;
}

/** DATABASE_URL → a server pool; otherwise PGlite in DATA_DIR, locked to this process. Migrated before return. */
export async function openDatabase(config: Config, role: string): Promise<OpenedDatabase> {
  if (config.databaseUrl !== undefined) {
    const db = openPostgres(config.databaseUrl, config.dbPoolSize, { preparedStatements: config.dbPreparedStatements, connectionTimeoutMs: config.dbPoolTimeoutMs });
    try {
      await migrate(db);
    } catch (err) {
      await db.close().catch(() => {});
      throw err;
    }
    return { db, close: () => db.close() };
  }
  const lock = lockDataDir(config.dataDir, role);
  try {
    const db = await openPGlite(config.dataDir);
    await migrate(db);
    return {
      db,
      close: async () => {
        await db.close();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
