import { z } from 'zod';
import ipaddr from 'ipaddr.js';
import { parseAllowedHost } from './domain/address-policy.ts';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, parseRetrySchedule } from './domain/webhooks.ts';
import { DEFAULT_CATEGORY_MIN_CONFIDENCE } from './domain/categories/choose-category.ts';

// The only reader of process.env: parsed once, frozen, passed down explicitly.
const intFrom = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** Reads WEBHOOK_SECRET_KEY (or the key file that stands in for it): 32 bytes as 64 hex digits or as base64. */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : null;
}

// Longer than the sessions' 12 hours would be no idle timeout at all: refused, not silently capped.
// At least 5: the last use is recorded to the minute, so a session may end up to a minute early.
const IDLE_MINUTES_PROBLEM = 'must be a whole number of minutes from 5 to 720 (a session ends 12 hours after sign-in anyway)';

/**
 * Settings that were named after pg-boss's jobs, workers and relay before the generations and
 * webhook deliveries tables became the queues. The old name is read while the new one is unset;
 * either way it is named in one warning at start.
 */
export const RENAMED_SETTINGS = [
  { old: 'WORKER_CONCURRENCY', current: 'GENERATION_CONCURRENCY' },
  { old: 'WORKER_BATCH_SIZE', current: 'GENERATION_FETCH_SIZE' },
  { old: 'JOB_RETRY_LIMIT', current: 'GENERATION_RETRIES' },
  { old: 'JOB_RETRY_DELAY_SECONDS', current: 'GENERATION_RETRY_DELAY_SECONDS' },
  { old: 'JOB_EXPIRE_SECONDS', current: 'GENERATION_TIMEOUT_SECONDS' },
  { old: 'QUEUE_POLL_SECONDS', current: 'GENERATION_POLL_SECONDS' },
  { old: 'WEBHOOK_RELAY_INTERVAL_MS', current: 'WEBHOOK_POLL_MS' },
] as const;

/** An old setting name found in the environment; `ignored` when its new name is set too. */
export type RenamedSetting = Readonly<{ old: string; current: string; ignored: boolean }>;

