import pino, { type Logger } from 'pino';
import type { Config, MediaStoreConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase, type OpenedDatabase } from './db/open.ts';
import type { AgentModel } from './domain/pricing.ts';
import { createAgentEngines } from './generation/ai/agent-engines.ts';
import { createTemplateEngine } from './generation/template/engine.ts';
import { imageForModel } from './media/image-for-model.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { createWorkerWakeup, type WorkerWakeup } from './jobs/worker-wakeup.ts';
import type { WebhookParts } from './jobs/webhook-worker.ts';
import { systemClock, type Clock } from './services/webhook-ports.ts';
import { setWebhookPendingCap } from './db/webhook-events.ts';
import { secretBoxFor } from './webhooks/secret-box.ts';
import { createWebhookSender } from './webhooks/send-webhook.ts';
import { keepPGliteUpkept } from './jobs/pglite-upkeep.ts';
import { keepQueueStatisticsFresh } from './jobs/queue-statistics.ts';
import { watchForOrphanedImports } from './services/orphaned-imports.ts';
import type { ContentEngine, GenerationQueue, ImageStandardiser } from './domain/generation-ports.ts';
import { createGuardedFetcher } from './media/guarded-fetch.ts';
import { FileMediaStorage } from './media/file-media-storage.ts';
import type { MediaStorage } from './media/media-storage.ts';
import { configureSharp } from './media/sharp-settings.ts';
import { standardiseProductImages } from './media/standardise-product-images.ts';
import { configuredSources } from './sources/configured-sources.ts';
import { createSourceChain, type SourceChain } from './sources/source-chain.ts';
import { Teardown, type TeardownOptions } from './teardown.ts';

/** How often the job table's planner statistics are refreshed (see queue-statistics.ts). */
const QUEUE_STATISTICS_SECONDS = 10;
/** How often the embedded database is checked for a checkpoint or a vacuum due (see pglite-upkeep.ts). */
const PGLITE_UPKEEP_SECONDS = 10;

/** The composition root: the only place that knows which adapters are concrete. */
export interface Container {
  config: Config;
  logger: Logger;
  db: Database;
  queue: GenerationQueue;
  /** The same object as `queue`: wakes this process's workers when generations are queued (startWorkers registers them). */
  wakeup: WorkerWakeup;
  engine: ContentEngine;
  sources: SourceChain;
  images: ImageStandardiser | null;
  /** Where standardised renditions live; the API serves them at /media. */
  mediaStorage: MediaStorage;
  /** Sender, secret box and clock of the webhook deliveries. */
  webhooks: WebhookParts;
  /** What each agent model is written by ("template", "anthropic:claude-sonnet-4-5" …). */
  engines: Readonly<Record<AgentModel, string>>;
  metrics: Metrics;
  /** Registers a cleanup for close(), run before everything the container opened (workers started later stop first). */
  onClose(cleanup: (options: TeardownOptions) => Promise<void>): void;
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
  /** For tests: the clock webhook retries are scheduled on. */
  clock?: Clock;
}

export async function createContainer(config: Config, options: ContainerOptions = {}): Promise<Container> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const teardown = new Teardown();
  try {
    const parts = await openParts(config, options, logger, teardown);
    return {
      ...parts,
      onClose: (cleanup) => teardown.add(cleanup),
      close: ({ graceful = true } = {}) => teardown.run({ graceful, deadline: Date.now() + config.shutdownTimeoutSeconds * 1000 }),
    };
  } catch (err) {
    await teardown.runQuietly();
    throw err;
  }
}

