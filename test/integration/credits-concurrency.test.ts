import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { SqlRunner } from '../../src/db/database.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { validEans } from '../helpers/codes.ts';
import { changeBalance, setCreditsLowThreshold, setImageStandardization } from '../../src/db/accounts.ts';
import { planCreate, type CreatePlan } from '../../src/domain/create-request.ts';
import { createProducts, type CreateOutcome } from '../../src/services/create-products.ts';

for (const target of databaseTargets()) {
  describe(`credits under concurrency [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false, env: { DB_POOL_SIZE: '10' } });
    });
    after(async () => {
      await h.close();
    });

    test('concurrent creates that together exceed the balance: exactly the affordable ones succeed', async () => {
      const { id, token } = await h.account(50);
      const codes = validEans(20, 50);
      // 20 calls of 5 credits each against 50 credits, all in flight at once.
      const responses = await Promise.all(codes.map((code) => h.post('/api/v1/products/create', token, { codes: code, countries: ['it'] })));
      const statuses = responses.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s === 202).length, 10);
      assert.equal(statuses.filter((s) => s === 402).length, 10);
      for (const refused of responses.filter((r) => r.statusCode === 402)) {
        const body = refused.json<{ code: string; required: number; available: number }>();
        assert.equal(body.code, 'insufficient_credits');
        assert.equal(body.required, 5);
        assert.ok(body.available < 5);
      }
      assert.deepEqual(await h.balance(id), { credits: 0, ledger: 0 });
      const products = await h.container.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE account_id = $1', [id]);
      assert.equal(products[0]?.n, 10);
      // The queue's entries: a generation written queued for each product paid for.
      const queued = await h.container.db.query<{ n: number }>("SELECT count(*)::int AS n FROM generations WHERE account_id = $1 AND state = 'queued'", [id]);
      assert.equal(queued[0]?.n, 10);
    });

    test('concurrent big creates that together exceed the balance: never overdrawn, the ledger adds up', async () => {
      const { id, token } = await h.account(250);
      // 8 calls of 12 codes at 5 credits each (60) against 250: room for 4, all in flight at once.
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) => h.post('/api/v1/products/create', token, { codes: validEans(12, 80 + i).join(','), countries: ['it'] })),
      );
      const statuses = responses.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s === 202).length, 4, JSON.stringify(statuses));
      assert.equal(statuses.filter((s) => s === 402).length, 4);
      for (const refused of responses.filter((r) => r.statusCode === 402)) {
        const body = refused.json<{ code: string; required: number; available: number }>();
        assert.deepEqual([body.code, body.required], ['insufficient_credits', 60]);
        assert.ok(body.available < 60);
      }
      assert.deepEqual(await h.balance(id), { credits: 10, ledger: 10 });
      const [kept] = await h.container.db.query<{ products: number; generations: number; charges: number }>(
        `SELECT (SELECT count(*)::int FROM products WHERE account_id = $1) AS products,
                (SELECT count(*)::int FROM generations WHERE account_id = $1 AND state = 'queued') AS generations,
                (SELECT count(*)::int FROM credit_ledger WHERE account_id = $1 AND kind = 'charge') AS charges`,
        [id],
      );
      assert.deepEqual(kept, { products: 48, generations: 48, charges: 4 });
    });

    test('concurrent mixed-size creates and regenerations never overdraw', async () => {
      const { id, token } = await h.account(23);
      const [seed] = validEans(1, 51);
      assert.equal((await h.post('/api/v1/products/create', token, { codes: seed, countries: ['it'], agent_model: 'v1' })).statusCode, 202);
      const calls = [
        ...validEans(6, 52).map((code) => h.post('/api/v1/products/create', token, { codes: code, countries: ['it', 'de'], agent_model: 'v2' })),
        ...Array.from({ length: 10 }, () => h.post(`/api/v1/products/regenerate/${seed}`, token, { fields: { title: '' }, agent_model: 'v1' })),
      ];
      const responses = await Promise.all(calls);
      const charged = responses.reduce((sum, r, i) => sum + (r.statusCode === 202 ? (i < 6 ? 6 : 1) : 0), 0);
      assert.ok(responses.every((r) => r.statusCode === 202 || r.statusCode === 402));
      const { credits, ledger } = await h.balance(id);
      assert.equal(credits, 22 - charged);
      assert.equal(ledger, credits);
      assert.ok(credits >= 0);
      // Whatever was refused could not have been paid from what was left.
      const smallestRefused = responses.some((r, i) => r.statusCode === 402 && i >= 6) ? 1 : responses.some((r) => r.statusCode === 402) ? 6 : Infinity;
      assert.ok(credits < smallestRefused);
    });
  });
}

// Races inside one call, forced deterministically with row locks. A create's one statement writes
// its products and generations, then reads the account's settings FOR SHARE and debits its balance
// row. Another connection's open transaction holds one of those rows, so the create waits there
// with its products written; meanwhile that transaction changes the account (or a second create
// starts and waits on the first's products), and its commit lets the create go on against what
// committed meanwhile. Needs a second connection: PostgreSQL only.
const server = databaseTargets().find((t) => t.name === 'postgres');
describe('races between pricing and the debit [postgres]', { skip: server === undefined ? 'TEST_DATABASE_URL is not set' : false }, () => {
  let h: Harness;
  let watcher: pg.Client;
  before(async () => {
    if (server === undefined) return;
    h = await startHarness(server, { workers: false });
    watcher = new pg.Client({ connectionString: defined(h.database.url) });
    await watcher.connect();
  });
  after(async () => {
    await watcher?.end();
    await h?.close();
  });

  /** A transaction on a connection of its own, open until `commit`; `end` closes the connection (rolling back what is not committed). */
  async function openTransaction(): Promise<SqlRunner & { commit(): Promise<void>; end(): Promise<void> }> {
    const client = new pg.Client({ connectionString: defined(h.database.url) });
    await client.connect();
    await client.query('BEGIN');
    return {
      async query<Row extends object>(text: string, params?: readonly unknown[]): Promise<Row[]> {
        return (await client.query(text, params === undefined ? undefined : [...params])).rows as Row[];
      },
      async commit() {
        await client.query('COMMIT');
      },
      end: () => client.end(),
    };
  }

  /**
   * Resolves once `count` create statements (their product write heads a WITH) wait on a lock.
   * Fails if one of `creates` settles first: it did not wait, so there was no race.
   */
  async function untilCreatesWait(count: number, ...creates: Promise<unknown>[]): Promise<void> {
    let settled = false;
    for (const create of creates)
      create.then(
        () => {
          settled = true;
        },
        () => {
          settled = true;
        },
      );
    for (;;) {
      const { rows } = await watcher.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO products%'`,
      );
      if ((rows[0]?.n ?? 0) >= count) return;
      assert.ok(!settled, 'a create finished without waiting on the lock: nothing raced it');
      await sleep(20);
    }
  }

  const lockBalance = (tx: SqlRunner, accountId: string) => tx.query('SELECT 1 FROM account_balances WHERE account_id = $1 FOR UPDATE', [accountId]);

  function plan(codes: string[]): CreatePlan {
    const planned = planCreate({ codes: codes.join(','), countries: ['it'] });
    assert.ok(planned.ok);
    return planned.plan;
  }

  test('credits spent elsewhere before the debit: 402 and everything the call wrote is rolled back', async () => {
    const { id } = await h.account(12);
    const locker = await openTransaction();
    try {
      await lockBalance(locker, id);
      // Priced at 10 against 12; its products written, it waits for the balance row.
      const creating = createProducts({ db: h.container.db, queue: h.container.queue }, id, 'race-1', plan(validEans(2, 60)));
      await untilCreatesWait(1, creating);
      await changeBalance(locker, { accountId: id, delta: -5, kind: 'adjustment', memo: 'spent elsewhere' });
      await locker.commit();
      assert.deepEqual(await creating, { kind: 'insufficient_credits', required: 10, available: 7 });
    } finally {
      await locker.end();
    }
    assert.deepEqual(await h.balance(id), { credits: 7, ledger: 7 });
    const written = await h.container.db.query('SELECT 1 FROM products WHERE account_id = $1 UNION ALL SELECT 1 FROM generations WHERE account_id = $1', [id]);
    assert.equal(written.length, 0);
  });

  test('a sku another call takes between the check and the write: 422 on sku for the loser, which is charged nothing', async () => {
    const { id } = await h.account(100);
    const [c1, c2] = validEans(2, 62);
    const withSku = (code: string | undefined): CreatePlan => {
      const planned = planCreate({ codes: code, sku: 'RACE-SKU', title: 'Tazza', countries: ['it'] });
      assert.ok(planned.ok);
      return planned.plan;
    };
    const locker = await openTransaction();
    try {
      await lockBalance(locker, id);
      // The first call has written its product with the sku, not yet committed: it waits for the
      // balance row. The second passes its check (it cannot see that row) and waits on the sku's
      // index until the first commits.
      const first = createProducts({ db: h.container.db, queue: h.container.queue }, id, 'race-3a', withSku(c1));
      await untilCreatesWait(1, first);
      const second = createProducts({ db: h.container.db, queue: h.container.queue }, id, 'race-3b', withSku(c2));
      await untilCreatesWait(2, first, second);
      await locker.commit();
      assert.equal((await first).kind, 'queued');
      assert.deepEqual(await second, {
        kind: 'invalid',
        errors: { sku: ['The sku "RACE-SKU" already names product created by a concurrent call, which has a different code.'] },
      });
    } finally {
      await locker.end();
    }
    assert.deepEqual(await h.balance(id), { credits: 95, ledger: 95 });
  });

  /** Two creates of one new code, the second waiting on the first's uncommitted insert, the first on the balance row. */
  async function sameCodeRace(credits: number, seed: number): Promise<{ id: string; outcomes: CreateOutcome[] }> {
    const { id } = await h.account(credits);
    const locker = await openTransaction();
    try {
      await lockBalance(locker, id);
      const first = createProducts({ db: h.container.db, queue: h.container.queue }, id, `same-${seed}a`, plan(validEans(1, seed)));
      await untilCreatesWait(1, first);
      const second = createProducts({ db: h.container.db, queue: h.container.queue }, id, `same-${seed}b`, plan(validEans(1, seed)));
      await untilCreatesWait(2, first, second);
      await locker.commit();
      return { id, outcomes: [await first, await second] };
    } finally {
      await locker.end();
    }
  }

  /** The account's products, each with the generation it names as latest, which must exist. */
  async function productsWithLatest(accountId: string) {
    return h.container.db.query<{ id: string; generations: number; latest_exists: boolean }>(
      `SELECT p.id, (SELECT count(*)::int FROM generations g WHERE g.product_id = p.id) AS generations,
              EXISTS (SELECT 1 FROM generations g WHERE g.id = p.latest_generation_id AND g.product_id = p.id) AS latest_exists
       FROM products p WHERE p.account_id = $1`,
      [accountId],
    );
  }

  test('the same new code created twice at once: one product, two paid generations, the latest one real', async () => {
    const { id, outcomes } = await sameCodeRace(20, 63);
    assert.deepEqual(
      outcomes.map((o) => o.kind),
      ['queued', 'queued'],
    );
    const ids = outcomes.map((o) => (o.kind === 'queued' ? o.data.imported_products[0]?.id : undefined));
    assert.equal(ids[0], ids[1]);
    assert.deepEqual(await productsWithLatest(id), [{ id: ids[0], generations: 2, latest_exists: true }]);
    assert.deepEqual(await h.balance(id), { credits: 10, ledger: 10 });
  });

  test('the same new code created twice at once with credits for one: the second is refused with the exact figures', async () => {
    const { id, outcomes } = await sameCodeRace(7, 64);
    assert.equal(outcomes[0]?.kind, 'queued');
    assert.deepEqual(outcomes[1], { kind: 'insufficient_credits', required: 5, available: 2 });
    const products = await productsWithLatest(id);
    assert.deepEqual(
      products.map((p) => [p.generations, p.latest_exists]),
      [[1, true]],
    );
    assert.deepEqual(await h.balance(id), { credits: 2, ledger: 2 });
  });

  test('a call the balance cannot pay at any price is refused before it writes: it does not wait on a product another transaction holds', async () => {
    const { id } = await h.account(5);
    const codes = validEans(1, 65);
    const first = await createProducts({ db: h.container.db, queue: h.container.queue }, id, 'held-1', plan(codes));
    assert.equal(first.kind, 'queued');
    let settled = false;
    let refused: Promise<CreateOutcome> | undefined;
    const waitedOnTheProduct = await h.container.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM products WHERE account_id = $1 FOR UPDATE', [id]);
      refused = createProducts({ db: h.container.db, queue: h.container.queue }, id, 'held-2', plan(codes)).finally(() => {
        settled = true;
      });
      for (;;) {
        if (settled) return false;
        const waiting = await h.container.db.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO products%'`,
        );
        if (waiting.length > 0) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    assert.deepEqual(await refused, { kind: 'insufficient_credits', required: 5, available: 0 });
    assert.equal(waitedOnTheProduct, false, 'a refused call wrote (and locked) the product');
  });

  test('image standardisation switched on before the debit: the call is priced again with it', async () => {
    const { id } = await h.account(100);
    const locker = await openTransaction();
    try {
      // The setting switched on, not yet committed: the create prices without it, writes its
      // products and waits at its read of the settings, which then no longer match its price.
      await setImageStandardization(locker, id, true);
      const creating = createProducts({ db: h.container.db, queue: h.container.queue }, id, 'race-2', plan(validEans(2, 61)));
      await untilCreatesWait(1, creating);
      await locker.commit();
      assert.equal((await creating).kind, 'queued');
    } finally {
      await locker.end();
    }
    // 2 products × (5 + 1 for image standardisation), charged once.
    assert.deepEqual(await h.balance(id), { credits: 88, ledger: 88 });
    const costs = await h.container.db.query<{ cost: number }>('SELECT cost FROM generations WHERE account_id = $1', [id]);
    assert.deepEqual(
      costs.map((c) => c.cost),
      [6, 6],
    );
  });
});

