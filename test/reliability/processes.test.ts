import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ledgerSum } from '../../src/db/accounts.ts';
import type { PostgresDatabase } from '../../src/db/postgres-database.ts';
import { openPostgres } from '../../src/db/postgres-database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createAccount } from '../../src/services/accounts.ts';
import { createServerDatabase } from '../helpers/databases.ts';
import { eventually, killAll, postJson, startApi, startWorker, terminateBackends, type VetrinaProcess } from './processes.ts';

// One API process and two worker processes on one PostgreSQL database, as deployed: a worker
// killed without warning, the database ending every session, and a crowd of callers racing for
// the last credits. Whatever happens, no call ends in a 500 or a dropped connection, every
// accepted product is generated exactly once, and the ledger matches the balance.

const serverUrl = process.env.TEST_DATABASE_URL;
const WORKER_ENV = { GENERATION_CONCURRENCY: '800', GENERATION_TIMEOUT_SECONDS: '5' };

describe('API and worker processes under failure [postgres]', { skip: serverUrl === undefined ? 'TEST_DATABASE_URL is not set' : false }, () => {
  let database: { url: string; drop(): Promise<void> };
  let db: PostgresDatabase;
  let api: VetrinaProcess & { url: string };
  const workers: VetrinaProcess[] = [];
  let accountSeq = 0;

  before(async () => {
    if (serverUrl === undefined) return;
    database = await createServerDatabase(serverUrl, 'vetrina_reliability');
    db = openPostgres(database.url, 4);
    await migrate(db);
    // 300 calls on one account take turns at its balance row; how long the last one waits for a
    // connection depends on the machine, and this suite asserts outcomes, not speed.
    api = await startApi(database.url, { DB_POOL_TIMEOUT_SECONDS: '300' });
    for (let i = 0; i < 2; i++) workers.push(await startWorker(database.url, WORKER_ENV));
  });

  after(async () => {
    killAll();
    await db?.close();
    await database?.drop();
  });

  async function account(credits: number): Promise<{ id: string; token: string }> {
    accountSeq += 1;
    const created = await createAccount(db, { name: `reliability-${process.pid}-${accountSeq}`, credits, imageStandardization: false });
    return { id: created.account.id, token: created.token };
  }

  const createBody = (sku: string) => ({
    sku,
    title: `Tazza in ceramica ${sku}`,
    description: 'Ceramica smaltata. Lavabile in lavastoviglie.',
    countries: ['it'],
    agent_model: 'v1',
  });
  const create = (token: string, sku: string) => postJson(`${api.url}/api/v1/products/create`, token, createBody(sku));

  /** Per product of the account: how many generations, how many of them completed. */
  async function generations(accountId: string): Promise<{ products: number; generations: number; completed: number }> {
    const rows = await db.query<{ products: number; generations: number; completed: number }>(
      `SELECT (SELECT count(*)::int FROM products WHERE account_id = $1) AS products,
              count(*)::int AS generations,
              count(*) FILTER (WHERE state = 'completed')::int AS completed
         FROM generations WHERE account_id = $1`,
      [accountId],
    );
    return rows[0] ?? { products: -1, generations: -1, completed: -1 };
  }

  async function balance(accountId: string): Promise<{ credits: number; ledger: number }> {
    const rows = await db.query<{ credits: number }>('SELECT credits FROM account_balances WHERE account_id = $1', [accountId]);
    return { credits: rows[0]?.credits ?? Number.NaN, ledger: await ledgerSum(db, accountId) };
  }

  async function allCompleted(accountId: string, expected: number): Promise<void> {
    await eventually(`${expected} products completed`, async () => (await generations(accountId)).completed >= expected);
    assert.deepEqual(await generations(accountId), { products: expected, generations: expected, completed: expected }, 'one completed generation per product');
  }

  test('a worker killed with SIGKILL mid-batch: every product completes exactly once', { timeout: 600_000 }, async () => {
    const { id, token } = await account(1000);
    const [doomed] = workers;
    assert.ok(doomed);
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await create(token, `KILL-${i}`));
    assert.deepEqual(
      answers.filter((a) => !('status' in a) || a.status !== 202),
      [],
      'every create accepted',
    );
    // Kill the first worker once it has finished one generation, with the rest of the batch still queued or in its hands.
    await eventually('the first worker finished a generation', async () => doomed.output().includes('"generation finished"'));
    doomed.child.kill('SIGKILL');
    assert.equal(await doomed.exited, 'SIGKILL');
    workers[0] = await startWorker(database.url, WORKER_ENV);

    await allCompleted(id, 40);
    assert.deepEqual(await balance(id), { credits: 960, ledger: 960 });
  });

  test('every backend terminated twice during a burst of creates: 202, 402 or 503, never a 500 or a dropped call', { timeout: 600_000 }, async () => {
    const { id, token } = await account(1000);
    const calls = 150;
    let answered = 0;
    const terminations: Promise<number>[] = [];
    const results = await Promise.all(
      Array.from({ length: calls }, async (_, i) => {
        const result = await create(token, `TERM-${i}`);
        answered += 1;
        // Twice while the burst is under way: after a third and after two thirds of the answers.
        if (answered === Math.floor(calls / 3) || answered === Math.floor((2 * calls) / 3)) terminations.push(terminateBackends(database.url));
        return result;
      }),
    );
    const killed = await Promise.all(terminations);
    assert.equal(killed.length, 2);
    assert.ok(
      killed.every((n) => n > 0),
      `sessions were terminated (${killed.join(', ')})`,
    );

    const unexpected = results.filter((r) => !('status' in r) || ![202, 402, 503].includes(r.status));
    const errorLog = api
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50'));
    assert.deepEqual(unexpected, [], `no 500 and no dropped connection; the API logged:\n${errorLog.join('\n')}`);
    for (const r of results) if ('status' in r && r.status === 503) assert.equal(JSON.parse(r.body).code, 'unavailable');

    await eventually('/health answers 200 again', async () => (await fetch(`${api.url}/health`)).status === 200, 60_000);
    assert.equal(api.child.exitCode, null, `the API process is still running:\n${api.output()}`);

    const accepted = results.filter((r) => 'status' in r && r.status === 202).length;
    assert.ok(accepted > 0);
    // A 503 for a call whose COMMIT was cut off says its outcome is unknown: such a call may have
    // been charged and queued. Every other 503 certainly charged nothing.
    const unknown = results.filter((r) => 'status' in r && r.status === 503 && /unknown/.test(JSON.parse(r.body).message)).length;
    const { credits, ledger } = await balance(id);
    const charged = 1000 - credits; // one credit a call (v1, one country)
    assert.equal(ledger, credits, 'the ledger sums to the balance');
    assert.ok(charged >= accepted && charged <= accepted + unknown, `charged ${charged}: the ${accepted} accepted calls and at most the ${unknown} of unknown outcome`);
    await allCompleted(id, charged);
    // The API answers normally afterwards.
    const later = await create(token, 'TERM-AFTER');
    assert.ok('status' in later && later.status === 202, JSON.stringify(later));
  });

  test('300 concurrent creates against 100 credits: exactly 100 accepted', { timeout: 600_000 }, async () => {
    const { id, token } = await account(100);
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => create(token, `RACE-${i}`)));
    const statuses = results.map((r) => ('status' in r ? r.status : r.dropped));
    assert.equal(statuses.filter((s) => s === 202).length, 100, JSON.stringify([...new Set(statuses)]));
    assert.equal(statuses.filter((s) => s === 402).length, 200);
    await allCompleted(id, 100);
    assert.deepEqual(await balance(id), { credits: 0, ledger: 0 });
  });

  test('the processes stop cleanly afterwards', { timeout: 60_000 }, async () => {
    for (const p of [api, ...workers]) p.child.kill('SIGTERM');
    assert.deepEqual(await Promise.all([api, ...workers].map((p) => p.exited)), [0, 0, 0]);
  });
});
