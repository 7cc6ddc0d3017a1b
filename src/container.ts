import type { PgBoss } from 'pg-boss';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase, type OpenedDatabase } from './db/open.ts';
import { createAgentEngines } from './generation/ai/agent-engines.ts';
import { createTemplateEngine } from './generation/template/engine.ts';
import { imageForModel } from './media/image-for-model.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { createBoss, ensureQueues, generationQueue } from './jobs/queue.ts';
import { keepQueueStatisticsFresh } from './jobs/queue-statistics.ts';

/** How often the job table's planner statistics are refreshed (see queue-statistics.ts). */
const QUEUE_STATISTICS_SECONDS = 10;
import type { ContentEngine, GenerationQueue, ImageStandardiser } from './services/ports.ts';
import { createGuardedFetcher } from './media/guarded-fetch.ts';
import { FileMediaStorage, type MediaStorage } from './media/media-storage.ts';
import { configureSharp } from './media/sharp-settings.ts';
import { standardiseProductImages } from './media/standardise-product-images.ts';
import { configuredSources } from './sources/configured-sources.ts';
import { createSourceChain, type SourceChain } from './sources/source-chain.ts';

/** The composition root: the only place that knows which adapters are concrete. */
export interface Container {
  config: Config;
  logger: Logger;
  db: Database;
  boss: PgBoss;
  queue: GenerationQueue;
  engine: ContentEngine;
  sources: SourceChain;
  images: ImageStandardiser | null;
  /** Where standardised renditions live; the API serves them at /media. */
  mediaStorage: MediaStorage;
  /** What each agent model is written by ("template", "anthropic:claude-sonnet-4-5" …). */
  engines: Readonly<Record<'v1' | 'v2', string>>;
  metrics: Metrics;
  close(options?: { graceful?: boolean }): Promise<void>;
}

export interface ContainerOptions {
  logger?: Logger;
  /** For tests: an already-open database (e.g. in-memory PGlite); the container then leaves it open. */
  database?: Omit<OpenedDatabase, 'close'>;
  /** What holds a PGlite data directory, named in the refusal a second process gets. */
  role?: string;
  /** For tests: the wait before retry n of a model call, instead of seconds of backoff. */
  agentBackoffMs?: (attempt: number) => number;
}

export async function createContainer(config: Config, options: ContainerOptions = {}): Promise<Container> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  let opened: OpenedDatabase;
  if (options.database !== undefined) {
    await migrate(options.database.db);
    opened = { ...options.database, close: async () => {} };
  } else {
    opened = await openDatabase(config, options.role ?? 'process');
  }

  let configured;
  try {
    configured = configuredSources(config, opened.db);
  } catch (err) {
    await opened.close().catch(() => {});
    throw err;
  }
  for (const skip of configured.skipped) logger.info({ source: skip.name, reason: skip.reason }, 'data source off');

  const boss = createBoss(config, opened.queue, (err) => logger.error({ err }, 'queue error'));
  try {
    await boss.start();
    for (const warning of await ensureQueues(boss, config)) logger.warn(warning);
  } catch (err) {
    await boss.stop({ graceful: false }).catch(() => {});
    await configured.close().catch(() => {});
    await opened.close().catch(() => {});
    throw err;
  }

  const stopStatistics = keepQueueStatisticsFresh(opened.db, QUEUE_STATISTICS_SECONDS, logger);

  // Every fetch of a URL a caller or a source supplied goes through this one guarded fetcher; the
  // sources' own API calls go through their guarded pool (configuredSources), closed with it.
  const fetcher = createGuardedFetcher({
    maxBytes: config.fetch.maxBytes,
    connectTimeoutMs: config.fetch.connectTimeoutMs,
    timeoutMs: config.fetch.timeoutMs,
    allowedHosts: config.fetch.allowedHosts,
    memoryBudgetBytes: config.fetch.memoryBudgetBytes,
    userAgent: config.sources.userAgent,
  });
  configureSharp({ decodesAtOnce: config.media.decodesAtOnce });
  const mediaStorage = new FileMediaStorage(config.media.dir);
  const images: ImageStandardiser = {
    standardise: (candidates, signal) =>
      standardiseProductImages(candidates, {
        fetcher,
        storage: mediaStorage,
        publicBaseUrl: config.media.publicBaseUrl,
        image: { size: config.media.size, maxInputPixels: config.media.maxInputPixels },
        ...(signal === undefined ? {} : { signal }),
      }),
  };

  const metrics = createMetrics({ processMetrics: options.database === undefined });
  let agents;
  try {
    agents = await createAgentEngines(config, {
      metrics,
      logger,
      template: createTemplateEngine(),
      loadImage: (url, signal) => imageForModel(fetcher, url, { maxInputPixels: config.media.maxInputPixels, ...(signal === undefined ? {} : { signal }) }),
      ...(options.agentBackoffMs === undefined ? {} : { backoffMs: options.agentBackoffMs }),
    });
  } catch (err) {
    stopStatistics();
    await boss.stop({ graceful: false }).catch(() => {});
    await fetcher.close().catch(() => {});
    await configured.close().catch(() => {});
    await opened.close().catch(() => {});
    throw err;
  }

  return {
    config,
    logger,
    db: opened.db,
    boss,
    queue: generationQueue(boss),
    engine: agents.engine,
    engines: agents.engines,
    metrics,
    sources: createSourceChain({
      db: opened.db,
      sources: configured.sources,
      cacheTtlSeconds: config.sources.cacheTtlSeconds,
      notFoundTtlSeconds: config.sources.notFoundTtlSeconds,
    }),
    images,
    mediaStorage,
    async close({ graceful = true } = {}) {
      // Jobs still running after the timeout are failed back to the queue, so another worker retries them.
      stopStatistics();
      await boss.stop({ graceful, timeout: config.shutdownTimeoutSeconds * 1000 });
      await fetcher.close();
      await configured.close();
      await opened.close();
    },
  };
}
