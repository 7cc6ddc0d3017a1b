// pg-boss's own insert statement (not part of its documented API, but shipped with its types):
// reusing it keeps every column a job row gets (retry, expiry, dead letter, policy, retention from
// the queue's settings) exactly what pg-boss writes, which a hand-written INSERT would have to copy
// and keep in step. test/integration/generation-jobs-sql.test.ts holds the two to the same rows.
import { insertJobs } from 'pg-boss/dist/plans.js';
import { JOBS } from './registry.ts';

/** The one parameter of pg-boss's insert: the jobs as a JSON array of records. */
const JOBS_PARAMETER = '$1::text::json';

/**
 * The SQL of an INSERT, for a WITH clause, that queues one generation job per row of `source` (a
 * relation of the same statement with columns `generation_id` and `product_id`) and returns one
 * row per job queued. The jobs go in with the rows that name them, so a create sends no statement
 * of its own for its jobs. Throws when pg-boss's statement no longer has the shape this relies on.
 */
export function generationJobsSql(schema: string, table: string, source: string): string {
  const insert = insertJobs(schema, { table, name: JOBS.generation.name, returnId: true, notify: false });
  const parts = insert.split(JOBS_PARAMETER);
  if (parts.length !== 2) throw new Error(`pg-boss's insert statement no longer reads its jobs from ${JOBS_PARAMETER}; the create path cannot queue jobs in its own statement`);
  // The same records pg-boss's insert() gets from JOBS.generation.payload: the product is the key, one job of it at a time.
  const records = `(SELECT coalesce(json_agg(json_build_object(
      'data', json_build_object('generationId', s.generation_id, 'productId', s.product_id),
      'singletonKey', s.product_id::text)), '[]'::json)
    FROM ${source} s)`;
  const sql = parts.join(records);
  if (/\$\d/.test(sql)) throw new Error("pg-boss's insert statement has a parameter besides its jobs; the create path cannot queue jobs in its own statement");
  return sql;
}
