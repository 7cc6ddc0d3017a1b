import assert from 'node:assert/strict';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import pino from 'pino';
import { createContainer } from '../../src/container.ts';
import { findCatalogueItem } from '../../src/db/catalogue.ts';
import { startCatalogueImport } from '../../src/db/catalogue-imports.ts';
import { catalogueImportResponseSchema } from '../../src/http/routes/catalogue-imports.ts';
import { importCatalogueInput } from '../../src/sources/catalogue/import-catalogue.ts';
import type { InputRow } from '../../src/sources/catalogue/input-row.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { answerOf } from '../helpers/http-answer.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

type ImportView = ReturnType<typeof catalogueImportResponseSchema.parse>['data'];

/** The account quota these tests run with (CATALOGUE_MAX_ROWS_PER_ACCOUNT). */
const QUOTA = 6;

/** A valid EAN-13 from its first twelve digits. */
function ean(n: number): string {
  const body = `200${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

for (const target of databaseTargets()) {
  describe(`catalogue limits: rows, imports at once, the account quota, imports that end [${target.name}]`, () => {
    let h: Harness;
    let base: string;
    before(async () => {
      h = await startHarness(target, { env: { CATALOGUE_MAX_ROWS_PER_ACCOUNT: String(QUOTA) }, workers: false });
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    });
    after(async () => {
      await h.close();
    });

    function upload(token: string, body: string, contentType = 'text/csv') {
      return h.app.inject({ method: 'POST', url: '/api/v1/catalogue/imports', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body });
    }

    async function imported(token: string, body: string, contentType = 'text/csv'): Promise<ImportView> {
      const res = await upload(token, body, contentType);
      assert.equal(res.statusCode, 202, res.body.slice(0, 500));
      return catalogueImportResponseSchema.parse(res.json()).data;
    }

    async function view(token: string, id: string): Promise<ImportView> {
      const res = await h.get(`/api/v1/catalogue/imports/${id}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return catalogueImportResponseSchema.parse(res.json()).data;
    }

    async function codesOf(accountId: string): Promise<string[]> {
      const rows = await h.container.db.query<{ code: string }>('SELECT code FROM catalogue_items WHERE account_id = $1 ORDER BY code', [accountId]);
      return rows.map((r) => r.code);
    }

    test('JSON Lines: 2,001 columns, a 65 KiB cell, a row over 1 MiB, a lone surrogate: each over-limit row rejected naming its limit, every other row imported', async () => {
      const a = await h.account();
      const wide: Record<string, string> = { ean: ean(2) };
      for (let i = 1; i <= 2000; i++) wide[`c${i}`] = 'x';
      // Under 1 MiB of characters (the line cap), over 1 MiB of UTF-8, no cell over 64 KiB.
      const heavy: Record<string, string> = { ean: ean(6) };
      for (let i = 1; i <= 17; i++) heavy[`note${i}`] = '€'.repeat(21_000);
      const lines = [
        { ean: ean(1), title: 'One' },
        wide,
        { ean: ean(3), title: 'Three' },
        { ean: ean(4), title: 'y'.repeat(65 * 1024) },
        { ean: ean(5), title: 'Five' },
        heavy,
      ].map((o) => JSON.stringify(o));
      // An escaped lone surrogate: PostgreSQL's jsonb refuses it, so it is read as U+FFFD.
      lines.push(`{"ean": "${ean(7)}", "title": "Seven \\ud800"}`);
      const done = await imported(a.token, `${lines.join('\n')}\n`, 'application/x-ndjson');
      assert.equal(done.state, 'completed');
      assert.deepEqual(
        done.rejections.map((r) => [r.line, r.reason]),
        [
          [2, 'row has 2001 columns; at most 2000 are read (CATALOGUE_MAX_COLUMNS)'],
          [4, `cell "title" holds ${65 * 1024} bytes; at most 65536 are read (CATALOGUE_MAX_CELL_BYTES)`],
          [6, `row holds ${Buffer.byteLength(lines[5] ?? '')} bytes; at most 1048576 are read (CATALOGUE_MAX_ROW_BYTES)`],
        ],
      );
      assert.deepEqual([done.rows_read, done.rows_imported, done.rows_rejected], [7, 4, 3]);
      assert.deepEqual(await codesOf(a.id), [ean(1), ean(3), ean(5), ean(7)]);
      const seven = defined(await findCatalogueItem(h.container.db, 'catalogue', ean(7), a.id), 'the row with a lone surrogate');
      assert.ok(seven.facts.some((f) => f.key === 'name' && f.value === 'Seven \uFFFD'));
    });

    test('CSV: a 65 KiB cell and a row over 1 MiB of quoted multi-line cells are rejected rows; a header of 2,001 columns fails the import at once, nothing imported', async () => {
      const a = await h.account();
      const columns = Array.from({ length: 20 }, (_, i) => `c${i + 1}`);
      const cells = (fill: (i: number) => string) => columns.map((_, i) => fill(i)).join(',');
      // Twenty cells of 60,000 bytes over two lines each: no line, no cell over its limit; the row is.
      const heavy = cells(() => `"${'h'.repeat(30_000)}\n${'h'.repeat(29_999)}"`);
      const rows = [
        `ean,${columns.join(',')}`,
        `${ean(11)},${cells((i) => `v${i}`)}`, // 2
        `${ean(12)},${cells((i) => (i === 3 ? 'z'.repeat(65 * 1024) : 'v'))}`, // 3
        `${ean(13)},${cells(() => 'v')}`, // 4
        `${ean(14)},${heavy}`, // 5–6
        `${ean(15)},${cells(() => 'v')}`, // 7
      ];
      const done = await imported(a.token, `${rows.join('\n')}\n`);
      assert.deepEqual(
        done.rejections.map((r) => [r.line, r.reason]),
        [
          [3, `cell "c4" holds ${65 * 1024} bytes; at most 65536 are read (CATALOGUE_MAX_CELL_BYTES)`],
          [5, `row holds ${20 * 60_000 + 13} bytes; at most 1048576 are read (CATALOGUE_MAX_ROW_BYTES)`],
        ],
      );
      assert.deepEqual(await codesOf(a.id), [ean(11), ean(13), ean(15)]);

      const b = await h.account();
      const header = ['ean', ...Array.from({ length: 2000 }, (_, i) => `col${i + 1}`)];
      const refused = await upload(b.token, `${header.join(',')}\n${ean(16)},${'v,'.repeat(1999)}v\n`);
      assert.equal(refused.statusCode, 422, refused.body.slice(0, 500));
      const body = refused.json<{ code: string; message: string; import_id: string }>();
      assert.equal(body.code, 'validation_failed');
      assert.equal(
        body.message,
        'The catalogue cannot be imported: the header on line 1 has more than 2000 columns; at most 2000 are read (CATALOGUE_MAX_COLUMNS). The import was marked failed; no row was imported.',
      );
      const record = await view(b.token, body.import_id);
      assert.equal(record.state, 'failed');
      assert.match(record.failure ?? '', /header on line 1 has more than 2000 columns/);
      assert.deepEqual(await codesOf(b.id), []);
    });

    test('CSV: a row of 100,000 columns is one rejected row and the import goes on; a header of 100,000 columns is 422, nothing imported', async () => {
      const a = await h.account();
      const done = await imported(a.token, `ean,title\n${ean(61)},Before\n${ean(62)},${'x,'.repeat(99_998)}x\n${ean(63)},After\n`);
      assert.equal(done.state, 'completed');
      assert.deepEqual(
        done.rejections.map((r) => [r.line, r.reason]),
        [[3, 'has 100000 fields but the header has 2']],
      );
      assert.deepEqual(await codesOf(a.id), [ean(61), ean(63)]);

      const b = await h.account();
      const header = ['ean', ...Array.from({ length: 99_999 }, (_, i) => `c${i}`)].join(',');
      const refused = await upload(b.token, `${header}\n${ean(64)},${'v,'.repeat(99_998)}v\n`);
      assert.equal(refused.statusCode, 422, refused.body.slice(0, 500));
      const body = refused.json<{ message: string; import_id: string }>();
      assert.match(
        body.message,
        /the header on line 1 has more than 2000 columns; at most 2000 are read \(CATALOGUE_MAX_COLUMNS\)\. The import was marked failed; no row was imported\./,
      );
      assert.equal((await view(b.token, body.import_id)).state, 'failed');
      assert.deepEqual(await codesOf(b.id), []);
    });

    test('CSV: a header line over 1 MiB is 422 at once, never a rejected row with the next row read as the header', async () => {
      // 120,000 column names, 1.2 MB: the header is judged at its 2,001st column, not after its line ends.
      const a = await h.account();
      const wide = ['ean', ...Array.from({ length: 119_999 }, (_, i) => `col_${i + 1}`)].join(',');
      const refusedWide = await upload(a.token, `${wide}\n${ean(65)},Tazza\n`);
      assert.equal(refusedWide.statusCode, 422, refusedWide.body.slice(0, 500));
      assert.match(refusedWide.json<{ message: string }>().message, /the header on line 1 has more than 2000 columns/);

      // Three columns, one name of 1.1 MB: over CATALOGUE_MAX_ROW_BYTES.
      const long = `ean,title,${'d'.repeat(1_100_000)}`;
      const refusedLong = await upload(a.token, `${long}\n${ean(66)},Tazza,x\n${ean(67)},Piatto,y\n`);
      assert.equal(refusedLong.statusCode, 422, refusedLong.body.slice(0, 500));
      const body = refusedLong.json<{ message: string; import_id: string }>();
      assert.match(body.message, /header on line 1/);
      assert.match(body.message, /CATALOGUE_MAX_(ROW|CELL)_BYTES/);
      assert.equal((await view(a.token, body.import_id)).state, 'failed');
      assert.deepEqual(await codesOf(a.id), []);
    });

    test('a third import of one account while two run: 429 with Retry-After, nothing read or recorded; another account and a later upload go through', async () => {
      const a = await h.account();
      const b = await h.account();
      const held: { req: ClientRequest; answer: Promise<{ status: number; body: string }> }[] = [];
      for (const n of [21, 22]) {
        const req = httpRequest(`${base}/api/v1/catalogue/imports`, { method: 'POST', headers: { authorization: `Bearer ${a.token}`, 'content-type': 'text/csv' } });
        const answer = answerOf(req);
        req.write(`ean,title\n${ean(n)},Held ${n}\n`);
        held.push({ req, answer });
      }
      // Both imports are recorded as running once their routes have run; their bodies stay open.
      const deadline = Date.now() + 60_000;
      const running = async () =>
        (await h.container.db.query<{ id: string }>(`SELECT id FROM catalogue_imports WHERE account_id = $1 AND state = 'running'`, [a.id])).map((r) => r.id);
      while ((await running()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const ids = await running();
      assert.equal(ids.length, 2);

      const third = await upload(a.token, `ean,title\n${ean(23)},Third\n`);
      assert.equal(third.statusCode, 429, third.body);
      assert.equal(third.headers['retry-after'], '30');
      const refusal = third.json<{ status: string; code: string; message: string; retry_after_seconds: number; running_imports: string[] }>();
      assert.equal(refusal.status, 'error');
      assert.equal(refusal.code, 'rate_limited');
      assert.match(refusal.message, /already has 2 catalogue imports running.*CATALOGUE_IMPORTS_AT_ONCE=2.*Nothing was read or imported/);
      assert.equal(refusal.retry_after_seconds, 30);
      assert.deepEqual([...refusal.running_imports].sort(), [...ids].sort());
      const recorded = await h.container.db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalogue_imports WHERE account_id = $1', [a.id]);
      assert.equal(recorded[0]?.n, 2, 'the refused upload left no import behind');

      // Another account is not held up by this one's imports.
      assert.equal((await imported(b.token, `ean,title\n${ean(24)},Other\n`)).rows_imported, 1);

      for (const { req } of held) req.end();
      for (const { answer } of held) assert.equal((await answer).status, 202);
      assert.equal((await imported(a.token, `ean,title\n${ean(23)},Third again\n`)).rows_imported, 1);
      assert.deepEqual(await codesOf(a.id), [ean(21), ean(22), ean(23)]);
    });

    test('the account quota: rows with new codes past it are rejected naming it, rows replacing products already there still import', async () => {
      const a = await h.account();
      const first = await imported(a.token, `ean,title\n${[1, 2, 3, 4].map((n) => `${ean(30 + n)},P${n}`).join('\n')}\n`);
      assert.equal(first.rows_imported, 4);
      // Two replacements, then four new codes: two fit in the quota of six.
      const second = await imported(a.token, `ean,title\n${[1, 2, 5, 6, 7, 8].map((n) => `${ean(30 + n)},Q${n}`).join('\n')}\n`);
      assert.equal(second.state, 'completed');
      assert.deepEqual([second.rows_imported, second.rows_rejected], [4, 2]);
      assert.deepEqual(
        second.rejections.map((r) => r.line),
        [6, 7],
      );
      assert.match(second.rejections[0]?.reason ?? '', /holds its quota of 6 products \(CATALOGUE_MAX_ROWS_PER_ACCOUNT\)/);
      assert.deepEqual(
        await codesOf(a.id),
        [1, 2, 3, 4, 5, 6].map((n) => ean(30 + n)),
      );
      const replaced = defined(await findCatalogueItem(h.container.db, 'catalogue', ean(31), a.id), 'a replaced row');
      assert.ok(replaced.facts.some((f) => f.key === 'name' && f.value === 'Q1'));
      // Full: replacing still works, a new code does not.
      const third = await imported(a.token, `ean,title\n${ean(33)},R3\n${ean(39)},R9\n`);
      assert.deepEqual([third.rows_imported, third.rows_rejected], [1, 1]);
    });

    test('a running import no process marks alive is failed when a process starts, saying which rows stay; a live one is left running and an orphan never holds a place', async () => {
      const a = await h.account();
      const db = h.container.db;
      const orphan = await startCatalogueImport(db, { source: 'catalogue', accountId: a.id, fileName: 'upload.csv', format: 'csv' });
      const silent = await startCatalogueImport(db, { source: 'catalogue', accountId: a.id, fileName: 'upload.csv', format: 'csv' });
      const live = await startCatalogueImport(db, { source: 'catalogue', accountId: a.id, fileName: 'upload.csv', format: 'csv' });
      await db.query(`UPDATE catalogue_imports SET heartbeat_at = now() - interval '10 minutes', rows_read = 500, rows_imported = 500, last_line = 501 WHERE id = $1`, [orphan]);
      await db.query(`UPDATE catalogue_imports SET heartbeat_at = now() - interval '7 minutes' WHERE id = $1`, [silent]);

      // Two imports listed as running, one of them silent for minutes: a new upload is not refused.
      assert.equal((await imported(a.token, `ean,title\n${ean(41)},Fresh\n`)).rows_imported, 1);

      // A process starting on this database (a restart, or another API process).
      const restarted = await createContainer(h.config, { logger: pino({ level: 'silent' }), database: h.database });
      await restarted.close({ graceful: false });

      const failed = await view(a.token, orphan);
      assert.equal(failed.state, 'failed');
      assert.equal(
        failed.failure,
        'the server stopped while importing (no sign of the import for over 5 minutes); the rows before line 502 stay imported. Send the file again to import the rest.',
      );
      assert.equal(failed.rows_imported, 500);
      assert.ok(failed.finished_at !== null);
      assert.deepEqual(failed.rejections.at(-1), { line: null, reason: failed.failure });
      assert.match((await view(a.token, silent)).failure ?? '', /no row was imported/);
      assert.equal((await view(a.token, live)).state, 'running');
    });

    test('an import whose reader throws mid-file ends failed with a reason its merchant can read; the rows before it stay', async () => {
      const a = await h.account();
      async function* rows(): AsyncGenerator<InputRow> {
        yield { line: 2, ok: true, fields: { ean: ean(51), title: 'Before' } };
        yield { line: 3, ok: true, fields: { ean: ean(52), title: 'Before too' } };
        throw new Error('ECONNRESET on the internal socket 10.0.0.7');
      }
      const importId = await startCatalogueImport(h.container.db, { source: 'catalogue', accountId: a.id, fileName: 'upload.csv', format: 'csv' });
      const input = { fileName: 'upload.csv', format: 'csv' as const, encoding: 'utf-8', delimiter: ',', bytesTotal: null, bytesRead: () => 100, rows };
      await assert.rejects(importCatalogueInput(h.container.db, input, { accountId: a.id, importId }), /ECONNRESET/);
      const record = await view(a.token, importId);
      assert.equal(record.state, 'failed');
      assert.equal(
        record.failure,
        "import stopped: an error on the server's side ended it after line 3; the rows committed before it stay imported. Send the file again to import the rest",
      );
      assert.doesNotMatch(JSON.stringify(record), /10\.0\.0\.7/, 'the internal detail stays in the server log');
      assert.deepEqual(await codesOf(a.id), [ean(51), ean(52)]);
    });
  });
}