const configSchema = z.object({
  DATABASE_URL: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  PORT: intFrom(8080, 0, 65535),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: intFrom(1024 * 1024, 1024, 64 * 1024 * 1024),
  // The largest catalogue upload (POST /api/v1/catalogue/imports), read as a stream, never held whole.
  CATALOGUE_MAX_BYTES: intFrom(100 * 1024 * 1024, 1024, 16 * 1024 * 1024 * 1024),
  // A catalogue upload is imported while it arrives: its body may take this long (REQUEST_TIMEOUT_SECONDS for every other request).
  CATALOGUE_UPLOAD_TIMEOUT_SECONDS: intFrom(900, 1, 86_400),
  // What one catalogue row may hold; a row over any of them is a rejected row, naming the setting.
  CATALOGUE_MAX_COLUMNS: intFrom(2000, 1, 50_000),
  CATALOGUE_MAX_CELL_BYTES: intFrom(64 * 1024, 1024, 16 * 1024 * 1024),
  CATALOGUE_MAX_ROW_BYTES: intFrom(1024 * 1024, 4096, 64 * 1024 * 1024),
  // Imports of one account's catalogue running at once (a further upload is 429).
  CATALOGUE_IMPORTS_AT_ONCE: intFrom(2, 1, 100),
  // Products one account's catalogue may hold; 0: no limit.
  CATALOGUE_MAX_ROWS_PER_ACCOUNT: intFrom(1_000_000, 0, 1_000_000_000),
  RATE_LIMIT_PER_MINUTE: intFrom(600, 1, 1_000_000),
  // Exports an account may have running at once in one process; one more is answered 429.
  EXPORTS_PER_ACCOUNT: intFrom(2, 1, 1000),
  // Exports running at once in one process, all accounts together; one more is answered 429.
  EXPORTS_PER_INSTANCE: intFrom(4, 1, 1000),
  // Failed authentications a client address may make a minute before it is refused unread (429).
  AUTH_FAILURES_PER_MINUTE: intFrom(30, 1, 1_000_000),
  // How fast the unread rest of a refused body (a 413, a 401 before the body, a CSV that cannot be
  // read on) is taken in from one client address, so the client still gets its answer.
  REFUSED_BODY_BYTES_PER_SECOND: intFrom(4 * 1024 * 1024, 64 * 1024, 16 * 1024 * 1024 * 1024),
  // Which proxies' X-Forwarded-For names the client: empty (none), `true` (any), a hop count, or addresses/CIDRs.
  TRUST_PROXY: z.string().trim().default(''),
  // A review app session unused this long ends (its absolute end stays 12 hours after sign-in).
  APP_SESSION_IDLE_MINUTES: z.coerce
    .number({ error: IDLE_MINUTES_PROBLEM })
    .int({ error: IDLE_MINUTES_PROBLEM })
    .min(5, { error: IDLE_MINUTES_PROBLEM })
    .max(12 * 60, { error: IDLE_MINUTES_PROBLEM })
    .default(30),
  // A request whose headers and body have not all arrived by then is answered 408 and closed.
  REQUEST_TIMEOUT_SECONDS: intFrom(30, 1, 3600),
  DB_POOL_SIZE: intFrom(10, 1, 200),
  // How long a statement waits for a connection (a free one of the pool, or a new one) before its
  // request is answered 503: a burst of calls on one account queues behind its balance row.
  DB_POOL_TIMEOUT_SECONDS: intFrom(5, 1, 600),
  // The busiest statements (a request's token, a create's write) as named prepared statements,
  // parsed and planned once per connection. Off for a pooler in transaction mode that cannot carry
  // them (PgBouncer before 1.21, or without max_prepared_statements).
  DB_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  // The generation queue. Generations one worker process runs at once, each freeing its slot as
  // soon as it ends. Default 800 (two fetches); with an LLM agent model twice AGENT_CONCURRENCY, at least 8.
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(100_000).optional(),
  // Generations one fetch claims at most; under a backlog the worker fetches again once this many
  // slots are free. Default 400: the template engine's generations of one fetch share their
  // statements (a batch); with an LLM agent model 8.
  GENERATION_FETCH_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  GENERATION_RETRIES: intFrom(3, 0, 50),
  GENERATION_RETRY_DELAY_SECONDS: intFrom(5, 1, 3600),
  // How long one generation may run. Default 600; with an LLM agent model 1800, above v2's longest run of calls per country.
  GENERATION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  GENERATION_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  // Below this confidence a product's Google category is left empty, its best guess named on each record.
  GENERATION_CATEGORY_MIN_CONFIDENCE: z.coerce.number().min(0).max(1).default(DEFAULT_CATEGORY_MIN_CONFIDENCE),
  // Read only while GENERATION_CONCURRENCY is unset: fetches' worth of generations at once.
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: intFrom(30, 1, 3600),
  // Where product facts come from, asked in this order. `icecat` needs ICECAT_USERNAME.
  SOURCES: z.string().trim().default('catalogue,aifa,open_food_facts,icecat'),
  SOURCE_CACHE_TTL_HOURS: intFrom(24 * 7, 0, 24 * 365),
  SOURCE_NOT_FOUND_TTL_HOURS: intFrom(24, 0, 24 * 365),
  SOURCE_TIMEOUT_SECONDS: intFrom(10, 1, 300),
  // A remote source that fails to connect this many times in a row is skipped (marked down) for a
  // cooldown that doubles with each failed retry, up to the maximum.
  SOURCE_BREAKER_FAILURES: intFrom(5, 1, 1000),
  SOURCE_BREAKER_COOLDOWN_SECONDS: intFrom(5, 1, 86_400),
  SOURCE_BREAKER_MAX_COOLDOWN_SECONDS: intFrom(300, 1, 86_400),
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
  // Pictures decoded at once in the process: each may take IMAGE_MAX_INPUT_PIXELS × 4 bytes.
  IMAGE_DECODES_AT_ONCE: intFrom(2, 1, 64),
  FETCH_MAX_BYTES: intFrom(20 * 1024 * 1024, 1024, 512 * 1024 * 1024),
  // Bytes of fetched picture bodies held at once in the process; further fetches wait. ≥ FETCH_MAX_BYTES.
  FETCH_MEMORY_BUDGET_BYTES: intFrom(256 * 1024 * 1024, 1024, 16 * 1024 * 1024 * 1024),
  FETCH_CONNECT_TIMEOUT_SECONDS: intFrom(5, 1, 120),
  FETCH_TIMEOUT_SECONDS: intFrom(20, 1, 600),
  // Hosts the fetcher may reach even though they resolve to private addresses (tests, intranets):
  // `host:port` or `[v6]:port`; a host without a port only on 80 and 443.
  FETCH_ALLOWED_HOSTS: z
    .string()
    .trim()
    .default('')
    .superRefine((value, ctx) => {
      for (const entry of list(value)) {
        const parsed = parseAllowedHost(entry);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem });
      }
    }),
  MEDIA_DIR: z.string().trim().min(1).optional(),
  // Where renditions are kept: `file` (MEDIA_DIR, one host) or `s3` (a bucket every API and worker host shares).
  MEDIA_STORE: z.enum(['file', 's3']).default('file'),
  MEDIA_S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[^/\s]+$/, 'a bucket name, without slashes')
    .optional(),
  MEDIA_S3_PREFIX: z.string().trim().default(''),
  // Any S3-protocol server (MinIO, Ceph, R2 …); unset: AWS.
  MEDIA_S3_ENDPOINT: z.url().optional(),
  MEDIA_S3_REGION: z.string().trim().min(1).optional(),
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(['on', 'off']).default('off'),
  MEDIA_S3_TIMEOUT_SECONDS: intFrom(30, 1, 600),
  // At start, ask for the bucket (HeadBucket, needs s3:ListBucket): a missing bucket or refused key stops the start.
  MEDIA_S3_CHECK_AT_START: z.enum(['on', 'off']).default('on'),
  // The standard AWS variables; without a key pair the SDK's own chain finds credentials (profile, role).
  AWS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().trim().min(1).optional(),
  AWS_REGION: z.string().trim().min(1).optional(),
  AWS_DEFAULT_REGION: z.string().trim().min(1).optional(),
  // Set: GET /media/<file> redirects to <MEDIA_PUBLIC_BASE_URL>/<key> (a CDN or public bucket) instead of streaming it.
  MEDIA_PUBLIC_BASE_URL: z.url().optional(),
  // The address clients reach this service at; image URLs in records start with it.
  PUBLIC_BASE_URL: z.url().optional(),
  // LLM agent models (issue #4). `<provider>:<model>`, provider openai | anthropic | openai-compatible.
  // Unset: that agent model is written by the offline template engine.
  AGENT_V1_MODEL: z.string().trim().min(1).optional(),
  AGENT_V2_MODEL: z.string().trim().min(1).optional(),
  // Credits v2 costs while the template engine writes it (no AGENT_V2_MODEL): its output is then
  // what v1 writes. Default 5, v2's published price; an operator may charge less, down to v1's 1.
  TEMPLATE_V2_CREDITS: intFrom(5, 1, 5),
  AGENT_V1_BASE_URL: z.url().optional(),
  AGENT_V2_BASE_URL: z.url().optional(),
  AGENT_V1_API_KEY: z.string().trim().min(1).optional(),
  AGENT_V2_API_KEY: z.string().trim().min(1).optional(),
  OPENAI_API_KEY: z.string().trim().min(1).optional(),
  ANTHROPIC_API_KEY: z.string().trim().min(1).optional(),
  AGENT_V1_REQUESTS_PER_MINUTE: intFrom(500, 1, 1_000_000),
  AGENT_V2_REQUESTS_PER_MINUTE: intFrom(500, 1, 1_000_000),
  AGENT_V1_TOKENS_PER_MINUTE: intFrom(400_000, 1000, 1_000_000_000),
  AGENT_V2_TOKENS_PER_MINUTE: intFrom(400_000, 1000, 1_000_000_000),
  // Whether the v2 model is sent the product's pictures to read; default on for OpenAI and Anthropic.
  AGENT_V2_IMAGES: z.enum(['on', 'off']).optional(),
  // OpenAI-compatible servers: send a JSON schema (`response_format: json_schema`) or only ask for JSON.
  AGENT_V1_JSON_SCHEMA: z.enum(['on', 'off']).default('on'),
  AGENT_V2_JSON_SCHEMA: z.enum(['on', 'off']).default('on'),
  // v1 asks once for up to four countries (fewer input tokens, consistent countries) or once per country.
  AGENT_V1_CALL: z.enum(['per_product', 'per_country']).default('per_product'),
  // LLM calls in flight at once in one process, per provider model (both agent models when they share one).
  AGENT_CONCURRENCY: intFrom(16, 1, 1024),
  AGENT_TIMEOUT_SECONDS: intFrom(90, 1, 3600),
  // Retries of one call on a transient error (429, 5xx, timeout, network), with backoff.
  AGENT_MAX_RETRIES: intFrom(3, 0, 20),
  AGENT_REPAIR_ROUNDS: intFrom(2, 0, 10),
  AGENT_CRITIC: z.enum(['on', 'off']).default('on'),
  AGENT_MAX_OUTPUT_TOKENS: intFrom(8192, 256, 200_000),
  // At start, ask each provider whether the key and model are good (no tokens spent); off for air-gapped setups.
  AGENT_CHECK_AT_START: z.enum(['on', 'off']).default('on'),
  // How long that check waits for the provider before starting anyway with a warning.
  AGENT_CHECK_TIMEOUT_SECONDS: intFrom(5, 1, 300),
  // Provider batch APIs (generations with `processing: batch`): model calls are gathered this long
  // before one batch is submitted, at most this many a batch, and submitted batches are polled this often.
  MODEL_BATCH_WINDOW_MS: intFrom(5000, 10, 3_600_000),
  MODEL_BATCH_MAX_REQUESTS: intFrom(10_000, 1, 50_000),
  MODEL_BATCH_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  // Prometheus metrics on their own listener (needed by `vetrina worker`); unset: GET /metrics on the API.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  // Without METRICS_PORT, GET /metrics on the API port needs `Authorization: Bearer <METRICS_TOKEN>`; unset: 404 there.
  METRICS_TOKEN: z.string().trim().min(16).optional(),
  // Webhooks (issue #13). The key that encrypts endpoint secrets: 32 bytes as 64 hex digits or
  // base64. Unset: a key is created in DATA_DIR/webhook-secret.key (every process must share it).
  WEBHOOK_SECRET_KEY: z
    .string()
    .trim()
    .refine((text) => parseSecretKey(text) !== null, { message: 'must be 32 bytes as 64 hex digits or as base64 (e.g. openssl rand -hex 32)' })
    .optional(),
  // Seconds before each retry of a failed delivery; the default spans about a day.
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const parsed = parseRetrySchedule(text);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem });
    })
    .optional(),
  // How often an idle worker process looks for deliveries that are due (new events, retries). A
  // worker that settles a delivery looks again at once.
  WEBHOOK_POLL_MS: intFrom(200, 10, 60_000),
  // Deliveries one worker process sends at once.
  WEBHOOK_CONCURRENCY: intFrom(32, 1, 256),
  // Deliveries pending at most per endpoint; an event beyond is recorded failed (backlog_full)
  // instead of queued, and the endpoint says so. 0: no cap.
  WEBHOOK_PENDING_PER_ENDPOINT: intFrom(10_000, 0, 1_000_000),
  // Test pings one endpoint may be sent per hour.
  WEBHOOK_PINGS_PER_HOUR: intFrom(10, 1, 10_000),
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
  catalogueMaxBytes: number;
  catalogueUploadTimeoutMs: number;
  catalogue: Readonly<{
    limits: Readonly<{ maxColumns: number; maxCellBytes: number; maxRowBytes: number }>;
    importsAtOnce: number;
    /** 0: no quota. */
    maxRowsPerAccount: number;
  }>;
  rateLimitPerMinute: number;
  authFailuresPerMinute: number;
  /** The unread rest of refused bodies is taken in at most this fast per client address. */
  refusedBodyBytesPerSecond: number;
  exportsPerAccount: number;
  exportsPerInstance: number;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For (and -Proto) are believed. */
  trustProxy: boolean | number | string[];
  /** A review app session unused this long ends. */
  appSessionIdleSeconds: number;
  requestTimeoutMs: number;
  dbPoolSize: number;
  dbPoolTimeoutMs: number;
  dbPreparedStatements: boolean;
  worker: Readonly<{
    /** Fetches' worth of slots: concurrency × batchSize generations run at once in one process. */
    concurrency: number;
    /** Generations one fetch claims at most. */
    batchSize: number;
    retryLimit: number;
    retryDelaySeconds: number;
    expireSeconds: number;
    pollSeconds: number;
    /** A generation stores the classifier's Google category only at this confidence or more (0 to 1). */
    categoryMinConfidence: number;
  }>;
  shutdownTimeoutSeconds: number;
  sources: Readonly<{
    order: readonly string[];
    cacheTtlSeconds: number;
    notFoundTtlSeconds: number;
    timeoutMs: number;
    userAgent: string;
    breaker: Readonly<{ failures: number; cooldownMs: number; maxCooldownMs: number }>;
    openFoodFacts: Readonly<{ baseUrl: string; requestsPerMinute: number }>;
    icecat: Readonly<{ baseUrl: string; username: string | undefined; requestsPerMinute: number; languages: readonly string[] }>;
  }>;
  media: Readonly<{
    size: number;
    maxInputPixels: number;
    decodesAtOnce: number;
    dir: string;
    publicBaseUrl: string;
    /** False when the base was guessed from HOST and PORT (right only for local use). */
    publicBaseUrlSet: boolean;
    store: MediaStoreConfig;
    /** Set: /media/<file> answers a redirect to `<redirectBaseUrl>/<key>`; unset: the API streams the file. */
    redirectBaseUrl: string | undefined;
  }>;
  fetch: Readonly<{
    maxBytes: number;
    memoryBudgetBytes: number;
    connectTimeoutMs: number;
    timeoutMs: number;
    allowedHosts: readonly string[];
  }>;
  agents: Readonly<{
    v1: AgentModelConfig | null;
    v2: AgentModelConfig | null;
    v1Call: 'per_product' | 'per_country';
    concurrency: number;
    timeoutMs: number;
    maxRetries: number;
    repairRounds: number;
    critic: boolean;
    maxOutputTokens: number;
    checkAtStart: boolean;
    checkTimeoutMs: number;
    /** Provider batch APIs: how long calls are gathered before a batch is submitted, its size at most, and how often submitted ones are polled. */
    batch: Readonly<{ windowMs: number; maxRequests: number; pollMs: number }>;
    /** What v2 costs while the template engine writes it. */
    templateV2Credits: number;
  }>;
  /** Null: metrics are served by the API at /metrics (to holders of `metricsToken` only). */
  metricsListener: Readonly<{ host: string; port: number }> | null;
  /** The bearer GET /metrics on the API port asks for; undefined: not served there. */
  metricsToken: string | undefined;
  webhooks: Readonly<{
    /** Hex or base64 of 32 bytes; undefined: the key file in DATA_DIR. */
    secretKey: string | undefined;
    retrySchedule: readonly number[];
    pollMs: number;
    concurrency: number;
    /** Deliveries pending at most per endpoint (0: no cap). */
    pendingPerEndpoint: number;
    pingsPerHour: number;
  }>;
  /** Old setting names the environment used, for the warning at start. */
  renamedSettings: readonly RenamedSetting[];
}>;

