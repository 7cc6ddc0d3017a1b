import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { adjustCredits } from '../../src/services/accounts.ts';
import { failAndRefund } from '../../src/pipeline/fail-generation.ts';
import { accountResponseSchema } from '../../src/http/response-schemas.ts';
import { ledgerResponseSchema } from '../../src/http/routes/account-ledger.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

type Entry = ReturnType<typeof ledgerResponseSchema.parse>['data']['entries'][number];

for (const target of databaseTargets()) {
  describe(`account and ledger [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false, env: { DB_POOL_SIZE: '10' } });
    });
    after(async () => {
      await h.close();
    });

    async function wholeLedger(token: string, limit: number): Promise<Entry[]> {
      const entries: Entry[] = [];
      let before: string | null = null;
      for (;;) {
        const res = await h.get(`/api/v1/account/ledger?limit=${limit}${before === null ? '' : `&before=${before}`}`, token);
        assert.equal(res.statusCode, 200, res.body);
        const page = ledgerResponseSchema.parse(res.json());
        assert.ok(page.data.entries.length <= limit);
        entries.push(...page.data.entries);
        before = page.data.next_before;
        if (before === null) return entries;
      }
    }

    test('the account names the engine behind each agent model', async () => {
      const { token } = await h.account(10);
      const res = await h.get('/api/v1/account', token);
      assert.equal(res.statusCode, 200);
      const account = accountResponseSchema.parse(res.json());
      assert.deepEqual(account.data.agent_models, { ...h.container.engines, same_engine: true, credits: { v1: 1, v2: 5 } });
      assert.equal(account.data.agent_models.v2, 'template');
    });

    test('entries newest first, each with its reason, product and exact balance_after, paged by next_before', async () => {
      const { id, name, token } = await h.account(100);
      const [a, b] = validEans(2, 401);
      const created = await h.post('/api/v1/products/create', token, { codes: a, countries: ['it', 'de'] });
      assert.equal(created.statusCode, 202);
      const productId = created.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id;
      assert.equal((await h.post('/api/v1/products/create', token, { codes: `${b},${validEans(1, 402)[0]}`, countries: ['it'] })).statusCode, 202);
      assert.equal((await h.post(`/api/v1/products/regenerate/${a}`, token, { fields: { title: '' }, agent_model: 'v1' })).statusCode, 202);
      const [generationId] = await h.generationIdsOf([productId ?? '']);
      assert.ok(generationId);
      assert.ok(await failAndRefund(h.container.db, generationId, { reason: 'generation_failed', message: 'test' }));
      await adjustCredits(h.container.db, name, 7);
      await adjustCredits(h.container.db, name, -3);

      const entries = await wholeLedger(token, 2);
      assert.deepEqual(
        entries.map((e) => [e.reason, e.delta]),
        [
          ['debit', -3],
          ['credit', 7],
          ['refund', 1],
          ['regenerate', -1],
          ['create', -10],
          ['create', -6],
          ['credit', 100],
        ],
      );
      assert.equal(entries[2]?.product_id, productId);
      assert.equal(entries[3]?.product_id, productId);
      assert.equal(entries[4]?.product_id, null, 'a create of two products names no single product');
      assert.equal(entries[5]?.product_id, productId);
      assert.equal(entries[6]?.product_id, null);
      assert.equal(typeof entries[5]?.request_id, 'string');
      assertRunningBalance(entries, (await h.balance(id)).credits);
      assert.equal((await h.get('/api/v1/account/ledger', token)).json<{ data: { entries: unknown[] } }>().data.entries.length, 7);
    });

    test('balance_after stays a running balance under concurrent creates', async () => {
      const { id, token } = await h.account(60);
      const calls = validEans(16, 403).map((code) => h.post('/api/v1/products/create', token, { codes: code, countries: ['it'] }));
      const statuses = (await Promise.all(calls)).map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s === 202).length, 12);
      const entries = await wholeLedger(token, 200);
      assert.equal(entries.length, 13);
      assertRunningBalance(entries, (await h.balance(id)).credits);
      assert.equal(entries[0]?.balance_after, 0);
    });

    test('bad parameters are validation_failed on the parameter; another account never shows', async () => {
      const mine = await h.account(5);
      const theirs = await h.account(9);
      const theirEntry = ledgerResponseSchema.parse((await h.get('/api/v1/account/ledger', theirs.token)).json()).data.entries[0];
      assert.ok(theirEntry);
      const cases: [string, string][] = [
        ['limit=0', 'limit'],
        ['limit=201', 'limit'],
        ['limit=abc', 'limit'],
        ['limit=1.5', 'limit'],
        ['before=nope', 'before'],
        [`before=${theirEntry.id}`, 'before'],
        ['page=2', 'page'],
      ];
      for (const [query, field] of cases) {
        const res = await h.get(`/api/v1/account/ledger?${query}`, mine.token);
        assert.equal(res.statusCode, 422, query);
        const body = res.json<{ code: string; errors: Record<string, string[]> }>();
        assert.equal(body.code, 'validation_failed');
        assert.ok(body.errors[field], `${query}: ${res.body}`);
      }
      const own = ledgerResponseSchema.parse((await h.get('/api/v1/account/ledger?limit=200', mine.token)).json()).data.entries;
      assert.deepEqual(
        own.map((e) => e.delta),
        [5],
      );
    });
  });
}

/** Newest first: each entry's balance is the older one's plus its delta; the newest is the balance now. */
function assertRunningBalance(entries: readonly Entry[], balanceNow: number): void {
  assert.equal(entries[0]?.balance_after, balanceNow);
  for (let i = 0; i < entries.length - 1; i++) {
    const newer = entries[i];
    const older = entries[i + 1];
    assert.ok(newer && older);
    assert.equal(newer.balance_after, older.balance_after + newer.delta, `entry ${i}`);
  }
  const oldest = entries.at(-1);
  assert.equal(oldest?.balance_after, oldest?.delta);
}
