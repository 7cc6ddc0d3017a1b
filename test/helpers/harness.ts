import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino, { type Logger } from 'pino';
import { loadConfig, type Config } from '../../src/config.ts';
import { createContainer, type Container } from '../../src/container.ts';
import { ledgerSum } from '../../src/db/accounts.ts';
import { buildApp } from '../../src/http/app.ts';
import { startWorkers, type GenerationWorkers } from '../../src/jobs/worker.ts';
import { createAccount } from '../../src/services/accounts.ts';
import type { ContentEngine } from '../../src/domain/generation-ports.ts';
import type { Clock } from '../../src/services/webhook-ports.ts';
import type { DatabaseTarget, TestDatabase } from './databases.ts';
import { recordExchanges } from './contract-recorder.ts';
import { OFFLINE_ENV } from './offline-env.ts';
import { OpenApiContract } from './openapi-contract.ts';

export interface HarnessOptions {
  env?: Record<string, string>;
  workers?: boolean;
  /** Replaces the engine for tests that need a failing or slow one. */
  engine?: ContentEngine;
  /** The wait before retry n of a model call (the default backs off for seconds). */
  agentBackoffMs?: (attempt: number) => number;
  /** A logger whose lines the test reads (default: silent). */
  logger?: Logger;
  /** The clock webhook retries are scheduled on (default: the system's). */
  clock?: Clock;
}

export interface Settled {
  generationId: string;
  outcome: string;
}

export interface Harness {
  target: DatabaseTarget['name'];
  database: TestDatabase;
  config: Config;
  container: Container;
  app: FastifyInstance;
  events: EventEmitter;
  /** The workers the harness started (null with `workers: false`). */
  workers: GenerationWorkers | null;
  account(credits?: number, options?: { imageStandardization?: boolean }): Promise<{ id: string; name: string; token: string }>;
  post(url: string, token: string, body: unknown): Promise<LightMyRequestResponse>;
  get(url: string, token: string): Promise<LightMyRequestResponse>;
  balance(accountId: string): Promise<{ credits: number; ledger: number }>;
  /** Resolves when every given generation has been settled by a worker. */
  settled(generationIds: readonly string[], timeoutMs?: number): Promise<Map<string, string>>;
  generationIdsOf(productIds: readonly string[]): Promise<string[]>;
  /**
   * The published OpenAPI document (GET /api/v1/openapi.json) as a validator: every request the app
   * answers is checked against it, and close() fails when any answer (status, media type, body) or
   * accepted request does not match.
   */
  contract: OpenApiContract;
  /** What did not match the document so far. */
  contractViolations: string[];
  /** Creates one product (the create must answer 202) and resolves with its id and its generation's, queued. */
  createQueued(token: string, body: Record<string, unknown>): Promise<{ productId: string; generationId: string }>;
  /** Creates one product (the create must answer 202) and resolves with its id once a worker has settled it. */
  createSettled(token: string, body: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

let accountSeq = 0;

export async function startHarness(target: DatabaseTarget, options: HarnessOptions = {}): Promise<Harness> {
  const database = await target.open();
  // Each harness keeps its standardised images in its own directory, removed at close.
  const mediaDir = await mkdtemp(join(tmpdir(), 'vetrina-media-'));
  const config = loadConfig({
    MEDIA_DIR: mediaDir,
    LOG_LEVEL: 'silent',
    GENERATION_POLL_SECONDS: '0.5',
    GENERATION_RETRY_DELAY_SECONDS: '1',
    SHUTDOWN_TIMEOUT_SECONDS: '5',
    ...OFFLINE_ENV,
    ...options.env,
  });
  const logger = options.logger ?? pino({ level: process.env.HARNESS_LOG ?? 'silent' });
  const container = await createContainer(config, {
    logger,
    database,
    ...(options.agentBackoffMs === undefined ? {} : { agentBackoffMs: options.agentBackoffMs }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  if (options.engine !== undefined) container.engine = options.engine;
  const events = new EventEmitter();
  const settledSoFar = new Map<string, string>();
  // A deferred generation is back in the queue, not settled: its next run settles it.
  events.on('settled', (s: Settled) => {
    if (s.outcome !== 'deferred') settledSoFar.set(s.generationId, s.outcome);
  });
  const workers = options.workers === false ? null : await startWorkers({ ...container, events });
  let contract: OpenApiContract | undefined;
  const contractViolations: string[] = [];
  const app = await buildApp(container, { onSend: recordExchanges((exchange) => contractViolations.push(...(contract?.check(exchange) ?? []))) });
  await app.ready();
  const published = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  assert.equal(published.statusCode, 200, published.body);
  contract = new OpenApiContract(published.json());

  const inject = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  const harness: Harness = {
    target: target.name,
    database,
    config,
    container,
    app,
    events,
    contract,
    contractViolations,
    workers,
    async account(credits = 1000, accountOptions = {}) {
      accountSeq += 1;
      const created = await createAccount(container.db, {
        name: `acct-${process.pid}-${accountSeq}`,
        credits,
        imageStandardization: accountOptions.imageStandardization ?? false,
      });
      return { id: created.account.id, name: created.account.name, token: created.token };
    },
    post: (url, token, body) => inject('POST', url, token, body),
    get: (url, token) => inject('GET', url, token),
    async balance(accountId) {
      const rows = await container.db.query<{ credits: number }>('SELECT credits FROM account_balances WHERE account_id = $1', [accountId]);
      return { credits: rows[0]?.credits ?? Number.NaN, ledger: await ledgerSum(container.db, accountId) };
    },
    async settled(ids, timeoutMs = 30_000) {
      // Waits on the workers' own signal; the deadline turns a hang into a failing test.
      const signal = AbortSignal.timeout(timeoutMs);
      while (ids.some((id) => !settledSoFar.has(id))) await once(events, 'settled', { signal });
      return new Map(ids.map((id) => [id, settledSoFar.get(id) ?? '']));
    },
    async generationIdsOf(productIds) {
      const rows = await container.db.query<{ id: string }>('SELECT latest_generation_id AS id FROM products WHERE id = ANY($1::uuid[])', [productIds]);
      return rows.map((r) => r.id);
    },
    async createQueued(token, body) {
      const res = await inject('POST', '/api/v1/products/create', token, body);
      assert.equal(res.statusCode, 202, res.body);
      const productId = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id;
      assert.ok(productId !== undefined, res.body);
      const [generationId] = await harness.generationIdsOf([productId]);
      assert.ok(generationId !== undefined, 'the create queued no generation');
      return { productId, generationId };
    },
    async createSettled(token, body) {
      const { productId, generationId } = await harness.createQueued(token, body);
      await harness.settled([generationId]);
      return productId;
    },
    async close() {
      await app.close();
      await container.close({ graceful: false });
      await database.close();
      await rm(mediaDir, { recursive: true, force: true });
      assert.deepEqual(contractViolations, [], `answers or accepted requests that do not match the published OpenAPI document:\n${contractViolations.join('\n')}`);
    },
  };
  return harness;
}