/** The bucket and client settings of media/s3-media-storage.ts, as MEDIA_S3_* name them. */
export interface S3MediaSettings {
  bucket: string;
  /** Prepended to every key: `''`, or a path ending in `/`. */
  prefix: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key`; most non-AWS servers need it. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain finds them (shared profile, container or instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  connectTimeoutMs: number;
  timeoutMs: number;
}

/** Where renditions are kept; the container opens the matching store. */
export type MediaStoreConfig = Readonly<{ kind: 'file'; dir: string }> | Readonly<{ kind: 's3'; checkAtStart: boolean; s3: Readonly<S3MediaSettings> }>;

export const AGENT_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type AgentProvider = (typeof AGENT_PROVIDERS)[number];

/** Where one agent model (v1 or v2) sends its calls. */
export type AgentModelConfig = Readonly<{
  provider: AgentProvider;
  model: string;
  baseUrl: string | undefined;
  apiKey: string | undefined;
  requestsPerMinute: number;
  tokensPerMinute: number;
  /** Send the product's pictures to the model (v2's research step). */
  images: boolean;
  /** OpenAI-compatible only: ask for a JSON schema, not just JSON. */
  jsonSchema: boolean;
}>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  // Empty strings count as unset, so `PORT=` in a .env file means the default.
  const present: Record<string, string> = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
  const renamedSettings = RENAMED_SETTINGS.filter((r) => r.old in present).map((r) => Object.freeze({ ...r, ignored: r.current in present }));
  // An old name's value is read as its new name's (so a bad one is reported under the old name),
  // except WORKER_CONCURRENCY, which counted fetches rather than generations.
  const readAs = new Map<string, string>();
  for (const { old, current, ignored } of renamedSettings) {
    if (ignored || old === 'WORKER_CONCURRENCY') continue;
    present[current] = present[old] ?? '';
    readAs.set(current, old);
  }
  if (renamedSettings.some((r) => r.old === 'WORKER_CONCURRENCY' && r.ignored)) delete present.WORKER_CONCURRENCY;
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${readAs.get(String(i.path[0])) ?? i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  if (c.FETCH_MAX_BYTES > c.FETCH_MEMORY_BUDGET_BYTES) {
    throw new ConfigError(
      `invalid configuration:\n  FETCH_MEMORY_BUDGET_BYTES: ${c.FETCH_MEMORY_BUDGET_BYTES} is less than FETCH_MAX_BYTES (${c.FETCH_MAX_BYTES}); one picture must fit in the budget`,
    );
  }
  const agentProblems: string[] = [];
  const v1 = agentModel('V1', c, agentProblems);
  const v2 = agentModel('V2', c, agentProblems);
  if (agentProblems.length > 0) throw new ConfigError(`invalid configuration:\n  ${agentProblems.join('\n  ')}`);
  const mediaStore = mediaStoreConfig(c);
  const queue = generationQueue(c, v1 === null && v2 === null, readAs.get('GENERATION_FETCH_SIZE') === 'WORKER_BATCH_SIZE');
  if (c.SOURCE_BREAKER_MAX_COOLDOWN_SECONDS < c.SOURCE_BREAKER_COOLDOWN_SECONDS) {
    throw new ConfigError('invalid configuration:\n  SOURCE_BREAKER_MAX_COOLDOWN_SECONDS: must be at least SOURCE_BREAKER_COOLDOWN_SECONDS');
  }
  return Object.freeze({
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    port: c.PORT,
    host: c.HOST,
    logLevel: c.LOG_LEVEL,
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    catalogueMaxBytes: c.CATALOGUE_MAX_BYTES,
    catalogueUploadTimeoutMs: c.CATALOGUE_UPLOAD_TIMEOUT_SECONDS * 1000,
    catalogue: Object.freeze({
      limits: Object.freeze({ maxColumns: c.CATALOGUE_MAX_COLUMNS, maxCellBytes: c.CATALOGUE_MAX_CELL_BYTES, maxRowBytes: c.CATALOGUE_MAX_ROW_BYTES }),
      importsAtOnce: c.CATALOGUE_IMPORTS_AT_ONCE,
      maxRowsPerAccount: c.CATALOGUE_MAX_ROWS_PER_ACCOUNT,
    }),
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    authFailuresPerMinute: c.AUTH_FAILURES_PER_MINUTE,
    refusedBodyBytesPerSecond: c.REFUSED_BODY_BYTES_PER_SECOND,
    exportsPerAccount: c.EXPORTS_PER_ACCOUNT,
    exportsPerInstance: c.EXPORTS_PER_INSTANCE,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    appSessionIdleSeconds: c.APP_SESSION_IDLE_MINUTES * 60,
    requestTimeoutMs: c.REQUEST_TIMEOUT_SECONDS * 1000,
    dbPoolSize: c.DB_POOL_SIZE,
    dbPoolTimeoutMs: c.DB_POOL_TIMEOUT_SECONDS * 1000,
    dbPreparedStatements: c.DB_PREPARED_STATEMENTS === 'on',
    worker: Object.freeze({
      concurrency: queue.fetches,
      batchSize: queue.fetchSize,
      retryLimit: c.GENERATION_RETRIES,
      retryDelaySeconds: c.GENERATION_RETRY_DELAY_SECONDS,
      expireSeconds: c.GENERATION_TIMEOUT_SECONDS ?? (v1 === null && v2 === null ? 600 : 1800),
      pollSeconds: c.GENERATION_POLL_SECONDS,
      categoryMinConfidence: c.GENERATION_CATEGORY_MIN_CONFIDENCE,
    }),
    shutdownTimeoutSeconds: c.SHUTDOWN_TIMEOUT_SECONDS,
    sources: Object.freeze({
      order: Object.freeze(list(c.SOURCES)),
      cacheTtlSeconds: c.SOURCE_CACHE_TTL_HOURS * 3600,
      notFoundTtlSeconds: c.SOURCE_NOT_FOUND_TTL_HOURS * 3600,
      timeoutMs: c.SOURCE_TIMEOUT_SECONDS * 1000,
      userAgent: c.SOURCE_USER_AGENT,
      breaker: Object.freeze({
        failures: c.SOURCE_BREAKER_FAILURES,
        cooldownMs: c.SOURCE_BREAKER_COOLDOWN_SECONDS * 1000,
        maxCooldownMs: c.SOURCE_BREAKER_MAX_COOLDOWN_SECONDS * 1000,
      }),
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
      decodesAtOnce: c.IMAGE_DECODES_AT_ONCE,
      dir: c.MEDIA_DIR ?? `${c.DATA_DIR.replace(/\/+$/, '')}/media`,
      publicBaseUrl: (c.PUBLIC_BASE_URL ?? `http://${c.HOST.includes(':') ? `[${c.HOST}]` : c.HOST}:${c.PORT}`).replace(/\/+$/, ''),
      publicBaseUrlSet: c.PUBLIC_BASE_URL !== undefined,
      store: mediaStore,
      redirectBaseUrl: c.MEDIA_PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    }),
    fetch: Object.freeze({
      maxBytes: c.FETCH_MAX_BYTES,
      memoryBudgetBytes: c.FETCH_MEMORY_BUDGET_BYTES,
      connectTimeoutMs: c.FETCH_CONNECT_TIMEOUT_SECONDS * 1000,
      timeoutMs: c.FETCH_TIMEOUT_SECONDS * 1000,
      allowedHosts: Object.freeze(list(c.FETCH_ALLOWED_HOSTS)),
    }),
    agents: Object.freeze({
      v1,
      v2,
      v1Call: c.AGENT_V1_CALL,
      concurrency: c.AGENT_CONCURRENCY,
      timeoutMs: c.AGENT_TIMEOUT_SECONDS * 1000,
      maxRetries: c.AGENT_MAX_RETRIES,
      repairRounds: c.AGENT_REPAIR_ROUNDS,
      critic: c.AGENT_CRITIC === 'on',
      maxOutputTokens: c.AGENT_MAX_OUTPUT_TOKENS,
      checkAtStart: c.AGENT_CHECK_AT_START === 'on',
      checkTimeoutMs: c.AGENT_CHECK_TIMEOUT_SECONDS * 1000,
      batch: Object.freeze({ windowMs: c.MODEL_BATCH_WINDOW_MS, maxRequests: c.MODEL_BATCH_MAX_REQUESTS, pollMs: Math.round(c.MODEL_BATCH_POLL_SECONDS * 1000) }),
      templateV2Credits: c.TEMPLATE_V2_CREDITS,
    }),
    metricsListener: c.METRICS_PORT === undefined ? null : Object.freeze({ host: c.METRICS_HOST, port: c.METRICS_PORT }),
    metricsToken: c.METRICS_TOKEN,
    webhooks: Object.freeze({
      secretKey: c.WEBHOOK_SECRET_KEY,
      retrySchedule: Object.freeze(c.WEBHOOK_RETRY_SCHEDULE === undefined ? [...DEFAULT_RETRY_SCHEDULE_SECONDS] : schedule(c.WEBHOOK_RETRY_SCHEDULE)),
      pollMs: c.WEBHOOK_POLL_MS,
      concurrency: c.WEBHOOK_CONCURRENCY,
      pendingPerEndpoint: c.WEBHOOK_PENDING_PER_ENDPOINT,
      pingsPerHour: c.WEBHOOK_PINGS_PER_HOUR,
    }),
    renamedSettings: Object.freeze(renamedSettings),
  });
}