// The create route prices its first try with the balance and image setting read with the token,
// before its transaction; by the time it charges, either may have changed.
for (const target of databaseTargets()) {
  describe(`a create priced with the account as authentication read it [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h.close();
    });

    function plan(codes: string[]): CreatePlan {
      const planned = planCreate({ codes: codes.join(','), countries: ['it'] });
      assert.ok(planned.ok);
      return planned.plan;
    }

    async function costs(accountId: string): Promise<number[]> {
      const rows = await h.container.db.query<{ cost: number }>('SELECT cost FROM generations WHERE account_id = $1', [accountId]);
      return rows.map((r) => r.cost);
    }

    const switched = [
      { name: 'image standardisation switched on since: charged with it, not with the setting read before', now: true, costs: [6, 6], balance: 88 },
      { name: 'image standardisation switched off since: not charged for it', now: false, costs: [5, 5], balance: 90 },
    ];
    for (const [i, c] of switched.entries()) {
      test(c.name, async () => {
        const { id } = await h.account(100, { imageStandardization: c.now });
        const outcome = await createProducts({ db: h.container.db, queue: h.container.queue }, id, `snapshot-images-${i}`, plan(validEans(2, 70 + i)), {
          account: { credits: 100, imageStandardization: !c.now },
        });
        assert.equal(outcome.kind, 'queued');
        assert.deepEqual(await costs(id), c.costs);
        assert.deepEqual(await h.balance(id), { credits: c.balance, ledger: c.balance });
      });
    }

    test('credits granted since: the call is queued, not refused on the old balance', async () => {
      const { id } = await h.account(10);
      const outcome = await createProducts({ db: h.container.db, queue: h.container.queue }, id, 'snapshot-3', plan(validEans(2, 72)), {
        account: { credits: 0, imageStandardization: false },
      });
      assert.equal(outcome.kind, 'queued');
      assert.deepEqual(await h.balance(id), { credits: 0, ledger: 0 });
    });

    test('a charge that takes the balance under the credits.low threshold is made once, in a transaction with its event', async () => {
      const { id } = await h.account(10);
      await setCreditsLowThreshold(h.container.db, id, 8);
      const outcome = await createProducts({ db: h.container.db, queue: h.container.queue }, id, 'snapshot-5', plan(validEans(1, 74)), {
        account: { credits: 10, imageStandardization: false },
      });
      assert.equal(outcome.kind, 'queued');
      const charges = await h.container.db.query<{ delta: number; balance_after: number }>(
        "SELECT delta, balance_after FROM credit_ledger WHERE account_id = $1 AND kind = 'charge'",
        [id],
      );
      assert.deepEqual(charges, [{ delta: -5, balance_after: 5 }]);
      assert.deepEqual(await h.balance(id), { credits: 5, ledger: 5 });
    });

    test('a charge outside a create (changeBalance) writes credits.low only as it crosses the threshold', async () => {
      const { id } = await h.account(12);
      await setCreditsLowThreshold(h.container.db, id, 8);
      // An endpoint that takes credits.low, so the event is written; no worker runs here to send it.
      await h.container.db.query("INSERT INTO webhook_endpoints (account_id, url, events, secret_sealed) VALUES ($1, 'https://shop.example/hook', '{credits.low}', 'unused')", [
        id,
      ]);
      const lowEvents = async () =>
        h.container.db.query<{ balance: number; threshold: number }>(
          "SELECT (body::jsonb -> 'data' ->> 'balance')::int AS balance, (body::jsonb -> 'data' ->> 'threshold')::int AS threshold FROM webhook_events WHERE account_id = $1 AND type = 'credits.low'",
          [id],
        );
      assert.equal(await changeBalance(h.container.db, { accountId: id, delta: -4, kind: 'charge' }), 8, 'down to the threshold: not under it');
      assert.deepEqual(await lowEvents(), []);
      assert.equal(await changeBalance(h.container.db, { accountId: id, delta: -1, kind: 'charge' }), 7);
      assert.deepEqual(await lowEvents(), [{ balance: 7, threshold: 8 }]);
      assert.equal(await changeBalance(h.container.db, { accountId: id, delta: -1, kind: 'charge' }), 6, 'already under it');
      assert.equal(await changeBalance(h.container.db, { accountId: id, delta: 5, kind: 'grant' }), 11);
      assert.equal(await changeBalance(h.container.db, { accountId: id, delta: -20, kind: 'charge' }), undefined, 'unaffordable: nothing changes');
      assert.deepEqual(await lowEvents(), [{ balance: 7, threshold: 8 }]);
    });

    test('credits spent since: 402 with the balance as it is now, and nothing written', async () => {
      const { id } = await h.account(7);
      const outcome = await createProducts({ db: h.container.db, queue: h.container.queue }, id, 'snapshot-4', plan(validEans(2, 73)), {
        account: { credits: 1000, imageStandardization: false },
      });
      assert.deepEqual(outcome, { kind: 'insufficient_credits', required: 10, available: 7 });
      assert.deepEqual(await costs(id), []);
      // Nothing queued: no generation (the queue's entries), and no product left without one.
      const written = await h.container.db.query('SELECT 1 FROM products WHERE account_id = $1 UNION ALL SELECT 1 FROM generations WHERE account_id = $1', [id]);
      assert.equal(written.length, 0);
      assert.deepEqual(await h.balance(id), { credits: 7, ledger: 7 });
    });
  });
}
