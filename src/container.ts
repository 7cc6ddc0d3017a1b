import type { PgBoss } from 'pg-boss';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { openPGlite } from './db/pglite-database.ts';
import { openPostgres } from './db/postgres-database.ts';
import { createTemplateEngine } from './generation/template/engine.ts';
import { createBoss, ensureQueues, generationQueue, type QueueConnection } from './jobs/queue.ts';
import type { ContentEngine, GenerationQueue } from './services/ports.ts';

/** The composition root: the only place that knows which adapters are concrete. */
export interface Container {
  config: Config;
  logger: Logger;
  db: Database;
  boss: PgBoss;
  queue: GenerationQueue;
  engine: ContentEngine;
  close(options?: { graceful?: boolean }): Promise<void>;
}

export interface ContainerOptions {
  logger?: Logger;
  /** For tests: an already-open database (e.g. in-memory PGlite); the container then does not close it. */
  database?: { db: Database; queue: QueueConnection };
  /** What holds a PGlite data directory, named in the refusal a second process gets. */
  role?: string;
}

export async function createContainer(config: Config, options: ContainerOptions = {}): Promise<Container> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  let lock: DataDirLock | null = null;
  let db: Database;
  let connection: QueueConnection;
  const ownsDb = options.database === undefined;
  if (options.database !== undefined) {
    db = options.database.db;
    connection = options.database.queue;
  } else if (config.databaseUrl !== undefined) {
    db = openPostgres(config.databaseUrl, config.dbPoolSize);
    connection = { connectionString: config.databaseUrl };
  } else {
    lock = lockDataDir(config.dataDir, options.role ?? 'process');
    try {
      const pglite = await openPGlite(config.dataDir);
      db = pglite;
      connection = { pglite: pglite.pglite };
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  let boss: PgBoss | null = null;
  try {
    await migrate(db);
    boss = createBoss(config, connection, (err) => logger.error({ err }, 'queue error'));
    await boss.start();
    await ensureQueues(boss, config);
  } catch (err) {
    await boss?.stop({ graceful: false }).catch(() => {});
    if (ownsDb) await db.close().catch(() => {});
    lock?.release();
    throw err;
  }
  const started = boss;

  return {
    config,
    logger,
    db,
    boss: started,
    queue: generationQueue(started),
    engine: createTemplateEngine(),
    async close({ graceful = true } = {}) {
      // Jobs still running after the timeout are failed back to the queue, so another worker retries them.
      await started.stop({ graceful, timeout: config.shutdownTimeoutSeconds * 1000 });
      if (ownsDb) await db.close();
      lock?.release();
    },
  };
}
