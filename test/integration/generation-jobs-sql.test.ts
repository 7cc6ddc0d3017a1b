import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { JOBS } from '../../src/jobs/registry.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// A create writes its jobs with pg-boss's insert statement embedded in its own (jobsInsertSql).
// What a worker fetches, retries, expires and dead-letters must be the same as for a job pg-boss's
// insert() wrote: every column that is not the job's identity or its time of writing.
const COMPARED = `name, priority, data - 'generationId' - 'productId' AS data_rest, state, retry_limit, retry_count, retry_delay, retry_backoff,
  retry_delay_max, expire_seconds, deletion_seconds, singleton_on, group_id, group_tier, keep_until - start_after AS kept_for,
  start_after <= now() AS runnable, dead_letter, policy, heartbeat_seconds, blocked, blocking, pending_dependencies`;

for (const target of databaseTargets()) {
  describe(`generation jobs written in the create's statement [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h.close();
    });

    test('are the rows pg-boss writes itself, keyed by their product', async () => {
      const jobsInsertSql = h.container.queue.jobsInsertSql;
      assert.ok(jobsInsertSql !== undefined, 'the service queue writes jobs in the create statement');
      const byBoss = { generationId: randomUUID(), productId: randomUUID() };
      const inStatement = [
        { generationId: randomUUID(), productId: randomUUID() },
        { generationId: randomUUID(), productId: randomUUID() },
      ];
      await h.container.db.transaction((tx) => h.container.queue.enqueue(tx, [byBoss]));
      const written = await h.container.db.query<{ id: string }>(
        `WITH source AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS s(generation_id, product_id)), jobs AS (${jobsInsertSql('source')}) SELECT id FROM jobs`,
        [inStatement.map((j) => j.generationId), inStatement.map((j) => j.productId)],
      );
      assert.equal(written.length, 2);

      const rows = await h.container.db.query<Record<string, unknown> & { generation_id: string; product_id: string; singleton_key: string }>(
        `SELECT data->>'generationId' AS generation_id, data->>'productId' AS product_id, singleton_key, ${COMPARED}
         FROM pgboss.job WHERE name = $1 AND data->>'generationId' = ANY ($2::text[]) ORDER BY created_on, id`,
        [JOBS.generation.name, [byBoss, ...inStatement].map((j) => j.generationId)],
      );
      assert.equal(rows.length, 3);
      for (const row of rows) assert.equal(row.singleton_key, row.product_id);
      const [reference, ...ours] = rows.map(({ generation_id: _g, product_id: _p, singleton_key: _k, ...rest }) => rest);
      for (const row of ours) assert.deepEqual(row, reference);
      assert.equal(reference?.policy, 'key_strict_fifo');
      assert.equal(reference?.dead_letter, JOBS.generationDead.name);
      const byGeneration = (a: { generationId: string }, b: { generationId: string }) => a.generationId.localeCompare(b.generationId);
      assert.deepEqual(
        rows
          .map((r) => JOBS.generation.payload.parse({ generationId: r.generation_id, productId: r.product_id }))
          .filter((j) => j.generationId !== byBoss.generationId)
          .sort(byGeneration),
        [...inStatement].sort(byGeneration),
      );
      await h.container.db.query('DELETE FROM pgboss.job WHERE name = $1 AND id = ANY ($2::uuid[])', [JOBS.generation.name, written.map((w) => w.id)]);
    });

    test('a source with no rows queues nothing', async () => {
      const jobsInsertSql = h.container.queue.jobsInsertSql;
      assert.ok(jobsInsertSql !== undefined);
      const written = await h.container.db.query(
        `WITH source AS (SELECT NULL::uuid AS generation_id, NULL::uuid AS product_id WHERE false), jobs AS (${jobsInsertSql('source')}) SELECT id FROM jobs`,
      );
      assert.equal(written.length, 0);
    });
  });
}
