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
  WORKER_CONCURRENCY: intFrom(4, 1, 256),
  JOB_RETRY_LIMIT: intFrom(3, 0, 50),
  JOB_RETRY_DELAY_SECONDS: intFrom(5, 1, 3600),
  JOB_EXPIRE_SECONDS: intFrom(600, 1, 86_400),
  QUEUE_MONITOR_SECONDS: intFrom(30, 1, 3600),
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  SHUTDOWN_TIMEOUT_SECONDS: intFrom(30, 1, 3600),
});

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
    retryLimit: number;
    retryDelaySeconds: number;
    expireSeconds: number;
    monitorSeconds: number;
    pollSeconds: number;
  }>;
  shutdownTimeoutSeconds: number;
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
      retryLimit: c.JOB_RETRY_LIMIT,
      retryDelaySeconds: c.JOB_RETRY_DELAY_SECONDS,
      expireSeconds: c.JOB_EXPIRE_SECONDS,
      monitorSeconds: c.QUEUE_MONITOR_SECONDS,
      pollSeconds: c.QUEUE_POLL_SECONDS,
    }),
    shutdownTimeoutSeconds: c.SHUTDOWN_TIMEOUT_SECONDS,
  });
}