/**
 * How many generations a worker process runs at once, as fetches × fetch size: GENERATION_CONCURRENCY
 * rounded up to fetches of equal size, none larger than GENERATION_FETCH_SIZE.
 */
function generationQueue(c: Parsed, templateOnly: boolean, oldFetchSizeName: boolean): { fetches: number; fetchSize: number } {
  // The template engine's generations of one fetch are stored as one batch: the more it holds, the
  // fewer statements a product costs (15 alone, under 0.3 in batches of 50; bench/results/pipeline.md),
  // for its texts in memory and the engine's CPU for about 0.2 s. Model calls wait on the network
  // instead: twice AGENT_CONCURRENCY generations, as one also spends time on its database work
  // around the call, and one waiting with its facts gathered takes a freed call at once.
  if (c.GENERATION_CONCURRENCY === undefined && (c.WORKER_CONCURRENCY !== undefined || oldFetchSizeName)) {
    // The old names' meaning: WORKER_CONCURRENCY fetches of WORKER_BATCH_SIZE each.
    const fetches = c.WORKER_CONCURRENCY ?? (templateOnly ? 2 : Math.max(2, Math.ceil(c.AGENT_CONCURRENCY / 4)));
    return { fetches, fetchSize: c.GENERATION_FETCH_SIZE ?? (templateOnly ? 400 : Math.min(100, Math.max(4, Math.ceil((2 * c.AGENT_CONCURRENCY) / fetches)))) };
  }
  const atOnce = c.GENERATION_CONCURRENCY ?? (templateOnly ? 800 : Math.max(8, 2 * c.AGENT_CONCURRENCY));
  const fetches = Math.ceil(atOnce / (c.GENERATION_FETCH_SIZE ?? (templateOnly ? 400 : 8)));
  return { fetches, fetchSize: Math.ceil(atOnce / fetches) };
}

