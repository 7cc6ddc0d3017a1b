import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Database } from '../../src/db/database.ts';
import { claimDueGenerations } from '../../src/db/generation-queue.ts';
import { generationsAhead } from '../../src/db/generation-queue.ts';
import { releaseClaim } from '../../src/db/generations.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createAccount } from '../../src/services/accounts.ts';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { completeUnder } from '../helpers/queue-runs.ts';
import { seedProduct } from '../helpers/seed-products.ts';

// The generations table is the generation queue: what a fetch hands out, in which order, and what
// it leaves alone. Every case runs on its own account's products, and each fetch takes at most
// what the case queued, so the cases do not see each other's generations.

for (const target of databaseTargets()) {
  describe(`the generation queue [${target.name}]`, () => {
    let database: TestDatabase;
    let db: Database;
    before(async () => {
      database = await target.open();
      await migrate(database.db);
      db = database.db;
    });
    after(async () => {
      await database.close();
    });

    /** A fresh account with `n` products; a case's generations are all its own. */
    async function products(n: number): Promise<{ accountId: string; productIds: string[] }> {
      const { account } = await createAccount(db, { name: `queue-${randomUUID()}`, credits: 0, imageStandardization: false });
      const productIds: string[] = [];
      for (let i = 0; i < n; i++) productIds.push(await seedProduct(db, account.id, { title: `P${i}`, state: 'queued', countries: ['it'] }));
      return { accountId: account.id, productIds };
    }

    /** A queued generation of the product, asked for `secondsAgo` seconds ago on the database's clock. */
    async function queue(accountId: string, productId: string, secondsAgo: number, extra: { notBeforeInSeconds?: number } = {}): Promise<string> {
      // The product's latest, as a create or regeneration makes it.
      const [row] = await db.query<{ id: string }>(
        `WITH queued AS (
           INSERT INTO generations (product_id, account_id, kind, agent_model, cost, state, created_at, not_before)
           VALUES ($1, $2, 'create', 'v1', 5, 'queued', now() - make_interval(secs => $3), CASE WHEN $4::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => $4::float8) END)
           RETURNING id, product_id
         ), linked AS (UPDATE products SET latest_generation_id = queued.id FROM queued WHERE products.id = queued.product_id RETURNING products.id)
         SELECT id FROM queued`,
        [productId, accountId, secondsAgo, extra.notBeforeInSeconds ?? null],
      );
      assert.ok(row !== undefined);
      return row.id;
    }

    /** What one fetch hands out of this case's generations (the fetch is limited to `of`, which names them all). */
    async function fetchOf(of: readonly string[], limit: number, leaseSeconds = 30) {
      const token = randomUUID();
      const claimed = await claimDueGenerations(db, limit, { token, leaseSeconds });
      const foreign = claimed.filter((g) => !of.includes(g.id));
      assert.deepEqual(foreign, [], 'a fetch handed out another case’s generation');
      return { token, ids: claimed.map((g) => g.id), rows: claimed };
    }

    /** Settles the case's generations that are still unsettled, so later cases' fetches never meet them. */
    async function settleAll(ids: readonly string[]): Promise<void> {
      await db.query(`UPDATE generations SET state = 'completed', finished_at = now(), claimed_until = NULL WHERE id = ANY($1::uuid[])`, [ids]);
    }

    test('hands out the oldest due generations first, up to the limit, each claimed under the fetch token', async () => {
      const { accountId, productIds } = await products(3);
      const [p0, p1, p2] = productIds as [string, string, string];
      const newest = await queue(accountId, p0, 1);
      const oldest = await queue(accountId, p1, 30);
      const middle = await queue(accountId, p2, 20);
      const all = [newest, oldest, middle];
      try {
        const first = await fetchOf(all, 2);
        assert.deepEqual(first.ids, [oldest, middle]);
        for (const row of first.rows) {
          assert.deepEqual([row.state, row.attempts, row.claim_token], ['processing', 1, first.token]);
          assert.ok(row.claimed_until !== null && row.started_at !== null);
        }
        const states = await db.query<{ state: string }>('SELECT state FROM products WHERE id = ANY($1::uuid[]) ORDER BY state', [[p1, p2]]);
        assert.deepEqual(
          states.map((s) => s.state),
          ['processing', 'processing'],
        );
        assert.deepEqual((await fetchOf(all, 5)).ids, [newest]);
        assert.deepEqual((await fetchOf(all, 5)).ids, []);
      } finally {
        await settleAll(all);
      }
    });

    test("a product's generations are handed out one at a time, in the order they were asked for", async () => {
      const { accountId, productIds } = await products(2);
      const [p0, p1] = productIds as [string, string];
      const create = await queue(accountId, p0, 30);
      const regeneration = await queue(accountId, p0, 20);
      const other = await queue(accountId, p1, 10);
      const all = [create, regeneration, other];
      try {
        const first = await fetchOf(all, 5);
        // The regeneration waits while its create runs; the other product's generation does not.
        assert.deepEqual(first.ids, [create, other]);
        assert.deepEqual((await fetchOf(all, 5)).ids, []);
        assert.equal(await completeUnder(db, create, { token: first.token }, null), true);
        assert.deepEqual((await fetchOf(all, 5)).ids, [regeneration]);
      } finally {
        await settleAll(all);
      }
    });

    test('a generation committed older than one already running (its create waited on the product) waits for the running one', async () => {
      const { accountId, productIds } = await products(1);
      const [p0] = productIds as [string];
      const running = await queue(accountId, p0, 10);
      const all = [running];
      try {
        const first = await fetchOf(all, 5);
        assert.deepEqual(first.ids, [running]);
        // Its transaction began before the running one's, so its created_at is the older.
        const late = await queue(accountId, p0, 30);
        all.push(late);
        assert.deepEqual((await fetchOf(all, 5)).ids, []);
        // Were it claimed anyway (by a fetch from before the running one's claim), its run would see
        // the running one before it; and the running one, checked before it starts, sees the older one.
        const ahead = await generationsAhead(db, [late, running]);
        assert.equal(ahead.get(late)?.id, running);
        assert.equal(ahead.get(running)?.id, late);
        assert.equal(await completeUnder(db, running, { token: first.token }, null), true);
        assert.deepEqual((await fetchOf(all, 5)).ids, [late]);
      } finally {
        await settleAll(all);
      }
    });

    test("two runs of one product's generations (two fetches at once, the older committed late) each see the other before them, so neither runs beside the other", async () => {
      const { accountId, productIds } = await products(1);
      const [p0] = productIds as [string];
      const younger = await queue(accountId, p0, 10);
      const all = [younger];
      try {
        assert.deepEqual((await fetchOf(all, 5)).ids, [younger]);
        const older = await queue(accountId, p0, 30);
        all.push(older);
        // What a second fetch, from a snapshot before the first one's claim committed, claims.
        await db.query(`UPDATE generations SET state = 'processing', attempts = 1, claim_token = $2, claimed_until = now() + interval '30 seconds' WHERE id = $1`, [
          older,
          randomUUID(),
        ]);
        const ahead = await generationsAhead(db, [younger, older]);
        assert.equal(ahead.get(younger)?.id, older, 'the younger run went ahead beside the older one');
        assert.equal(ahead.get(older)?.id, younger, 'the older run went ahead beside the younger one');
        // The younger's check waits for the older one whatever it reads of that claim: here, not yet committed.
        await db.query(`UPDATE generations SET state = 'queued', claim_token = NULL, claimed_until = NULL WHERE id = $1`, [older]);
        assert.equal((await generationsAhead(db, [younger])).get(younger)?.id, older);
      } finally {
        await settleAll(all);
      }
    });

    test('a deferred generation is handed out only once its time has come, and keeps its place before younger ones of its product', async () => {
      const { accountId, productIds } = await products(1);
      const [p0] = productIds as [string];
      const deferred = await queue(accountId, p0, 30, { notBeforeInSeconds: 3600 });
      const younger = await queue(accountId, p0, 10);
      const all = [deferred, younger];
      try {
        assert.deepEqual((await fetchOf(all, 5)).ids, []);
        await db.query('UPDATE generations SET not_before = now() WHERE id = $1', [deferred]);
        assert.deepEqual((await fetchOf(all, 5)).ids, [deferred]);
      } finally {
        await settleAll(all);
      }
    });

    test("a claim whose lease lapsed (its worker died) is handed out again under a new token, and the old run's writes are fenced out", async () => {
      const { accountId, productIds } = await products(1);
      const [p0] = productIds as [string];
      const id = await queue(accountId, p0, 10);
      try {
        const dead = await fetchOf([id], 5);
        assert.deepEqual(dead.ids, [id]);
        // A live lease keeps it out of every fetch.
        assert.deepEqual((await fetchOf([id], 5)).ids, []);
        await db.query(`UPDATE generations SET claimed_until = now() - interval '1 second' WHERE id = $1`, [id]);
        const next = await fetchOf([id], 5);
        assert.deepEqual(
          next.rows.map((r) => [r.id, r.attempts, r.claim_token]),
          [[id, 2, next.token]],
        );
        assert.equal(await completeUnder(db, id, { token: dead.token }, null), false);
        assert.equal(await completeUnder(db, id, { token: next.token }, null), true);
        assert.deepEqual((await fetchOf([id], 5)).ids, [], 'a settled generation is never handed out');
      } finally {
        await settleAll([id]);
      }
    });

    test("a failed attempt's generation waits out its retry delay: no fetch takes it until then", async () => {
      const { accountId, productIds } = await products(1);
      const [p0] = productIds as [string];
      const id = await queue(accountId, p0, 10);
      try {
        const failed = await fetchOf([id], 5);
        await releaseClaim(db, id, { token: failed.token }, 600);
        assert.deepEqual((await fetchOf([id], 5)).ids, []);
        const [wait] = await db.query<{ seconds: number }>('SELECT extract(epoch FROM not_before - now())::float8 AS seconds FROM generations WHERE id = $1', [id]);
        assert.ok(wait !== undefined && wait.seconds > 590 && wait.seconds <= 600, `due again in ${wait?.seconds} s`);
        await db.query('UPDATE generations SET not_before = now() WHERE id = $1', [id]);
        assert.deepEqual(
          (await fetchOf([id], 5)).rows.map((r) => [r.id, r.attempts]),
          [[id, 2]],
        );
      } finally {
        await settleAll([id]);
      }
    });

    test('fetches at the same time never hand out one generation twice', async () => {
      const { accountId, productIds } = await products(20);
      const all: string[] = [];
      for (const [i, productId] of productIds.entries()) all.push(await queue(accountId, productId, 100 - i));
      try {
        const fetches = await Promise.all(Array.from({ length: 6 }, () => fetchOf(all, 4)));
        const handedOut = fetches.flatMap((f) => f.ids);
        assert.equal(new Set(handedOut).size, handedOut.length, 'a generation was handed out twice');
        // Whatever the first fetches skipped as locked is still there for the next.
        const rest = await fetchOf(all, 20);
        assert.deepEqual([...handedOut, ...rest.ids].sort(), [...all].sort());
      } finally {
        await settleAll(all);
      }
    });
  });
}
