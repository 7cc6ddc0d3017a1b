import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { productDetailsResponseSchema } from '../../src/http/response-schemas.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// A disabled attribute is not filled, not missing, not counted, not served and not restored; the
// values it held before are kept out of sight and come back when it is enabled again.

const lamp = {
  title: 'Lampada da tavolo Arco',
  brand: 'Lumina',
  description: 'Lampada da tavolo, colore nero. Materiale: metallo. Luce LED calda.',
  countries: ['it'],
};

for (const target of databaseTargets()) {
  describe(`disabled attributes [${target.name}]`, () => {
    let h: Harness;
    const codes = validEans(12, 2727);
    let next = 0;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    const send = (token: string, method: 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse> =>
      h.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const setEnabled = async (token: string, attribute: string, enabled: boolean) => {
      const res = await send(token, 'PUT', `/api/v1/attributes/update/${attribute}`, { is_enabled: enabled });
      assert.equal(res.statusCode, 200, res.body);
    };

    /** colour (essential) and material (essential), material enabled or not. */
    async function schemaAccount(materialEnabled: boolean) {
      const account = await h.account(100);
      const define = async (body: unknown) => assert.equal((await h.post('/api/v1/attributes/create', account.token, body)).statusCode, 200);
      await define({
        attribute_id: 'colour',
        name: 'Colour',
        type: 'single-select',
        scope: 'global',
        is_essential: true,
        options: [
          { action: 'new', value: 'Yellow' },
          { action: 'new', value: 'Black' },
        ],
      });
      await define({
        attribute_id: 'material',
        name: 'Material',
        type: 'single-select',
        scope: 'global',
        is_essential: true,
        is_enabled: materialEnabled,
        options: [
          { action: 'new', value: 'Metal' },
          { action: 'new', value: 'Wood' },
        ],
      });
      return account;
    }

    async function settledId(res: LightMyRequestResponse): Promise<string> {
      assert.equal(res.statusCode, 202, res.body);
      const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([id]));
      return id;
    }

    const created = (token: string, body: Record<string, unknown> = lamp) => h.post('/api/v1/products/create', token, { codes: codes[next++], ...body }).then(settledId);

    /** A product whose only word on its material is the catalogue's `materiale` column. */
    async function fromCatalogue(token: string): Promise<string> {
      const code = codes[next++] ?? '';
      const upload = await h.app.inject({
        method: 'POST',
        url: '/api/v1/catalogue/imports?language=it',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        payload: `ean,title,brand,colore,materiale\n${code},Sgabello Rurale,Lumina,nero,legno\n`,
      });
      assert.equal(upload.statusCode, 202, upload.body);
      return settledId(await h.post('/api/v1/products/create', token, { codes: code, countries: ['it'] }));
    }

    async function details(token: string, id: string) {
      const res = await h.get(`/api/v1/products/details/${id}/it`, token);
      assert.equal(res.statusCode, 200, res.body);
      return productDetailsResponseSchema.parse(res.json()).product;
    }

    async function exported(token: string, format: 'jsonl' | 'csv') {
      const res = await h.get(`/api/v1/products/export?country=it&format=${format}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.body.replace(/^\uFEFF/, '');
    }

    function assertNoMaterial(product: Awaited<ReturnType<typeof details>>, label: string) {
      assert.equal(product.global_attr.material, undefined, `${label}: no value`);
      assert.equal(product.sources['global_attr.material'], undefined, `${label}: no sources`);
      assert.equal(product.missing_attributes?.includes('material'), false, `${label}: not missing`);
    }

    test('a disabled attribute is filled from neither a catalogue column nor a description, is not missing and not counted', async () => {
      const { token } = await schemaAccount(false);
      const described = await created(token);
      const catalogued = await fromCatalogue(token);
      for (const [label, id] of [
        ['description', described],
        ['catalogue column', catalogued],
      ] as const) {
        const product = await details(token, id);
        assert.equal(product.global_attr.colour, 'Black', `${label}: the enabled attribute is filled`);
        assertNoMaterial(product, label);
        assert.deepEqual(product.missing_attributes, [], label);
        // Both essential, material disabled: colour alone counts.
        assert.equal(product.completeness, 1, label);
      }

      const jsonl = (await exported(token, 'jsonl'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { global_attr: Record<string, string>; sources: Record<string, string[]> });
      assert.equal(jsonl.length, 2);
      for (const view of jsonl) {
        assert.equal(view.global_attr.colour, 'Black');
        assert.equal('material' in view.global_attr, false, JSON.stringify(view.global_attr));
      }
      const [header = ''] = (await exported(token, 'csv')).split('\r\n');
      assert.ok(header.endsWith(',attr:colour'), header);

      // Nothing was written out of sight either: enabled, material is simply missing until a generation fills it.
      await setEnabled(token, 'material', true);
      for (const id of [described, catalogued]) {
        const product = await details(token, id);
        assert.equal(product.global_attr.material, undefined);
        assert.deepEqual(product.missing_attributes, ['material']);
        assert.equal(product.completeness, 0.5);
      }
    });

    test('disabling hides the values held; nothing writes them meanwhile; enabling again brings them back', async () => {
      const { token } = await schemaAccount(true);
      const code = codes[next++] ?? '';
      const id = await created(token, { ...lamp, codes: code });
      const filled = await details(token, id);
      assert.equal(filled.global_attr.material, 'Metal');
      const cited = filled.sources['global_attr.material'];
      assert.ok(cited !== undefined && cited.length > 0);
      assert.equal(filled.completeness, 1);

      await setEnabled(token, 'material', false);
      const hidden = await details(token, id);
      assertNoMaterial(hidden, 'disabled');
      assert.equal(hidden.completeness, 1);
      const [view] = (await exported(token, 'jsonl')).trim().split('\n');
      assert.equal((JSON.parse(view ?? '{}') as { global_attr: Record<string, string> }).global_attr.material, undefined);
      const [header = '', row = ''] = (await exported(token, 'csv')).split('\r\n');
      assert.ok(header.endsWith(',attr:colour') && row.endsWith(',Black'), `${header}\n${row}`);

      // Neither a filter, an edit nor a regeneration can reach it while it is disabled.
      const filter = await h.get('/api/v1/products?attr.material=metal', token);
      assert.equal(filter.statusCode, 422, filter.body);
      assert.match(filter.json<{ errors: Record<string, string[]> }>().errors['attr.material']?.[0] ?? '', /disabled/);
      const edit = await h.post('/api/v1/products/update', token, { code: id, country: 'it', global_attr: { material: 'legno' } });
      assert.equal(edit.statusCode, 422, edit.body);
      assert.match(edit.json<{ errors: Record<string, string[]> }>().errors['global_attr.material']?.[0] ?? '', /disabled/);
      const named = await h.post(`/api/v1/products/regenerate/${id}`, token, { fields: { 'global_attr.material': '' } });
      assert.equal(named.statusCode, 422, named.body);
      assert.match(named.json<{ errors: Record<string, string[]> }>().errors['fields.global_attr.material']?.[0] ?? '', /disabled/);
      // Neither does a generation, of some fields or of the whole record (a create again).
      const some = await h.post(`/api/v1/products/regenerate/${id}`, token, { fields: { title: '', 'global_attr.colour': '' } });
      assert.equal(some.statusCode, 202, some.body);
      await h.settled(await h.generationIdsOf([id]));
      assertNoMaterial(await details(token, id), 'after a regeneration');
      assert.equal(await created(token, { ...lamp, codes: code }), id);
      assertNoMaterial(await details(token, id), 'after a create again');

      await setEnabled(token, 'material', true);
      const back = await details(token, id);
      assert.equal(back.global_attr.material, 'Metal');
      assert.deepEqual(back.sources['global_attr.material'], cited);
      assert.equal(back.completeness, 1);
      const list = await h.get('/api/v1/products?attr.material=metal', token);
      assert.equal(list.statusCode, 200, list.body);
      assert.deepEqual(
        list.json<{ data: { data: { id: string }[] } }>().data.data.map((p) => p.id),
        [id],
      );
    });

    /** A manual change of material from Metal to Wood: its history version holds Metal as before. */
    async function editedMaterial(token: string, id: string): Promise<string> {
      const edit = await h.post('/api/v1/products/update', token, { code: id, country: 'it', title: 'Lampada Arco in legno', global_attr: { material: 'legno' } });
      assert.equal(edit.statusCode, 200, edit.body);
      const history = await h.get(`/api/v1/products/details/${id}/history`, token);
      const version = history.json<{ data: { versions: { id: string; change: string; fields: Record<string, unknown> }[] } }>().data.versions.find((v) => v.change === 'manual');
      assert.ok(version && 'global_attr.material' in version.fields, history.body);
      return version.id;
    }

    const restore = async (token: string, id: string, version: string) => {
      const res = await h.post(`/api/v1/products/restore/${id}`, token, { version_id: version });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { fields_restored: string[] } }>().data.fields_restored;
    };

    test('a restore does not bring back the value of an attribute deleted since', async () => {
      const { token } = await schemaAccount(true);
      const id = await created(token);
      const { title } = await details(token, id);
      const version = await editedMaterial(token, id);
      assert.equal((await send(token, 'PUT', '/api/v1/attributes/update/material', { is_essential: false })).statusCode, 200);
      const deleted = await send(token, 'DELETE', '/api/v1/attributes/delete/material');
      assert.equal(deleted.statusCode, 200, deleted.body);

      assert.deepEqual(await restore(token, id, version), ['title']);
      const product = await details(token, id);
      assert.equal(product.title, title);
      assert.equal(product.global_attr.material, undefined);
    });

    test('a restore does not touch a disabled attribute: enabled again, it holds the value it had when disabled', async () => {
      const { token } = await schemaAccount(true);
      const id = await created(token);
      const version = await editedMaterial(token, id);
      await setEnabled(token, 'material', false);

      assert.deepEqual(await restore(token, id, version), ['title']);
      assertNoMaterial(await details(token, id), 'restored while disabled');
      await setEnabled(token, 'material', true);
      assert.equal((await details(token, id)).global_attr.material, 'Wood');
    });

    test('a restore puts back only values the attribute still allows', async () => {
      const { token } = await schemaAccount(true);
      const id = await created(token);
      const version = await editedMaterial(token, id);
      // The option Metal is deleted since the edit: restoring it would bring back a value outside the schema.
      const changed = await send(token, 'PUT', '/api/v1/attributes/update/material', { options: [{ action: 'delete', Metal: null }] });
      assert.equal(changed.statusCode, 200, changed.body);

      assert.deepEqual(await restore(token, id, version), ['title']);
      assert.equal((await details(token, id)).global_attr.material, 'Wood');
    });
  });
}
