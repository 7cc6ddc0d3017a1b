import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../src/db/database.ts';
import { openPGlite } from '../../src/db/pglite-database.ts';

// The PGlite thread runs every statement as a named prepared statement (src/db/pglite-statements.ts).
// What callers get must be what PGlite's own query() gave them: the same rows, parsed to the same
// types, and errors with the same PostgreSQL fields. A plain PGlite in this thread is the reference.
const SCHEMA = `
  CREATE TABLE kinds (
    id int PRIMARY KEY, big bigint, num numeric(10, 2), real_ double precision, flag boolean, label text,
    at timestamptz, day date, doc jsonb, raw bytea, tags text[], counts int[], uid uuid
  );
  CREATE UNIQUE INDEX kinds_label ON kinds (label);
`;
const INSERT =
  'INSERT INTO kinds (id, big, num, real_, flag, label, at, day, doc, raw, tags, counts, uid) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *';
const ROWS: unknown[][] = [
  [
    1,
    9007199254740993n,
    '12.50',
    0.25,
    true,
    'one',
    new Date('2026-11-28T10:00:00.123Z'),
    '2026-11-28',
    { a: [1, 'x'], b: null },
    new Uint8Array([0, 1, 255]),
    ['a', 'b,c', 'd"e'],
    [1, 2, 3],
    '0b3f2f50-0000-4000-8000-000000000001',
  ],
  [2, null, null, null, null, 'two', null, null, null, null, [], null, null],
];
const READS: [string, unknown[]][] = [
  ['SELECT * FROM kinds ORDER BY id', []],
  ['SELECT id, label FROM kinds WHERE id = ANY($1::int[]) ORDER BY id', [[1, 2]]],
  ['SELECT count(*) AS n, sum(num) AS total, max(at) AS latest FROM kinds', []],
  ['SELECT $1::text AS t, $2::int AS i, $3::jsonb AS j', ['x', 7, { k: 'v' }]],
  ['UPDATE kinds SET label = label WHERE id = $1 RETURNING id, label', [2]],
  ['DELETE FROM kinds WHERE id = 0', []],
];

/** The enumerable fields of an error, as callers see them (the stack and message's wording aside). */
function fieldsOf(err: unknown): Record<string, unknown> {
  assert.ok(err instanceof Error);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) if (key !== 'params' && key !== 'queryOptions' && value !== undefined) fields[key] = value;
  return { ...fields, message: err.message };
}

async function failure(work: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await work();
  } catch (err) {
    return fieldsOf(err);
  }
  assert.fail('expected an error');
}

describe('statements as prepared statements give what PGlite gave [pglite]', () => {
  let db: Database;
  let reference: PGlite;

  before(async () => {
    db = await openPGlite(undefined);
    reference = await PGlite.create();
    await db.transaction((tx) => tx.exec(SCHEMA));
    await reference.exec(SCHEMA);
  });

  after(async () => {
    await db.close();
    await reference.close();
  });

  test('the same rows, parsed to the same types, on their own and in a transaction, run after run', async () => {
    for (const row of ROWS) assert.deepEqual(await db.query(INSERT, row), (await reference.query(INSERT, row)).rows);
    // Three times each: the first prepares, the others run what was prepared.
    for (let run = 0; run < 3; run++) {
      for (const [text, params] of READS) {
        const expected = (await reference.query(text, params)).rows;
        assert.deepEqual(await db.query(text, params), expected, text);
        assert.deepEqual(await db.transaction((tx) => tx.query(text, params)), expected, text);
      }
    }
    const [first] = await db.query<{ big: unknown; at: unknown; raw: unknown; doc: unknown; tags: unknown }>('SELECT big, at, raw, doc, tags FROM kinds WHERE id = 1');
    assert.equal(typeof first?.big, 'bigint');
    assert.ok(first?.at instanceof Date);
    assert.ok(first?.raw instanceof Uint8Array);
    assert.deepEqual(first?.doc, { a: [1, 'x'], b: null });
    assert.deepEqual(first?.tags, ['a', 'b,c', 'd"e']);
  });

  test('errors carry the same PostgreSQL fields (SQLSTATE, constraint, detail, position…)', async () => {
    const cases: [string, unknown[]][] = [
      [INSERT, ROWS[0] ?? []],
      ['INSERT INTO kinds (id, label) VALUES ($1, $2)', [99, 'one']],
      ['SELEC 1', []],
      ['SELECT nope FROM kinds', []],
      ['SELECT $1::int AS i', ['not a number']],
      ['INSERT INTO kinds (id) VALUES ($1)', [null]],
    ];
    for (const [text, params] of cases) {
      const expected = await failure(() => reference.query(text, params));
      assert.deepEqual(await failure(() => db.query(text, params)), expected, text);
      // Again, once the statement may be prepared, and in a transaction, which the error aborts.
      assert.deepEqual(await failure(() => db.query(text, params)), expected, text);
      assert.deepEqual(await failure(() => db.transaction((tx) => tx.query(text, params))), expected, text);
    }
    assert.equal((await failure(() => db.query(INSERT, ROWS[0] ?? []))).constraint, 'kinds_pkey');
  });

  test('a transaction rolled back keeps nothing, and the statements it prepared still serve', async () => {
    const insert = 'INSERT INTO kinds (id, label) VALUES ($1, $2)';
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query(insert, [10, 'ten']);
        await tx.query(insert, [11, 'one']);
      }),
      { code: '23505' },
    );
    assert.deepEqual(await db.query('SELECT id FROM kinds WHERE id IN (10, 11)'), []);
    await db.query(insert, [10, 'ten']);
    assert.deepEqual(await db.query('SELECT label FROM kinds WHERE id = $1', [10]), [{ label: 'ten' }]);
    await db.query('DELETE FROM kinds WHERE id = $1', [10]);
  });
});