/** Opens each resource and registers its cleanup at once, so a failure at any step closes what came before. */
async function openParts(config: Config, options: ContainerOptions, logger: Logger, teardown: Teardown): Promise<Omit<Container, 'close' | 'onClose'>> {
  const opened = await openOrAdoptDatabase(config, options);
  teardown.add(() => opened.close());

  const configured = configuredSources(config, opened.db);
  teardown.add(() => configured.close());
  for (const skip of configured.skipped) logger.info({ source: skip.name, reason: skip.reason }, 'data source off');

  // Every fetch of a URL a caller or a source supplied goes through this one guarded fetcher; the
  // sources' own API calls go through their guarded pool (configuredSources), closed with it.
  // Opened before the queue so it is closed after it: jobs still finishing use it.
  const fetcher = createGuardedFetcher({
    maxBytes: config.fetch.maxBytes,
    connectTimeoutMs: config.fetch.connectTimeoutMs,
    timeoutMs: config.fetch.timeoutMs,
    allowedHosts: config.fetch.allowedHosts,
    memoryBudgetBytes: config.fetch.memoryBudgetBytes,
    userAgent: config.sources.userAgent,
  });
  teardown.add(() => fetcher.close());
  // Also before the queue: a job finishing during a graceful stop still stores its renditions.
  const mediaStorage = await openMediaStorage(config.media.store, teardown);
  // Deliveries go through the same address guard and allow-list as image fetches.
  const webhookSender = createWebhookSender({
    allowedHosts: config.fetch.allowedHosts,
    connectTimeoutMs: config.fetch.connectTimeoutMs,
    userAgent: config.sources.userAgent,
    logFailure: (failure) => logger.info(failure, 'webhook attempt without an answer'),
  });
  teardown.add(() => webhookSender.close());

  // The database's statements that queue deliveries read the cap there, whichever process runs them.
  await setWebhookPendingCap(opened.db, config.webhooks.pendingPerEndpoint);

  const statistics = keepQueueStatisticsFresh(opened.db, QUEUE_STATISTICS_SECONDS, logger);
  teardown.add(() => statistics.stop());
  if (opened.db.dialect === 'pglite') {
    const upkeep = keepPGliteUpkept(opened.db, PGLITE_UPKEEP_SECONDS, logger);
    teardown.add(() => upkeep.stop());
  }
  const orphans = await watchForOrphanedImports(opened.db, logger);
  teardown.add(async () => orphans.stop());

  configureSharp({ decodesAtOnce: config.media.decodesAtOnce });
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
  const agents = await createAgentEngines(config, {
    metrics,
    logger,
    template: createTemplateEngine(),
    loadImage: (url, signal) => imageForModel(fetcher, url, { maxInputPixels: config.media.maxInputPixels, ...(signal === undefined ? {} : { signal }) }),
    ...(options.agentBackoffMs === undefined ? {} : { backoffMs: options.agentBackoffMs }),
    db: opened.db,
  });

  const wakeup = createWorkerWakeup();
  return {
    config,
    logger,
    db: opened.db,
    queue: wakeup,
    wakeup,
    webhooks: {
      sender: webhookSender,
      secrets: secretBoxFor(config),
      clock: options.clock ?? systemClock,
    },
    engine: agents.engine,
    engines: agents.engines,
    metrics,
    sources: createSourceChain({
      db: opened.db,
      sources: configured.sources,
      cacheTtlSeconds: config.sources.cacheTtlSeconds,
      notFoundTtlSeconds: config.sources.notFoundTtlSeconds,
      breaker: config.sources.breaker,
      log: logger,
    }),
    images,
    mediaStorage,
  };
}

/** The configured media store; the AWS SDK is loaded only for S3, and a bucket that cannot be used stops the start. */
async function openMediaStorage(store: MediaStoreConfig, teardown: Teardown): Promise<MediaStorage> {
  if (store.kind === 'file') return new FileMediaStorage(store.dir);
  const { S3MediaStorage } = await import('./media/s3-media-storage.ts');
  const storage = new S3MediaStorage(store.s3);
  teardown.add(() => storage.close());
  if (store.checkAtStart) await storage.checkBucket();
  return storage;
}

/** The process's own database (PGlite in DATA_DIR, locked, or a server pool), or a test's open one, which stays open. */
async function openOrAdoptDatabase(config: Config, options: ContainerOptions): Promise<OpenedDatabase> {
  if (options.database === undefined) return openDatabase(config, options.role ?? 'process');
  await migrate(options.database.db);
  return { ...options.database, close: async () => {} };
}