/** The one warning line naming every old setting name in use, or null when none is. */
export function renamedSettingsWarning(config: Config): string | null {
  if (config.renamedSettings.length === 0) return null;
  const names = config.renamedSettings.map((r) => `${r.old} (now ${r.current}${r.ignored ? ', which is set and wins' : ''})`);
  return `deprecated setting names, read only while the new name is unset: ${names.join(', ')}`;
}

type Parsed = z.infer<typeof configSchema>;

/** The file store, or the S3 bucket with everything the client needs; a half-given S3 setting stops the start. */
function mediaStoreConfig(c: Parsed): MediaStoreConfig {
  const dir = c.MEDIA_DIR ?? `${c.DATA_DIR.replace(/\/+$/, '')}/media`;
  const problems: string[] = [];
  if (c.MEDIA_STORE === 'file') {
    // Renditions written to one host's disk are what S3 settings are meant to avoid: say so, rather than start.
    if (c.MEDIA_S3_BUCKET !== undefined) problems.push('MEDIA_S3_BUCKET: is set but MEDIA_STORE is "file"; set MEDIA_STORE=s3 to use the bucket');
  } else if (c.MEDIA_S3_BUCKET === undefined) {
    problems.push('MEDIA_S3_BUCKET: MEDIA_STORE=s3 needs the bucket name');
  }
  if (c.MEDIA_STORE === 's3' && (c.AWS_ACCESS_KEY_ID === undefined) !== (c.AWS_SECRET_ACCESS_KEY === undefined)) {
    problems.push('AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY: set both or neither (neither: the AWS SDK finds credentials in a profile or role)');
  }
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
  if (c.MEDIA_STORE === 'file' || c.MEDIA_S3_BUCKET === undefined) return Object.freeze({ kind: 'file', dir });
  const prefix = c.MEDIA_S3_PREFIX.replace(/^\/+|\/+$/g, '');
  const timeoutMs = c.MEDIA_S3_TIMEOUT_SECONDS * 1000;
  return Object.freeze({
    kind: 's3',
    checkAtStart: c.MEDIA_S3_CHECK_AT_START === 'on',
    s3: Object.freeze({
      bucket: c.MEDIA_S3_BUCKET,
      prefix: prefix === '' ? '' : `${prefix}/`,
      endpoint: c.MEDIA_S3_ENDPOINT?.replace(/\/+$/, ''),
      region: c.MEDIA_S3_REGION ?? c.AWS_REGION ?? c.AWS_DEFAULT_REGION ?? 'us-east-1',
      forcePathStyle: c.MEDIA_S3_FORCE_PATH_STYLE === 'on',
      credentials:
        c.AWS_ACCESS_KEY_ID === undefined || c.AWS_SECRET_ACCESS_KEY === undefined
          ? undefined
          : Object.freeze({
              accessKeyId: c.AWS_ACCESS_KEY_ID,
              secretAccessKey: c.AWS_SECRET_ACCESS_KEY,
              ...(c.AWS_SESSION_TOKEN === undefined ? {} : { sessionToken: c.AWS_SESSION_TOKEN }),
            }),
      connectTimeoutMs: Math.min(5000, timeoutMs),
      timeoutMs,
    }),
  });
}

