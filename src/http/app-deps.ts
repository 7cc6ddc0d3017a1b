import type { AgentModel } from '../domain/pricing.ts';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import type { Metrics } from '../metrics.ts';
import type { GenerationQueue } from '../domain/generation-ports.ts';
import type { SecretBox } from '../domain/webhook-sending.ts';
import type { Clock } from '../services/webhook-ports.ts';
import type { SourceChain } from '../sources/source-chain.ts';

/** What the HTTP app and its routes are built from; a module of its own so routes need not import the app that registers them. */
export interface AppDeps {
  config: Config;
  db: Database;
  queue: GenerationQueue;
  logger: Logger;
  mediaStorage: MediaStorage;
  metrics: Metrics;
  /** What writes each agent model ("template", "<provider>:<model>"), shown by GET /api/v1/account. */
  engines: Readonly<Record<AgentModel, string>>;
  /** The data sources' circuit breakers, shown by /health. */
  sources?: Pick<SourceChain, 'health'>;
  /**
   * The running server's own admin credential (written into the embedded data directory for the
   * CLI); accepted on /api/v1/admin only from this machine. Null or absent: none.
   */
  localAdminCredential?: string | null;
  /** Seals webhook secrets (absent: the key from the config, WEBHOOK_SECRET_KEY or the key file), and the clock deliveries run on. */
  webhooks?: { secrets: SecretBox; clock?: Clock };
}
