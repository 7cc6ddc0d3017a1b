import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, renamedSettingsWarning, type Config } from './config.ts';
import { checkModelAccess } from './generation/ai/check-model-access.ts';
import { startMetricsServer, type MetricsServer } from './http/metrics-server.ts';
import { createContainer, type Container } from './container.ts';
import { buildApp } from './http/app.ts';
import { startWorkers } from './jobs/worker.ts';
import { bootstrapDefaultAccount } from './services/accounts.ts';
import { newLocalAdminCredential, writeAdminEndpoint } from './db/admin-endpoint-file.ts';

export interface RunOptions {
  http: boolean;
  workers: boolean;
}

/** Owns the process: config → container → HTTP and/or workers → graceful stop on SIGTERM/SIGINT. */
export async function run(config: Config, options: RunOptions): Promise<void> {
  const role = options.http ? 'server' : 'worker';
  const container = await createContainer(config, { role });
  const { logger } = container;
  // On the embedded database no other process may open the data directory: the CLI sends its
  // changes here instead, with this credential (see src/db/admin-endpoint-file.ts).
  const localAdminCredential = options.http && config.databaseUrl === undefined ? newLocalAdminCredential() : null;
  // Listened for before the start: a signal that arrives between "listening" and the end of the
  // start (the workers still starting) must stop the process gracefully, not kill it.
  let stop: ((signal: string) => Promise<void>) | null = null;
  let signalled: string | null = null;
  const onSignal = (signal: string) => {
    if (stop === null) signalled = signal;
    else void stop(signal);
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  let started;
  try {
    started = await start(config, options, container, localAdminCredential);
  } catch (err) {
    // A port already taken, a refused key …: nothing may keep the process alive after the error.
    await container.close({ graceful: false }).catch(() => {});
    throw err;
  }
  const { app, metricsServer, endpointFile } = started;

  let stopping = false;
  stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new requests; finishing in-flight work');
    const force = setTimeout(
      () => {
        logger.error('shutdown took too long; exiting');
        process.exit(1);
      },
      (config.shutdownTimeoutSeconds + 10) * 1000,
    );
    force.unref();
    try {
      // First: from now on the CLI waits for the data directory instead of sending here.
      endpointFile?.remove();
      await app?.close();
      await container.close({ graceful: true });
      await metricsServer?.close();
      logger.info('stopped');
      process.exitCode = 0;
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exitCode = 1;
    }
  };
  if (signalled !== null) void stop(signalled);
}

/** Everything between opening the container and serving; any failure here stops the start. */
async function start(
  config: Config,
  options: RunOptions,
  container: Container,
  localAdminCredential: string | null,
): Promise<{ app: FastifyInstance | null; metricsServer: MetricsServer | null; endpointFile: { remove(): void } | null }> {
  const { logger } = container;
  const renamed = renamedSettingsWarning(config);
  if (renamed !== null) logger.warn({ renamedSettings: config.renamedSettings }, renamed);
  await checkAgentModels(config, logger);

  const created = await bootstrapDefaultAccount(container.db);
  if (created !== null) {
    // Printed once, plainly, because it is never retrievable again (only its hash is stored).
    process.stdout.write(
      `\nCreated account "${created.account.name}" with ${created.account.credits} credits.\n` +
        `Its API token, shown only this once:\n\n  ${created.token}\n\n` +
        `An admin token (for /api/v1/admin: accounts, credits, tokens, the shared catalogue), shown only this once:\n\n  ${created.adminToken}\n\n`,
    );
  }

  if (!config.media.publicBaseUrlSet && (config.host === '0.0.0.0' || config.host === '::' || config.port === 0)) {
    // Standardised image URLs are stored with this base; clients could not reach a wildcard address.
    logger.warn({ publicBaseUrl: config.media.publicBaseUrl }, 'PUBLIC_BASE_URL is not set: image URLs in records will use an address clients cannot reach');
  }

  const metricsServer = config.metricsListener === null ? null : await startMetricsServer(container.metrics, config.metricsListener);
  if (metricsServer !== null) logger.info({ url: `${metricsServer.url}/metrics` }, 'metrics listening');
  let app: FastifyInstance | null = null;
  let endpointFile: { remove(): void } | null = null;
  try {
    // The port first: a port already taken must stop the start before any generation is claimed.
    if (options.http) {
      app = await buildApp({ ...container, localAdminCredential });
      await app.listen({ port: config.port, host: config.host });
      if (localAdminCredential !== null) {
        endpointFile = writeAdminEndpoint(config.dataDir, { url: loopbackUrl(app.server.address() as AddressInfo), token: localAdminCredential, pid: process.pid });
      }
    }
    if (options.workers) {
      await startWorkers({ ...container });
      const generationsAtOnce = config.worker.concurrency * config.worker.batchSize;
      logger.info({ generationsAtOnce, fetchSize: config.worker.batchSize, sources: container.sources.names }, 'workers started');
      for (const agent of ['v1', 'v2'] as const) logger.info({ agent_model: agent, engine: container.engines[agent] }, `agent model ${agent}: ${container.engines[agent]}`);
      if ((config.agents.v1 !== null || config.agents.v2 !== null) && generationsAtOnce < config.agents.concurrency) {
        // Model calls wait on the network: fewer generations than allowed calls leaves the provider idle.
        logger.warn({ generationsAtOnce, agentConcurrency: config.agents.concurrency }, 'GENERATION_CONCURRENCY is below AGENT_CONCURRENCY: raise it to keep the model busy');
      }
    }
    return { app, metricsServer, endpointFile };
  } catch (err) {
    try {
      endpointFile?.remove();
    } catch {
      // the start's own error matters more
    }
    await app?.close().catch(() => {});
    await metricsServer?.close().catch(() => {});
    throw err;
  }
}

/** The address this machine reaches the server at: a wildcard listen address becomes loopback. */
function loopbackUrl(address: AddressInfo): string {
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * A refused key or an unknown model stops the start here, with the variable to fix, rather than
 * failing every product later; a provider that cannot be asked right now is only a warning.
 */
async function checkAgentModels(config: Config, logger: Logger): Promise<void> {
  if (!config.agents.checkAtStart) return;
  const checks = (['v1', 'v2'] as const).flatMap((agent) => {
    const model = config.agents[agent];
    return model === null ? [] : [checkModelAccess(model, { agent, timeoutMs: config.agents.checkTimeoutMs }).then((verdict) => ({ agent, verdict }))];
  });
  const fatal: string[] = [];
  for (const { agent, verdict } of await Promise.all(checks)) {
    if (verdict.ok) logger.info({ agent_model: agent }, 'agent model reachable: key and model accepted');
    else if (verdict.fatal) fatal.push(verdict.message);
    else logger.warn({ agent_model: agent }, `agent model not checked: ${verdict.message}`);
  }
  if (fatal.length > 0) {
    throw new ConfigError(
      `agent model misconfigured:\n  ${fatal.join('\n  ')}\n  (AGENT_CHECK_AT_START=off skips this check, e.g. where the provider's model list is not reachable)`,
    );
  }
}

if (import.meta.main) {
  run(loadConfig(process.env), { http: true, workers: true }).catch((err: unknown) => {
    process.stderr.write(`vetrina: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
