// A worker's claim statement whose answer is lost after it committed: the generations it claimed
// are under the worker's fence, so the run goes on under that claim instead of waiting for its own
// lease to lapse and claiming again, which would count one attempt twice (one fewer retry). A proxy
// between the pool and the server cuts the connection once the server has answered the claim.
// PostgreSQL only: PGlite runs in the process and has no connection to lose.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startWorkers } from '../../src/jobs/worker.ts';
import { behindCuttingProxy, type CuttingProxy } from '../helpers/cutting-proxy.ts';
import { defined } from '../helpers/assert.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

/** The claim statement's text, sent with every call while statements are not prepared: the queue's fetch, the one way a generation is claimed. */
const FETCH_ANSWERED = { marker: 'FOR UPDATE OF g SKIP LOCKED', when: 'answered' } as const;
const serverUrl = process.env.TEST_DATABASE_URL;

describe('a claim whose answer is lost [postgres]', { skip: serverUrl === undefined ? 'needs TEST_DATABASE_URL' : false }, () => {
  let h: Harness;
  let proxy: CuttingProxy;
  before(async () => {
    const behind = await behindCuttingProxy(serverUrl ?? '');
    proxy = behind.proxy;
    h = await startHarness(behind.target, { workers: false, env: { GENERATION_CONCURRENCY: '10', GENERATION_FETCH_SIZE: '10' } });
  });
  after(async () => {
    await h.close();
    await proxy.close();
  });

  async function create(token: string, sku: string): Promise<string> {
    const res = await h.post('/api/v1/products/create', token, {
      sku,
      title: `Fusilli ${sku}`,
      brand: 'Molino Rossi',
      description: 'Pasta di semola di grano duro.',
      countries: ['it'],
    });
    assert.equal(res.statusCode, 202, res.body);
    const [generationId] = await h.generationIdsOf([defined(res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]).id]);
    return defined(generationId);
  }

  async function attempts(ids: readonly string[]): Promise<string[]> {
    const rows = await h.container.db.query<{ state: string; attempts: number }>('SELECT state, attempts FROM generations WHERE id = ANY ($1::uuid[])', [ids]);
    return rows.map((r) => `${r.state} ${r.attempts}`);
  }

  test("a fetch's claim: its generations run under it at once and complete, each on its first attempt", { timeout: 60_000 }, async () => {
    const { token } = await h.account(100);
    const ids = [await create(token, 'B-1'), await create(token, 'B-2'), await create(token, 'B-3')];
    const cut = proxy.cutOn(FETCH_ANSWERED);
    const workers = await startWorkers({ ...h.container, events: h.events });
    try {
      await cut;
      // Far within the 30 s lease a run that lost its claim would wait for before claiming again.
      const outcomes = await h.settled(ids, 20_000);
      assert.deepEqual([...outcomes.values()], ['completed', 'completed', 'completed']);
      assert.deepEqual(await attempts(ids), ['completed 1', 'completed 1', 'completed 1']);
    } finally {
      await workers.stop({ graceful: true, timeoutMs: 30_000 });
    }
  });
});
