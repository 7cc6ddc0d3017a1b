import assert from 'node:assert/strict';
import { type ClientRequest, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { catalogueImportResponseSchema } from '../../src/http/routes/catalogue-imports.ts';
import { customCategoryTreeSchema } from '../../src/http/routes/custom-category.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { answerOf } from '../helpers/http-answer.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { runFromQueue } from '../helpers/queue-runs.ts';

// The account's own category tree: read in CommerceClarity's shape, replaced whole by an import
// of `id,path` rows (CSV or JSON Lines), products losing a category the new tree lacks, and a
// category proposed by generation for a product without one.

type ImportView = ReturnType<typeof catalogueImportResponseSchema.parse>['data'];

const TREE = '/api/v1/custom-category';
const IMPORT = '/api/v1/custom-category/import';
const IMPORTS = '/api/v1/custom-category/imports';

/** Google's "Home & Garden > Lighting > Lamps" (reference-data/google-taxonomy). */
const GOOGLE_LAMPS = '4636';

for (const target of databaseTargets()) {
  describe(`the account's category tree [${target.name}]`, () => {
    let h: Harness;
    let base: string;
    before(async () => {
      // Generations run when a test runs them, so a test sets what a classifier would have first.
      h = await startHarness(target, { workers: false });
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    });
    after(async () => {
      await h.close();
    });

    function upload(token: string, body: string, contentType = 'text/csv') {
      return h.app.inject({ method: 'POST', url: IMPORT, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body });
    }

    async function imported(token: string, body: string, contentType = 'text/csv'): Promise<ImportView> {
      const res = await upload(token, body, contentType);
      assert.equal(res.statusCode, 202, res.body);
      return catalogueImportResponseSchema.parse(res.json()).data;
    }

    async function tree(token: string): Promise<Record<string, string>> {
      const res = await h.get(TREE, token);
      assert.equal(res.statusCode, 200, res.body);
      return customCategoryTreeSchema.parse(res.json()).tree;
    }

    /** An upload whose body stays open until `end` is called: its import is running meanwhile. */
    function held(token: string, first: string): { req: ClientRequest; answer: Promise<{ status: number; body: string }> } {
      const req = httpRequest(`${base}${IMPORT}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' } });
      const answer = answerOf(req);
      req.write(first);
      return { req, answer };
    }

    async function runningImports(accountId: string, source: string, atLeast: number): Promise<string[]> {
      const deadline = Date.now() + 60_000;
      const running = async () =>
        (
          await h.container.db.query<{ id: string }>(`SELECT id FROM catalogue_imports WHERE account_id = $1 AND source = $2 AND state = 'running' ORDER BY started_at`, [
            accountId,
            source,
          ])
        ).map((r) => r.id);
      while ((await running()).length < atLeast && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return running();
    }

    async function categoryOf(productId: string): Promise<{ category_id: string | null; category_id_proposed: boolean }> {
      const rows = await h.container.db.query<{ category_id: string | null; category_id_proposed: boolean }>(
        'SELECT category_id, category_id_proposed FROM products WHERE id = $1',
        [productId],
      );
      return defined(rows[0], `product ${productId}`);
    }

    /** A product created and generated once, with what a classifier or a person gave it set before its generation runs. */
    async function generated(token: string, body: Record<string, unknown>, given: { google?: string; category?: string } = {}): Promise<string> {
      const { productId, generationId } = await h.createQueued(token, { countries: ['it'], ...body });
      // A person's Google category: the generation's classifier keeps it, so the proposal reads it.
      if (given.google !== undefined)
        await h.container.db.query(`UPDATE products SET google_category_id = $2, google_category_by = 'merchant' WHERE id = $1`, [productId, given.google]);
      if (given.category !== undefined) await h.container.db.query('UPDATE products SET category_id = $2, category_id_proposed = false WHERE id = $1', [productId, given.category]);
      assert.equal(await runFromQueue({ ...h.container, maxAttempts: 2 }, generationId), 'completed');
      return productId;
    }

    test('an account without a tree reads {"tree": {}}, no status wrapper; only with a token', async () => {
      const a = await h.account();
      const res = await h.get(TREE, a.token);
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.equal(res.body, '{"tree":{}}');
      assert.equal((await h.app.inject({ method: 'GET', url: TREE })).statusCode, 401);
    });

    test('a CSV import: bad rows rejected with their lines, the rest is the tree, read in the order of its ids', async () => {
      const a = await h.account();
      const b = await h.account();
      const csv = [
        'id,path,notes',
        '1,Casa,',
        '1.1,Casa >  Illuminazione,x',
        ',Senza id,',
        `${'x'.repeat(129)},Id troppo lungo,`,
        '1.1,Casa > Doppione,',
        '2.1,Scarpe > Scarpe da donna,',
        `3,${'p'.repeat(1025)},`,
        '10,Giardino,',
        '2,Scarpe,',
        '1.10,Casa > Tessili,',
      ].join('\n');
      const view = await imported(a.token, `${csv}\n`);
      assert.equal(view.state, 'completed');
      assert.deepEqual([view.rows_read, view.rows_imported, view.rows_rejected], [10, 6, 4]);
      assert.deepEqual(
        view.rejections.map((r) => r.line),
        [4, 5, 6, 8],
      );
      assert.match(view.rejections[0]?.reason ?? '', /id is empty/);
      assert.match(view.rejections[1]?.reason ?? '', /129 characters; at most 128/);
      assert.match(view.rejections[2]?.reason ?? '', /"1\.1" is already on line 3/);
      assert.match(view.rejections[3]?.reason ?? '', /1025 characters; at most 1024/);
      assert.deepEqual(
        view.unused_columns.map((c) => c.column),
        ['notes'],
      );

      const res = await h.get(TREE, a.token);
      assert.equal(
        res.body,
        '{"tree":{"1":"Casa","1.1":"Casa > Illuminazione","1.10":"Casa > Tessili","2":"Scarpe","2.1":"Scarpe > Scarpe da donna","10":"Giardino"}}',
        'a parent missing from the file is no error; ids in reading order',
      );
      assert.deepEqual(await tree(b.token), {}, "another account's tree is its own");

      // The import is its account's, and only at the tree's path.
      const again = await h.get(`${IMPORTS}/${view.id}`, a.token);
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual(catalogueImportResponseSchema.parse(again.json()).data, view);
      assert.equal((await h.get(`${IMPORTS}/${view.id}`, b.token)).json<{ code: string }>().code, 'import_not_found');
      assert.equal((await h.get(`/api/v1/catalogue/imports/${view.id}`, a.token)).statusCode, 404);
      assert.equal((await h.get(`${IMPORTS}/not-an-id`, a.token)).statusCode, 404);
    });

    test('a JSON Lines import replaces the whole tree; a file with rows but none good changes nothing; a header alone empties it', async () => {
      const a = await h.account();
      await imported(a.token, 'id,path\n1,Casa\n2,Scarpe\n');
      const lines = ['{"id": "A", "path": "Alpha"}', '{"id": "B"}', 'not json', '{"id": 5, "path": "Five > Cinque"}', '{"id": "C", "path": {"x": 1}}'];
      for (const type of ['application/x-ndjson', 'application/jsonl']) {
        const view = await imported(a.token, `${lines.join('\n')}\n`, type);
        assert.equal(view.format, 'jsonl');
        assert.deepEqual([view.rows_read, view.rows_imported, view.rows_rejected], [5, 2, 3]);
        assert.deepEqual(
          view.rejections.map((r) => r.line),
          [2, 3, 5],
        );
        assert.deepEqual(await tree(a.token), { A: 'Alpha', 5: 'Five > Cinque' });
      }

      const none = await upload(a.token, 'id,path\n,Nothing\n');
      assert.equal(none.statusCode, 422, none.body);
      const refusal = none.json<{ code: string; message: string; import_id: string }>();
      assert.equal(refusal.code, 'validation_failed');
      assert.match(refusal.message, /no row of the file could be imported/);
      const failed = catalogueImportResponseSchema.parse((await h.get(`${IMPORTS}/${refusal.import_id}`, a.token)).json()).data;
      assert.equal(failed.state, 'failed');
      assert.deepEqual(await tree(a.token), { A: 'Alpha', 5: 'Five > Cinque' }, 'the tree as it was');

      assert.equal((await upload(a.token, 'id,path\n', 'text/plain')).statusCode, 415);
      assert.equal((await imported(a.token, 'id,path\n')).rows_imported, 0);
      assert.equal((await h.get(TREE, a.token)).body, '{"tree":{}}');
    });

    test('progress while the body arrives: rows read and rejected, the old tree read until the new one is whole', async () => {
      const a = await h.account();
      await imported(a.token, 'id,path\nold,Vecchio\n');
      // More than the 64 KiB sniffed before reading starts, and progress recorded every 1,000 rows.
      const rows = Array.from({ length: 5000 }, (_, i) => `${i + 1},Categoria ${i + 1}\n`).join('');
      const { req, answer } = held(a.token, `id,path\n${rows},Senza id\n`);
      const deadline = Date.now() + 60_000;
      let running: ImportView | undefined;
      while (running === undefined && Date.now() < deadline) {
        const [id] = await h.container.db.query<{ id: string }>(`SELECT id FROM catalogue_imports WHERE account_id = $1 AND state = 'running' AND rows_read > 0`, [a.id]);
        if (id !== undefined) running = catalogueImportResponseSchema.parse((await h.get(`${IMPORTS}/${id.id}`, a.token)).json()).data;
        else await new Promise((r) => setTimeout(r, 20));
      }
      const seen = defined(running, 'a running import with rows read');
      assert.equal(seen.state, 'running');
      assert.ok(seen.rows_read >= 1000, `${seen.rows_read} rows read`);
      assert.equal(seen.rows_imported, 0, 'nothing is the tree before the end');
      assert.deepEqual(await tree(a.token), { old: 'Vecchio' }, 'readers see the old tree meanwhile');

      req.end('5001,Ultima\n');
      const done = await answer;
      assert.equal(done.status, 202, done.body);
      const finished = catalogueImportResponseSchema.parse(JSON.parse(done.body)).data;
      assert.equal(finished.id, seen.id);
      assert.equal(finished.state, 'completed');
      assert.deepEqual([finished.rows_read, finished.rows_imported, finished.rows_rejected], [5002, 5001, 1]);
      const now = await tree(a.token);
      assert.equal(Object.keys(now).length, 5001);
      assert.equal(now.old, undefined);
    });

    test("a replacement removes a product's category no longer in the tree: null, and a category_removed issue on its records", async () => {
      const a = await h.account();
      await imported(a.token, 'id,path\n1,Casa\n1.1,Casa > Illuminazione\n2,Scarpe\n');
      const lamp = await generated(a.token, { title: 'Lampada da tavolo Arco', description: 'Lampada da tavolo in metallo. Luce LED calda.' }, { category: '1.1' });
      const shoe = await generated(a.token, { title: 'Scarpa da corsa Veloce', description: 'Scarpa da corsa leggera.' }, { category: '2' });

      await imported(a.token, 'id,path\n1,Casa\n2,Scarpe\n3,Giardino\n');
      assert.deepEqual(await categoryOf(lamp), { category_id: null, category_id_proposed: false });
      assert.deepEqual(await categoryOf(shoe), { category_id: '2', category_id_proposed: false }, 'a category still in the tree is kept');

      const details = await h.get(`/api/v1/products/details/${lamp}/it`, a.token);
      assert.equal(details.statusCode, 200, details.body);
      const issues = details.json<{ product: { validation_issues: { field: string | null; check: string; message: string }[] } }>().product.validation_issues;
      const removed = issues.filter((i) => i.check === 'category_removed');
      assert.equal(removed.length, 1, JSON.stringify(issues));
      assert.equal(removed[0]?.field, 'category_id');
      assert.match(removed[0]?.message ?? '', /"1\.1" \(Casa > Illuminazione\) is no longer in the account's category tree/);
      const shoeIssues = (await h.get(`/api/v1/products/details/${shoe}/it`, a.token)).json<{ product: { validation_issues: { check: string }[] } }>().product.validation_issues;
      assert.ok(!shoeIssues.some((i) => i.check === 'category_removed'));
    });

    test('tree imports at once: a third is 429 naming the two running; catalogue imports are counted apart', async () => {
      const a = await h.account();
      const first = held(a.token, 'id,path\n1,Uno\n');
      const second = held(a.token, 'id,path\n2,Due\n');
      const ids = await runningImports(a.id, 'custom_category', 2);
      assert.equal(ids.length, 2);

      const third = await upload(a.token, 'id,path\n3,Tre\n');
      assert.equal(third.statusCode, 429, third.body);
      assert.equal(third.headers['retry-after'], '30');
      const refusal = third.json<{ code: string; message: string; running_imports: string[] }>();
      assert.equal(refusal.code, 'rate_limited');
      assert.match(refusal.message, /already has 2 category tree imports running.*CATALOGUE_IMPORTS_AT_ONCE=2.*GET \/api\/v1\/custom-category\/imports\/\{id\}/);
      assert.deepEqual([...refusal.running_imports].sort(), [...ids].sort());

      const catalogue = await h.app.inject({
        method: 'POST',
        url: '/api/v1/catalogue/imports',
        headers: { authorization: `Bearer ${a.token}`, 'content-type': 'text/csv' },
        payload: 'ean,title\n4006381333931,Matita\n',
      });
      assert.equal(catalogue.statusCode, 202, catalogue.body);

      first.req.end();
      second.req.end();
      for (const { answer } of [first, second]) assert.equal((await answer).status, 202);
      assert.equal((await imported(a.token, 'id,path\n3,Tre\n')).rows_imported, 1);
      assert.deepEqual(await tree(a.token), { 3: 'Tre' });
    });

    test('generation proposes a category from the Google category and the title; a category set before is kept', async () => {
      const a = await h.account();
      await imported(a.token, ['id,path', '10,Home', '10.1,Home > Lighting', '10.1.1,Home > Lighting > Lamps', '20,Shoes', '20.1,Shoes > Running shoes'].join('\n'));

      // Classified as Google's "Home & Garden > Lighting > Lamps"; the title says nothing of it.
      const classified = await generated(a.token, { title: 'Arco 3000', description: 'Design italiano in metallo.' }, { google: GOOGLE_LAMPS });
      assert.deepEqual(await categoryOf(classified), { category_id: '10.1.1', category_id_proposed: true });

      // Not classified: its title.
      const titled = await generated(a.token, { title: 'Veloce running shoes', description: 'Light running shoes.' });
      assert.deepEqual(await categoryOf(titled), { category_id: '20.1', category_id_proposed: true });

      // A category a person confirmed is never changed by a generation, whatever the evidence.
      const confirmed = await generated(a.token, { title: 'Arco 3000 bis', description: 'Design italiano in metallo.' }, { google: GOOGLE_LAMPS, category: '20' });
      assert.deepEqual(await categoryOf(confirmed), { category_id: '20', category_id_proposed: false });

      // Nothing in common with the tree: no proposal.
      const unrelated = await generated(a.token, { title: 'Spaghetti n. 5', description: 'Pasta di semola di grano duro.' });
      assert.deepEqual(await categoryOf(unrelated), { category_id: null, category_id_proposed: false });

      // A new tree is proposed from at once.
      await imported(a.token, 'id,path\n30,Lighting > Lamps\n40,Shoes\n');
      const later = await generated(a.token, { title: 'Arco 4000', description: 'Design italiano in metallo.' }, { google: GOOGLE_LAMPS });
      assert.deepEqual(await categoryOf(later), { category_id: '30', category_id_proposed: true });

      // An account without a tree: nothing proposed.
      const b = await h.account();
      const bare = await generated(b.token, { title: 'Arco 3000', description: 'Design italiano in metallo.' }, { google: GOOGLE_LAMPS });
      assert.deepEqual(await categoryOf(bare), { category_id: null, category_id_proposed: false });
    });
  });
}
