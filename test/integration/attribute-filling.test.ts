import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { productDetailsResponseSchema } from '../../src/http/response-schemas.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

const lamp = {
  title: 'Lampada LED Sole',
  brand: 'Lumina',
  description: 'Lampadina LED da 9 W con 806 lm, colore giallo, attacco E27. Peso 1,2 kg.',
  countries: ['it', 'de'],
};

function update(h: Harness, token: string, body: unknown): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/products/update',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

for (const target of databaseTargets()) {
  describe(`generation fills the attribute schema [${target.name}]`, () => {
    let h: Harness;
    const codes = validEans(10, 1717);
    let next = 0;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    async function schemaAccount() {
      const account = await h.account(100);
      const { token } = account;
      const define = async (url: string, body: unknown) => assert.equal((await h.post(url, token, body)).statusCode, 200);
      await define('/api/v1/families/create', { family_id: 'lighting', name: 'Lighting' });
      await define('/api/v1/families/create', { family_id: 'food', name: 'Food' });
      await define('/api/v1/attributes/create', {
        attribute_id: 'colour',
        name: 'Colour',
        type: 'single-select',
        scope: 'global',
        options: [
          { action: 'new', value: 'Yellow' },
          { action: 'new', value: 'Black' },
        ],
      });
      await define('/api/v1/attributes/create', { attribute_id: 'power', name: 'Power', type: 'number', unit: 'W', scope: 'family', family_ids: ['lighting'], is_essential: true });
      await define('/api/v1/attributes/create', {
        attribute_id: 'luminous_flux',
        name: 'Luminous flux',
        type: 'number',
        unit: 'lm',
        scope: 'family',
        family_ids: ['lighting'],
        is_essential: true,
      });
      await define('/api/v1/attributes/create', { attribute_id: 'weight', name: 'Weight', type: 'number', unit: 'g', scope: 'global' });
      await define('/api/v1/attributes/create', { attribute_id: 'dimmable', name: 'Dimmable', type: 'boolean', scope: 'family', family_ids: ['lighting'], is_essential: true });
      await define('/api/v1/attributes/create', { attribute_id: 'cooking_time', name: 'Cooking time', type: 'number', unit: 'min', scope: 'family', family_ids: ['food'] });
      return account;
    }

    async function created(token: string, body: Record<string, unknown>) {
      const res = await h.post('/api/v1/products/create', token, { codes: codes[next++], ...body });
      assert.equal(res.statusCode, 202, res.body);
      const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([id]));
      return id;
    }

    async function details(token: string, id: string, country = 'it') {
      const res = await h.get(`/api/v1/products/details/${id}/${country}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return productDetailsResponseSchema.parse(res.json()).product;
    }

    test('values from facts in the schema form, each citing its fact; the missing listed; a family proposed; completeness', async () => {
      const { token } = await schemaAccount();
      const id = await created(token, lamp);
      const product = await details(token, id);
      assert.deepEqual(product.global_attr, { colour: 'Yellow', power: '9', luminous_flux: '806', weight: '1200' });
      const factIds = new Set(product.facts.map((f) => f.id));
      for (const key of Object.keys(product.global_attr)) {
        const cited = product.sources[`global_attr.${key}`] ?? [];
        assert.ok(cited.length > 0 && cited.every((f) => factIds.has(f)), `${key} cites facts`);
      }
      assert.deepEqual(product.missing_attributes, ['dimmable']);
      assert.equal(product.family, 'lighting');
      assert.equal(product.family_proposed, true);
      assert.ok(Math.abs((product.completeness ?? 0) - 2 / 3) < 1e-6, String(product.completeness));
    });

    test('deleting an attribute takes its values and their sources from every record; completeness, counting essential ones only, stays', async () => {
      const { token } = await schemaAccount();
      const id = await created(token, lamp);
      const before = await details(token, id);
      assert.equal(before.global_attr.weight, '1200');
      // An essential attribute made optional first (as deletion requires): completeness follows that change, not the deletion.
      assert.equal(
        (
          await h.app.inject({
            method: 'PUT',
            url: '/api/v1/attributes/update/power',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: '{"is_essential":false}',
          })
        ).statusCode,
        200,
      );
      assert.equal((await details(token, id)).completeness, 0.5);
      for (const attribute of ['weight', 'power']) {
        const res = await h.app.inject({ method: 'DELETE', url: `/api/v1/attributes/delete/${attribute}`, headers: { authorization: `Bearer ${token}` } });
        assert.equal(res.statusCode, 200, res.body);
      }
      for (const country of ['it', 'de']) {
        const product = await details(token, id, country);
        assert.equal(product.global_attr.weight, undefined, country);
        assert.equal(product.global_attr.power, undefined, country);
        assert.equal(product.sources['global_attr.weight'], undefined, country);
        assert.equal(product.sources['global_attr.power'], undefined, country);
        assert.equal(product.global_attr.colour, 'Yellow', country);
        assert.equal(product.completeness, 0.5, country);
      }
    });

    test('update checks global_attr against the schema, sets the family, and completeness follows', async () => {
      const { token } = await schemaAccount();
      const id = await created(token, lamp);
      const bad = await update(h, token, { code: id, country: 'it', global_attr: { colour: 'viola', shade: 'x' } });
      assert.equal(bad.statusCode, 422);
      const errors = bad.json<{ errors: Record<string, string[]> }>().errors;
      assert.ok(errors['global_attr.colour'] && errors['global_attr.shade'], JSON.stringify(errors));
      for (const country of ['it', 'de']) {
        const ok = await update(h, token, { code: id, country, family: 'lighting', global_attr: { colour: 'nero', dimmable: 'sì', weight: '0,5 kg' } });
        assert.equal(ok.statusCode, 200, ok.body);
      }
      const product = await details(token, id);
      assert.equal(product.global_attr.colour, 'Black');
      assert.equal(product.global_attr.weight, '500');
      // The facts that stated Yellow and 1200 g are no longer cited for a person's values; power still cites its fact.
      assert.equal(product.sources['global_attr.colour'], undefined);
      assert.equal(product.sources['global_attr.weight'], undefined);
      assert.ok((product.sources['global_attr.power'] ?? []).length > 0);
      assert.equal(product.family_proposed, false);
      assert.equal(product.completeness, 1);
      assert.deepEqual(product.missing_attributes, []);
    });

    test('regenerating an attribute outside the schema is validation_failed; content is checked like any value', async () => {
      const { token } = await schemaAccount();
      const id = await created(token, lamp);
      const unknown = await h.post(`/api/v1/products/regenerate/${id}`, token, { fields: { 'global_attr.shade': '' } });
      assert.equal(unknown.statusCode, 422);
      assert.ok(unknown.json<{ errors: Record<string, string[]> }>().errors['fields.global_attr.shade']);
      const res = await h.post(`/api/v1/products/regenerate/${id}`, token, { fields: { 'global_attr.colour': 'nero' } });
      assert.equal(res.statusCode, 202, res.body);
      await h.settled(await h.generationIdsOf([id]));
      const product = await details(token, id);
      assert.equal(product.global_attr.colour, 'Black');
      assert.equal(product.global_attr.power, '9');
    });

    test("renaming an option renames the products' values; deleting it removes them", async () => {
      const { token } = await schemaAccount();
      const id = await created(token, lamp);
      const put = (body: unknown, ref = 'colour') =>
        h.app.inject({
          method: 'PUT',
          url: `/api/v1/attributes/update/${ref}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      assert.equal((await put({ options: [{ action: 'update', yellow: null, new_name: 'Amber' }] })).statusCode, 200);
      assert.equal((await details(token, id)).global_attr.colour, 'Amber');
      // A new attribute_id moves the values with their sources.
      assert.equal((await put({ attribute_id: 'color' })).statusCode, 200);
      const moved = await details(token, id);
      assert.equal(moved.global_attr.color, 'Amber');
      assert.ok(moved.sources['global_attr.color']);
      const deleted = await put({ options: [{ action: 'delete', Amber: null }] }, 'color');
      assert.equal(deleted.statusCode, 200, deleted.body);
      const product = await details(token, id, 'de');
      assert.equal(product.global_attr.color, undefined);
      assert.ok(product.missing_attributes?.includes('color'));
      // A new unit drops the values written in the old one.
      assert.equal((await put({ unit: 'kg' }, 'weight')).statusCode, 200);
      assert.equal((await details(token, id)).global_attr.weight, undefined);
    });

    test('the list filters by attribute value and completeness; the CSV has one attr column per enabled attribute', async () => {
      const { token } = await schemaAccount();
      const lampId = await created(token, lamp);
      const pastaId = await created(token, { title: 'Spaghetti n.5', brand: 'Grano', description: 'Pasta di semola. Cottura 9 minuti. Confezione da 500 g.', countries: ['it'] });
      const ids = async (query: string) => {
        const res = await h.get(`/api/v1/products?${query}`, token);
        assert.equal(res.statusCode, 200, res.body);
        return res.json<{ data: { data: { id: string }[] } }>().data.data.map((p) => p.id);
      };
      assert.deepEqual(await ids('attr.colour=giallo'), [lampId]);
      assert.deepEqual(await ids('attr.colour=Black'), []);
      assert.deepEqual(await ids('attr.weight=1%2C2%20kg&country=de'), [lampId]);
      assert.deepEqual(await ids('attr.cooking_time=9'), [pastaId]);
      assert.deepEqual(await ids('completeness_lt=0.9'), [lampId]);
      const unknown = await h.get('/api/v1/products?attr.shade=red', token);
      assert.equal(unknown.statusCode, 422);
      assert.ok(unknown.json<{ errors: Record<string, string[]> }>().errors['attr.shade']);
      const badColour = await h.get('/api/v1/products?attr.colour=viola', token);
      assert.equal(badColour.statusCode, 422);

      const csv = await h.get('/api/v1/products/export?country=it&format=csv&attr.colour=yellow', token);
      assert.equal(csv.statusCode, 200, csv.body);
      const [header = '', row = '', extra = ''] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
      assert.ok(header.endsWith('attr:colour,attr:power,attr:luminous_flux,attr:weight,attr:dimmable,attr:cooking_time'), header);
      assert.ok(row.endsWith('Yellow,9,806,1200,,'), row);
      assert.equal(extra, '');
    });

    test("a catalogue's family column sets the family, which a person's update can still change", async () => {
      const { token } = await schemaAccount();
      const code = codes[next++] ?? '';
      const csv = `ean,title,brand,family,colore,descrizione\n${code},Lampada Notte,Lumina,Lighting,nero,Lampadina da 5 W.\n`;
      const upload = await h.app.inject({
        method: 'POST',
        url: '/api/v1/catalogue/imports?language=it',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        payload: csv,
      });
      assert.equal(upload.statusCode, 202, upload.body);
      const res = await h.post('/api/v1/products/create', token, { codes: code, countries: ['it'] });
      assert.equal(res.statusCode, 202, res.body);
      const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([id]));
      const product = await details(token, id);
      assert.equal(product.family, 'lighting');
      assert.equal(product.family_proposed, false);
      assert.equal(product.global_attr.colour, 'Black');
      assert.equal(product.global_attr.power, '5');
      assert.equal((await update(h, token, { code: id, country: 'it', family: 'food' })).statusCode, 200);
      const changed = await details(token, id);
      assert.equal(changed.family, 'food');
      assert.equal(changed.completeness, null);
    });

    test('an account without attributes sees no schema fields', async () => {
      const { token } = await h.account(100);
      const id = await created(token, lamp);
      const product = await details(token, id);
      assert.equal('missing_attributes' in product, false);
      assert.equal('completeness' in product, false);
    });
  });
}