function schedule(text: string): number[] {
  const parsed = parseRetrySchedule(text);
  return parsed.ok ? parsed.value : [...DEFAULT_RETRY_SCHEDULE_SECONDS];
}

/** One agent model's settings, or null when unset; every mistake is collected so start-up names them all. */
function agentModel(which: 'V1' | 'V2', c: Parsed, problems: string[]): AgentModelConfig | null {
  const spec = c[`AGENT_${which}_MODEL`];
  if (spec === undefined) return null;
  const name = `AGENT_${which}_MODEL`;
  // Split on the first colon only: Ollama's model names carry a tag ("llama3.1:8b").
  const colon = spec.indexOf(':');
  const provider = colon < 0 ? spec : spec.slice(0, colon);
  const model = colon < 0 ? '' : spec.slice(colon + 1).trim();
  if (!(AGENT_PROVIDERS as readonly string[]).includes(provider)) {
    problems.push(`${name}: "${spec}" must be <provider>:<model> with provider one of ${AGENT_PROVIDERS.join(', ')} (e.g. anthropic:claude-sonnet-4-5)`);
    return null;
  }
  if (model === '') {
    problems.push(`${name}: "${spec}" names no model after "${provider}:"`);
    return null;
  }
  const typed = provider as AgentProvider;
  const baseUrl = c[`AGENT_${which}_BASE_URL`];
  const ownKey = c[`AGENT_${which}_API_KEY`];
  const apiKey = ownKey ?? (typed === 'openai' ? c.OPENAI_API_KEY : typed === 'anthropic' ? c.ANTHROPIC_API_KEY : undefined);
  if (typed === 'openai-compatible' && baseUrl === undefined) {
    problems.push(`${name}: an openai-compatible model needs AGENT_${which}_BASE_URL (e.g. http://127.0.0.1:11434/v1 for Ollama)`);
  }
  if (typed === 'openai' && apiKey === undefined) problems.push(`${name}: openai needs OPENAI_API_KEY or AGENT_${which}_API_KEY`);
  if (typed === 'anthropic' && apiKey === undefined) problems.push(`${name}: anthropic needs ANTHROPIC_API_KEY or AGENT_${which}_API_KEY`);
  const images = which === 'V2' ? (c.AGENT_V2_IMAGES ?? (typed === 'openai-compatible' ? 'off' : 'on')) === 'on' : false;
  return Object.freeze({
    provider: typed,
    model,
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    apiKey,
    requestsPerMinute: c[`AGENT_${which}_REQUESTS_PER_MINUTE`],
    tokensPerMinute: c[`AGENT_${which}_TOKENS_PER_MINUTE`],
    images,
    jsonSchema: c[`AGENT_${which}_JSON_SCHEMA`] === 'on',
  });
}

/**
 * TRUST_PROXY as Fastify's trustProxy: empty or `false` none, `true` any, a whole number the
 * hops to trust, else addresses or CIDR ranges (comma-separated) of the proxies in front.
 */
function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.filter((e) => !(ipaddr.isValid(e) || isCidr(e)));
  if (bad.length > 0) throw new ConfigError(`invalid configuration:\n  TRUST_PROXY: "${bad.join('", "')}" is not an address or CIDR range (or true, false, a hop count)`);
  return entries;
}

function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}
