import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

const CREATE = '/api/v1/products/create';

interface Version {
  id: string;
  country: string;
  change: string;
  generation_id: string | null;
  fields: Record<string, { before: unknown; after: unknown }>;
}

const lamp = {
  codes: '8001234567897',
  title: 'Lampada da tavolo Arco',
  brand: 'Lumina',
  description: 'Lampada da tavolo in metallo. Luce LED calda. Interruttore sul cavo.',
  countries: ['it', 'de'],
};

for (const target of databaseTargets()) {
  describe(`record history and undo [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    async function created(token: string): Promise<string> {
      const res = await h.post(CREATE, token, lamp);
      assert.equal(res.statusCode, 202, res.body);
      const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([id]));
      return id;
    }

    async function regenerated(token: string, id: string, fields: Record<string, string>): Promise<void> {
      const res = await h.post(`/api/v1/products/regenerate/${id}`, token, { fields });
      assert.equal(res.statusCode, 202, res.body);
      await h.settled(await h.generationIdsOf([id]));
    }

    const history = async (token: string, id: string) => {
      const res = await h.get(`/api/v1/products/details/${id}/history`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { product_id: string; versions: Version[] } }>().data;
    };
    const title = async (token: string, id: string, country: string) =>
      (await h.get(`/api/v1/products/details/${id}/${country}`, token)).json<{ product: { title: string; global_attr: Record<string, string> } }>().product;

    test('a regeneration keeps what it replaced, per country, and restore puts it back for free', async () => {
      const { id: accountId, token } = await h.account(100);
      const id = await created(token);
      const original = await title(token, id, 'it');
      assert.deepEqual((await history(token, id)).versions, [], 'a first create replaces nothing');

      await regenerated(token, id, { title: 'Lampada Arco in metallo nero', 'global_attr.colour': 'nero' });
      const { versions } = await history(token, id);
      assert.deepEqual(versions.map((v) => v.country).sort(), ['de', 'it']);
      const it = versions.find((v) => v.country === 'it');
      assert.ok(it);
      assert.equal(it.change, 'regenerate');
      assert.ok(it.generation_id);
      assert.deepEqual(it.fields.title, { before: original.title, after: 'Lampada Arco in metallo nero' });
      assert.deepEqual(it.fields['global_attr.colour'], { before: null, after: 'nero' });
      assert.deepEqual(Object.keys(it.fields).sort(), ['global_attr.colour', 'title'], 'only the changed fields are kept');
      const balance = await h.balance(accountId);

      const restore = await h.post(`/api/v1/products/restore/${id}`, token, { version_id: it.id });
      assert.equal(restore.statusCode, 200, restore.body);
      assert.deepEqual(restore.json<{ data: { fields_restored: string[] } }>().data.fields_restored.sort(), ['global_attr.colour', 'title']);
      const back = await title(token, id, 'it');
      assert.equal(back.title, original.title);
      assert.equal(back.global_attr.colour, undefined);
      assert.equal((await title(token, id, 'de')).title, 'Lampada Arco in metallo nero', 'a restore touches only its country');
      assert.deepEqual(await h.balance(accountId), balance, 'undo is free');

      const after = await history(token, id);
      assert.equal(after.versions[0]?.change, 'restore');
      assert.deepEqual(after.versions[0]?.fields.title, { before: 'Lampada Arco in metallo nero', after: original.title });
    });

    test('history is read in pages, newest first, with a cursor to the older ones', async () => {
      const { token } = await h.account(100);
      const id = await created(token);
      for (const title of ['Arco uno', 'Arco due', 'Arco tre']) await regenerated(token, id, { title });
      const all = (await history(token, id)).versions;
      assert.equal(all.length, 6, 'three regenerations in two countries');
      assert.deepEqual(
        all.filter((v) => v.country === 'it').map((v) => v.fields.title?.after),
        ['Arco tre', 'Arco due', 'Arco uno'],
      );

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await h.get(`/api/v1/products/details/${id}/history?limit=4${cursor === null ? '' : `&before=${cursor}`}`, token);
        assert.equal(res.statusCode, 200, res.body);
        const data: { versions: Version[]; next_before: string | null } = res.json<{ data: { versions: Version[]; next_before: string | null } }>().data;
        assert.ok(data.versions.length <= 4);
        seen.push(...data.versions.map((v) => v.id));
        cursor = data.next_before;
        pages += 1;
      } while (cursor !== null);
      assert.equal(pages, 2);
      assert.deepEqual(
        seen,
        all.map((v) => v.id),
        'the pages together are the whole history, in order, once each',
      );

      for (const bad of ['limit=0', 'limit=101', 'limit=two', 'before=yesterday', 'sort=asc']) {
        const res = await h.get(`/api/v1/products/details/${id}/history?${bad}`, token);
        assert.equal(res.statusCode, 422, `${bad}: ${res.body}`);
        assert.equal(res.json<{ code: string }>().code, 'validation_failed');
      }
      const unknown = await h.get(`/api/v1/products/details/${id}/history?before=00000000-0000-4000-8000-000000000000`, token);
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json<{ code: string }>().code, 'version_not_found');
    });

    test('restore is refused while a generation is queued, and unknown versions or products are 404', async () => {
      const { token } = await h.account(100);
      const id = await created(token);
      await regenerated(token, id, { title: 'Arco' });
      const version = (await history(token, id)).versions[0];
      assert.ok(version);

      const unknown = await h.post(`/api/v1/products/restore/${id}`, token, { version_id: '00000000-0000-4000-8000-000000000000' });
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json<{ code: string }>().code, 'version_not_found');
      const invalid = await h.post(`/api/v1/products/restore/${id}`, token, { version_id: 'last' });
      assert.equal(invalid.statusCode, 422);
      assert.ok(invalid.json<{ errors: Record<string, string[]> }>().errors.version_id);

      const other = await h.account(100);
      const foreign = await h.post(`/api/v1/products/restore/${id}`, other.token, { version_id: version.id });
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json<{ code: string }>().code, 'product_not_found');
      assert.equal((await h.get(`/api/v1/products/details/${id}/history`, other.token)).statusCode, 404);
    });
  });

  describe(`restore while busy [${target.name}]`, () => {
    test('a product with a queued generation answers 409 product_busy', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const { token } = await h.account(100);
        const res = await h.post(CREATE, token, lamp);
        const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
        const busy = await h.post(`/api/v1/products/restore/${id}`, token, { version_id: '00000000-0000-4000-8000-000000000000' });
        assert.equal(busy.statusCode, 409, busy.body);
        assert.equal(busy.json<{ code: string }>().code, 'product_busy');
      } finally {
        await h.close();
      }
    });
  });
}
