import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { queuePaidGenerations } from '../../src/services/queue-paid-generations.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { defined } from '../helpers/assert.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { untilWaitingOnLock } from '../helpers/lock-waits.ts';

// A balance is a PostgreSQL integer. Grants near its ceiling must leave room for the refunds of the
// account's unfinished work, or a refund could not be written and its generation never settle.

const MAX_CREDITS = 2_147_483_647;

for (const target of databaseTargets()) {
  describe(`credits near the balance's ceiling [${target.name}]`, () => {
    let h: Harness;
    let admin: string;
    before(async () => {
      h = await startHarness(target, { workers: false });
      admin = (await issueToken(h.container.db, null, { admin: true })).token;
    });
    after(async () => {
      await h.close();
    });

    function grant(name: string, amount: number): Promise<LightMyRequestResponse> {
      return h.app.inject({
        method: 'POST',
        url: `/api/v1/admin/accounts/${name}/credits`,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ amount }),
      });
    }

    test('a grant that would leave no room for refunds of queued work is refused; the refund of a deleted product then still lands', async () => {
      const account = await h.account(10);
      const codes = validEans(2, 931);
      const created = await h.post('/api/v1/products/create', account.token, { codes: codes.join(','), countries: ['it'] });
      assert.equal(created.statusCode, 202, created.body);
      const { credits: afterCharge } = await h.balance(account.id);
      const held = 10 - afterCharge;
      assert.ok(held > 0);

      const tooMuch = await grant(account.name, MAX_CREDITS - afterCharge - held + 1);
      assert.equal(tooMuch.statusCode, 422, tooMuch.body);
      assert.equal(tooMuch.json().code, 'validation_failed');
      assert.match(tooMuch.json().message, new RegExp(`has ${afterCharge} credits and ${held} more held by unfinished work.*nothing was changed`));
      assert.deepEqual(await h.balance(account.id), { credits: afterCharge, ledger: afterCharge });

      const upToCeiling = await grant(account.name, MAX_CREDITS - afterCharge - held);
      assert.equal(upToCeiling.statusCode, 200, upToCeiling.body);
      assert.equal(upToCeiling.json().data.credits, MAX_CREDITS - held);

      // Deleting the queued products refunds them: the balance reaches the ceiling exactly.
      for (const code of codes) {
        const deleted = await h.app.inject({
          method: 'DELETE',
          url: '/api/v1/products/delete',
          headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ code }),
        });
        assert.equal(deleted.statusCode, 200, deleted.body);
      }
      assert.deepEqual(await h.balance(account.id), { credits: MAX_CREDITS, ledger: MAX_CREDITS });
      assert.equal((await grant(account.name, 1)).statusCode, 422);
    });

    // PostgreSQL only: on PGlite's one connection a grant cannot wait on a charge.
    if (target.name === 'postgres')
      test('a grant that waits for a charge to commit counts what that charge holds', async () => {
        const account = await h.account(100);
        const created = await h.post('/api/v1/products/create', account.token, { codes: validEans(1, 932).join(','), countries: ['it'] });
        assert.equal(created.statusCode, 202, created.body);
        const productId = defined(created.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]).id;
        const { credits: before } = await h.balance(account.id);
        const heldBefore = 100 - before;
        const url = defined(h.database.url);
        const watcher = new pg.Client({ connectionString: url });
        await watcher.connect();
        try {
          // A regeneration charged in a transaction still open: it holds the balance row.
          const commit = Promise.withResolvers<void>();
          const charged = Promise.withResolvers<void>();
          const regeneration = h.container.db.transaction(async (tx) => {
            const paid = await queuePaidGenerations(tx, {
              accountId: account.id,
              productIds: [productId],
              kind: 'regenerate',
              agentModel: 'v1',
              fields: {},
              notes: null,
              costs: [5],
              requestId: randomUUID(),
              memo: 'regenerate',
              imageStandardization: false,
            });
            assert.ok(paid.ok);
            charged.resolve();
            await commit.promise;
          });
          await charged.promise;
          // Room after the regeneration: MAX - (before - 5) - (heldBefore + 5). Five more than that.
          const granting = grant(account.name, MAX_CREDITS - before - heldBefore + 5);
          await untilWaitingOnLock(watcher, 1, '%account_balances%FOR UPDATE%');
          commit.resolve();
          await regeneration;
          const refused = await granting;
          assert.equal(refused.statusCode, 422, refused.body);
          assert.match(refused.json().message, new RegExp(`has ${before - 5} credits and ${heldBefore + 5} more held`));
          assert.deepEqual(await h.balance(account.id), { credits: before - 5, ledger: before - 5 });
        } finally {
          await watcher.end();
        }
      });

    test('two grants at once that together pass the ceiling: one lands, the other is refused with 422, never a database error', async () => {
      const account = await h.account(0);
      const half = Math.floor(MAX_CREDITS / 2) + 1;
      const answers = await Promise.all([grant(account.name, half), grant(account.name, half)]);
      assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 422], answers.map((a) => a.body).join('\n'));
      assert.deepEqual(await h.balance(account.id), { credits: half, ledger: half });
    });
  });
}
