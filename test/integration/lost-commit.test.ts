import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BEGIN, behindCuttingProxy, COMMIT, type CuttingProxy } from '../helpers/cutting-proxy.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// A create whose connection to PostgreSQL is lost: lost before its transaction began, the server
// rolled it back and the 503 may say nothing was charged; lost once its commit was answered (a
// COMMIT, or its one statement, which commits on its own), it was charged, and the 503 must not
// promise otherwise (a retry on that promise charges twice). A proxy on loopback between the
// API's pool and the server cuts the connection at that moment (test/helpers/cutting-proxy.ts).
// PostgreSQL only: PGlite runs in the process and has no connection to lose.

const serverUrl = process.env.TEST_DATABASE_URL;

/** The create's one statement, whose text goes with every call while statements are not prepared. */
const CREATE_STATEMENT = 'WITH written AS (';

describe('a create whose database connection is lost [postgres]', { skip: serverUrl === undefined ? 'needs TEST_DATABASE_URL' : false }, () => {
  let h: Harness;
  let proxy: CuttingProxy;
  before(async () => {
    const behind = await behindCuttingProxy(serverUrl ?? '');
    proxy = behind.proxy;
    h = await startHarness(behind.target, { workers: false });
  });
  after(async () => {
    await h.close();
    await proxy.close();
  });

  const body = { title: 'Borraccia termica 500 ml', brand: 'Laken', description: 'Acciaio inossidabile.', countries: ['it'] };

  /** A create with an Idempotency-Key: its answer is stored in the charging transaction, BEGIN to COMMIT. */
  function createInTransaction(token: string, sku: string) {
    return h.app.inject({
      method: 'POST',
      url: '/api/v1/products/create',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `key-${sku}` },
      payload: { ...body, sku },
    });
  }

  function assertUnknownOutcome(res: { statusCode: number; body: string; json<T>(): T }): void {
    assert.equal(res.statusCode, 503, res.body);
    const answer = res.json<{ code: string; message: string }>();
    assert.equal(answer.code, 'unavailable');
    assert.doesNotMatch(answer.message, /nothing was (accepted|charged)/i);
    assert.match(answer.message, /unknown/i);
    assert.match(answer.message, /balance/i);
  }

  test('lost while COMMIT was answered: 503 unavailable saying the outcome is unknown, not that nothing was charged', async () => {
    const { id, token } = await h.account(10);
    const cut = proxy.cutOn(COMMIT);
    const res = await createInTransaction(token, 'lost-commit');
    await cut;
    assertUnknownOutcome(res);
    // Why the message must not promise otherwise: the commit went through.
    assert.equal((await h.balance(id)).credits, 5, 'the create was charged');
  });

  test('lost before the transaction began: 503 unavailable that may say nothing was accepted, and nothing was', async () => {
    const { id, token } = await h.account(10);
    const cut = proxy.cutOn(BEGIN);
    const res = await createInTransaction(token, 'lost-begin');
    await cut;
    assert.equal(res.statusCode, 503, res.body);
    assert.match(res.json<{ message: string }>().message, /nothing was accepted or charged/);
    assert.equal((await h.balance(id)).credits, 10);
  });

  test('a create of one statement lost once the server answered it: it committed, and the 503 says the outcome is unknown', async () => {
    const { id, token } = await h.account(10);
    const cut = proxy.cutOn({ marker: CREATE_STATEMENT, when: 'answered' });
    const res = await h.post('/api/v1/products/create', token, { ...body, sku: 'lost-statement-answered' });
    await cut;
    assertUnknownOutcome(res);
    assert.equal((await h.balance(id)).credits, 5, 'the create was charged');
  });

  test('a create of one statement lost before the server had it: nothing charged, and the 503 cannot promise so', async () => {
    const { id, token } = await h.account(10);
    const cut = proxy.cutOn({ marker: CREATE_STATEMENT, when: 'sent' });
    const res = await h.post('/api/v1/products/create', token, { ...body, sku: 'lost-statement-unsent' });
    await cut;
    // The client cannot tell a statement the server never had from one it committed.
    assertUnknownOutcome(res);
    assert.equal((await h.balance(id)).credits, 10);
  });
});
