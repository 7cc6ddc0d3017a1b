import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { openPGlite } from '../../src/db/pglite-database.ts';
import { gs1CheckDigit } from '../../src/domain/codes.ts';
import { defined } from '../helpers/assert.ts';
import { createServerDatabase } from '../helpers/databases.ts';
import { onlyJson, runCli as runCliAs, type Env } from '../helpers/run-cli.ts';

// `vetrina catalog import` and `vetrina sources aifa import`, run as an operator runs them.

const AIFA_SAMPLE = fileURLToPath(new URL('../fixtures/aifa/confezioni-sample.csv', import.meta.url));

const runCli = (args: readonly string[], env: Env) => runCliAs(args, env, 'silent');

describe('vetrina catalog import and sources aifa import on an embedded data directory', () => {
  let dir: string;
  let env: Env;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vetrina-cli-catalogue-'));
    env = { DATA_DIR: join(dir, 'data') };
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('--json prints one summary object with the import id, counts and the bad rows by line; bad rows do not fail the command', async () => {
    const feed = join(dir, 'feed.csv');
    await writeFile(feed, 'ean;nome;marca\n8001090972507;Dash Classico;Dash\n8001090972508;Codice sbagliato;X\n8001090123602;Fairy Platinum;Fairy\n');
    const summary = onlyJson(await runCli(['catalog', 'import', feed, '--language', 'it', '--json'], env));
    assert.match(String(summary.import_id), /^[0-9a-f-]{36}$/);
    assert.equal(summary.source, 'catalogue');
    assert.equal(summary.format, 'csv');
    assert.deepEqual([summary.rows_read, summary.rows_imported, summary.rows_failed], [3, 2, 1]);
    const errors = summary.errors as { line: number; reason: string }[];
    assert.equal(errors.length, 1);
    assert.equal(errors[0]?.line, 3);
    assert.match(errors[0]?.reason ?? '', /check digit/);
  });

  test('without --json a large file shows its progress by bytes on stderr and a readable summary on stdout', async () => {
    const feed = join(dir, 'large.tsv');
    const out = createWriteStream(feed);
    out.write('gtin\ttitle\tdescription\n');
    for (let n = 0; n < 20_000; n += 1) {
      const body = `201${String(n).padStart(9, '0')}`;
      if (!out.write(`${body}${gs1CheckDigit(body)}\tArticolo ${n}\tDescrizione di prova per l'articolo numero ${n}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');

    const result = await runCli(['catalog', 'import', feed], env);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /Imported 20000 of 20000 rows from large\.tsv into catalogue/);
    assert.match(result.stderr, /importing .*large\.tsv: \d{1,3}% \(\d+ rows read/);
    assert.match(result.stderr, /: 100% \(20000 rows read, 20000 imported, 0 failed\)/);
  });

  test('sources aifa import loads the AIFA list; the packs are in the data directory afterwards', async () => {
    const summary = onlyJson(await runCli(['sources', 'aifa', 'import', AIFA_SAMPLE, '--json'], env));
    assert.equal(summary.source, 'aifa');
    assert.deepEqual([summary.rows_read, summary.rows_imported, summary.rows_failed, summary.errors], [19, 19, 0, []]);

    const db = await openPGlite(defined(env.DATA_DIR, 'DATA_DIR'));
    try {
      const rows = await db.query<{ source: string; n: number }>('SELECT source, count(*)::int AS n FROM catalogue_items GROUP BY source ORDER BY source');
      assert.deepEqual(rows, [
        { source: 'aifa', n: 19 },
        { source: 'catalogue', n: 20_002 },
      ]);
    } finally {
      await db.close();
    }
  });

  test('a file that cannot be read exits 1 with the reason; a bad option exits 2 with the usage', async () => {
    const missing = await runCli(['catalog', 'import', join(dir, 'missing.csv')], env);
    assert.equal(missing.code, 1, missing.stderr);
    assert.match(missing.stderr, /cannot read .*missing\.csv/);

    const asJson = await runCli(['sources', 'aifa', 'import', join(dir, 'missing.csv'), '--json'], env);
    assert.equal(asJson.code, 1);
    assert.equal(JSON.parse(asJson.stdout.trim()).status, 'error');

    const unclosed = join(dir, 'unclosed.csv');
    await writeFile(unclosed, `ean;nome\n8001090972514;Dash Sensitive\n8001090972521;"Senza fine\n${`${'z'.repeat(1_000_000)}\n`.repeat(5)}`);
    const stopped = await runCli(['catalog', 'import', unclosed], env);
    assert.equal(stopped.code, 1, stopped.stderr);
    assert.match(stopped.stderr, /record starting on line 3 is longer than 4194304 bytes.*import was marked failed; the rows before line 3 stay imported/);

    const unknownExtension = await runCli(['catalog', 'import', join(dir, 'feed.xlsx')], env);
    assert.equal(unknownExtension.code, 1);
    assert.match(unknownExtension.stderr, /--format csv\|jsonl/);

    for (const args of [
      ['catalog', 'import', 'feed.csv', '--format', 'xml'],
      ['catalog', 'import', 'feed.csv', '--language', 'italian'],
      ['catalog', 'import'],
    ]) {
      const result = await runCli(args, env);
      assert.equal(result.code, 2, `${args.join(' ')}: exit ${result.code}`);
      assert.match(result.stderr, /Usage: vetrina/);
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  describe('vetrina sources aifa import against a PostgreSQL server (DATABASE_URL)', () => {
    let database: { url: string; drop(): Promise<void> };
    before(async () => {
      database = await createServerDatabase(serverUrl, 'vetrina_cli_catalogue');
    });
    after(async () => {
      await database.drop();
    });

    test('imports into the server database', async () => {
      const summary = onlyJson(await runCli(['sources', 'aifa', 'import', AIFA_SAMPLE, '--json'], { DATABASE_URL: database.url }));
      assert.equal(summary.rows_imported, 19);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const result = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM catalogue_items WHERE source = 'aifa'");
        assert.equal(result.rows[0]?.n, 19);
        const run = await client.query<{ rows_imported: number; finished: boolean }>(
          'SELECT rows_imported, finished_at IS NOT NULL AS finished FROM catalogue_imports WHERE id = $1',
          [summary.import_id],
        );
        assert.deepEqual(run.rows, [{ rows_imported: 19, finished: true }]);
      } finally {
        await client.end();
      }
    });
  });
}