describe('a prepared statement follows the schema [pglite]', () => {
  let db: Database;

  before(async () => {
    db = await openPGlite(undefined);
  });

  after(async () => {
    await db.close();
  });

  test('a table changed by a statement: the same text answers with the new columns', async () => {
    await db.query('CREATE TABLE shapes (id int PRIMARY KEY)');
    await db.query('INSERT INTO shapes VALUES (1)');
    const read = 'SELECT * FROM shapes ORDER BY id';
    assert.deepEqual(await db.query(read), [{ id: 1 }]);
    await db.query("ALTER TABLE shapes ADD COLUMN name text NOT NULL DEFAULT 'a'");
    assert.deepEqual(await db.query(read), [{ id: 1, name: 'a' }]);
    assert.deepEqual(await db.transaction((tx) => tx.query(read)), [{ id: 1, name: 'a' }]);
  });

  test('a table changed by a script (a migration): the same text answers with the new columns, in a transaction too', async () => {
    await db.query('CREATE TABLE migrated (id int PRIMARY KEY)');
    await db.query('INSERT INTO migrated VALUES (1)');
    const read = 'SELECT * FROM migrated ORDER BY id';
    assert.deepEqual(await db.transaction((tx) => tx.query(read)), [{ id: 1 }]);
    await db.transaction((tx) => tx.exec('ALTER TABLE migrated ADD COLUMN size int NOT NULL DEFAULT 3; ALTER TABLE migrated DROP COLUMN id;'));
    assert.deepEqual(await db.transaction((tx) => tx.query(read.replace('ORDER BY id', ''))), [{ size: 3 }]);
    assert.deepEqual(await db.query(read.replace('ORDER BY id', '')), [{ size: 3 }]);
  });

  test('a change rolled back after a statement was prepared against it: the statement is prepared again', async () => {
    await db.query('CREATE TABLE undone (id int PRIMARY KEY)');
    await db.query('INSERT INTO undone VALUES (1)');
    const read = 'SELECT * FROM undone';
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('ALTER TABLE undone ADD COLUMN extra int');
        assert.deepEqual(await tx.query(read), [{ id: 1, extra: null }]);
        throw new Error('undo');
      }),
      /undo/,
    );
    assert.deepEqual(await db.query(read), [{ id: 1 }]);
  });

  test('texts beyond the bound are closed, least recently run first, and run again when they come back', async () => {
    const count = 'SELECT count(*)::int AS n FROM pg_prepared_statements';
    for (let i = 0; i < 300; i++) assert.deepEqual(await db.query(`SELECT ${i} AS i`), [{ i }]);
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(count);
    assert.ok(n <= 256, `${n} statements prepared`);
    assert.ok(n >= 200, `${n} statements prepared`);
    assert.deepEqual(await db.query('SELECT 0 AS i'), [{ i: 0 }]);
  });

  test('a vacuum or analysis of every table takes no prepared statement from the API', async () => {
    const prepared = async () => {
      const rows = await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
      return rows.map((r) => r.name);
    };
    const tables = await db.query<{ relname: string }>(`SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'pg_catalog'::regnamespace`);
    assert.ok(tables.length > 50, `${tables.length} catalogue tables`);
    const before = await prepared();
    for (const { relname } of tables) {
      assert.deepEqual(await db.query(`VACUUM (FREEZE) pg_catalog."${relname}"`), []);
      assert.deepEqual(await db.query(`ANALYZE pg_catalog."${relname}"`), []);
    }
    assert.deepEqual(await prepared(), before, 'the same statements stay prepared');
    await assert.rejects(db.query('VACUUM no_such_table'), /no_such_table/);
  });
});
