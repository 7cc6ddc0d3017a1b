import { z } from 'zod';

// The only reader of process.env: parsed once, frozen, passed down explicitly.
const intFrom = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const configSchema = z.object({
  DATABASE_URL: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  PORT: intFrom(8080, 0, 65535),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: intFrom(1024 * 1024, 1024, 64 * 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: intFrom(600, 1, 1_000_000),
  DB_POOL_SIZE: intFrom(10, 1, 200),
  WORKER_CONCURRENCY: intFrom(2, 1, 256),
  // Jobs a worker loop takes per fetch and runs side by side; while fetches come back full it
  // fetches again at once. In flight per process: WORKER_CONCURRENCY × WORKER_BATCH_SIZE.
  WORKER_BATCH_SIZE: intFrom(4, 2, 100),
  JOB_RETRY_LIMIT: intFrom(3, 0, 50),
  JOB_RETRY_DELAY_SECONDS: intFrom(5, 1, 3600),
  JOB_EXPIRE_SECONDS: intFrom(600, 1, 86_400),
  QUEUE_MONITOR_SECONDS: intFrom(30, 1, 3600),
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  SHUTDOWN_TIMEOUT_SECONDS: intFrom(30, 1, 3600),
  // Where product facts come from, asked in this order. `icecat` needs ICECAT_USERNAME.
  SOURCES: z.string().trim().default('catalogue,aifa,open_food_facts,icecat'),
  SOURCE_CACHE_TTL_HOURS: intFrom(24 * 7, 0, 24 * 365),
  SOURCE_NOT_FOUND_TTL_HOURS: intFrom(24, 0, 24 * 365),
  SOURCE_TIMEOUT_SECONDS: intFrom(10, 1, 300),
  // Public services ask callers to identify themselves; include a contact in production.
  SOURCE_USER_AGENT: z.string().trim().min(1).default('Vetrina/0.1 (self-hosted product content service)'),
  OPEN_FOOD_FACTS_URL: z.url().default('https://world.openfoodfacts.org'),
  OPEN_FOOD_FACTS_REQUESTS_PER_MINUTE: intFrom(100, 1, 10_000),
  ICECAT_URL: z.url().default('https://live.icecat.biz/api'),
  ICECAT_USERNAME: z.string().trim().min(1).optional(),
  ICECAT_REQUESTS_PER_MINUTE: intFrom(60, 1, 10_000),
  // Icecat answers one language per request: each listed language costs one request per code.
  ICECAT_LANGUAGES: z.string().trim().default('en'),
  // Image standardisation and the guarded fetcher for every user- or source-supplied URL.
  IMAGE_SIZE: intFrom(1200, 200, 4000),
  IMAGE_MAX_INPUT_PIXELS: intFrom(40_000_000, 1_000_000, 268_402_689),
  FETCH_MAX_BYTES: intFrom(20 * 1024 * 1024, 1024, 512 * 1024 * 1024),
  FETCH_CONNECT_TIMEOUT_SECONDS: intFrom(5, 1, 120),
  FETCH_TIMEOUT_SECONDS: intFrom(20, 1, 600),
  // Hosts the fetcher may reach even though they resolve to private addresses (tests, intranets).
  FETCH_ALLOWED_HOSTS: z.string().trim().default(''),
  MEDIA_DIR: z.string().trim().min(1).optional(),
  // The address clients reach this service at; image URLs in records start with it.
  PUBLIC_BASE_URL: z.url().optional(),
});

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);

export type Config = Readonly<{
  databaseUrl: string | undefined;
  dataDir: string;
  port: number;
  host: string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  dbPoolSize: number;
  worker: Readonly<{
    concurrency: number;
    batchSize: number;
    retryLimit: number;
    retryDelaySeconds: number;
    expireSeconds: number;
    monitorSeconds: number;
    pollSeconds: number;
  }>;
  shutdownTimeoutSeconds: number;
  sources: Readonly<{
    order: readonly string[];
    cacheTtlSeconds: number;
    notFoundTtlSeconds: number;
    timeoutMs: number;
    userAgent: string;
    openFoodFacts: Readonly<{ baseUrl: string; requestsPerMinute: number }>;
    icecat: Readonly<{ baseUrl: string; username: string | undefined; requestsPerMinute: number; languages: readonly string[] }>;
  }>;
  media: Readonly<{
    size: number;
    maxInputPixels: number;
    dir: string;
    publicBaseUrl: string;
    /** False when the base was guessed from HOST and PORT (right only for local use). */
    publicBaseUrlSet: boolean;
  }>;
  fetch: Readonly<{
    maxBytes: number;
    connectTimeoutMs: number;
    timeoutMs: number;
    allowedHosts: readonly string[];
  }>;
}>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  // Empty strings count as unset, so `PORT=` in a .env file means the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  return Object.freeze({
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    port: c.PORT,
    host: c.HOST,
    logLevel: c.LOG_LEVEL,
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    dbPoolSize: c.DB_POOL_SIZE,
    worker: Object.freeze({
      concurrency: c.WORKER_CONCURRENCY,
      batchSize: c.WORKER_BATCH_SIZE,
      retryLimit: c.JOB_RETRY_LIMIT,
      retryDelaySeconds: c.JOB_RETRY_DELAY_SECONDS,
      expireSeconds: c.JOB_EXPIRE_SECONDS,
      monitorSeconds: c.QUEUE_MONITOR_SECONDS,
      pollSeconds: c.QUEUE_POLL_SECONDS,
    }),
    shutdownTimeoutSeconds: c.SHUTDOWN_TIMEOUT_SECONDS,
    sources: Object.freeze({
      order: Object.freeze(list(c.SOURCES)),
      cacheTtlSeconds: c.SOURCE_CACHE_TTL_HOURS * 3600,
      notFoundTtlSeconds: c.SOURCE_NOT_FOUND_TTL_HOURS * 3600,
      timeoutMs: c.SOURCE_TIMEOUT_SECONDS * 1000,
      userAgent: c.SOURCE_USER_AGENT,
      openFoodFacts: Object.freeze({ baseUrl: c.OPEN_FOOD_FACTS_URL, requestsPerMinute: c.OPEN_FOOD_FACTS_REQUESTS_PER_MINUTE }),
      icecat: Object.freeze({
        baseUrl: c.ICECAT_URL,
        username: c.ICECAT_USERNAME,
        requestsPerMinute: c.ICECAT_REQUESTS_PER_MINUTE,
        languages: Object.freeze(list(c.ICECAT_LANGUAGES)),
      }),
    }),
    media: Object.freeze({
      size: c.IMAGE_SIZE,
      maxInputPixels: c.IMAGE_MAX_INPUT_PIXELS,
      dir: c.MEDIA_DIR ?? `${c.DATA_DIR.replace(/\/+$/, '')}/media`,
      publicBaseUrl: (c.PUBLIC_BASE_URL ?? `http://${c.HOST.includes(':') ? `[${c.HOST}]` : c.HOST}:${c.PORT}`).replace(/\/+$/, ''),
      publicBaseUrlSet: c.PUBLIC_BASE_URL !== undefined,
    }),
    fetch: Object.freeze({
      maxBytes: c.FETCH_MAX_BYTES,
      connectTimeoutMs: c.FETCH_CONNECT_TIMEOUT_SECONDS * 1000,
      timeoutMs: c.FETCH_TIMEOUT_SECONDS * 1000,
      allowedHosts: Object.freeze(list(c.FETCH_ALLOWED_HOSTS)),
    }),
  });
}
