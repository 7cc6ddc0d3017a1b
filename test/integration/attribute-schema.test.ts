import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { attributeListResponseSchema, attributeResponseSchema, familyListResponseSchema, familyResponseSchema } from '../../src/http/response-schemas.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

function send(h: Harness, method: 'PUT' | 'DELETE', url: string, token: string, body?: unknown): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

function errorOf(res: LightMyRequestResponse): { code: string; message?: string; errors?: Record<string, string[]> } {
  return res.json();
}

for (const target of databaseTargets()) {
  describe(`attributes and families (CC) [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h.close();
    });

    test('define a family and its select attribute, change options by operations, list with filters', async () => {
      const { token } = await h.account();
      const family = await h.post('/api/v1/families/create', token, { family_id: 'lighting', name: 'Lighting', description: 'Lamps and bulbs' });
      assert.equal(family.statusCode, 200, family.body);
      const familyId = familyResponseSchema.parse(family.json()).data._id;

      const created = await h.post('/api/v1/attributes/create', token, {
        attribute_id: 'colour',
        name: 'Colour',
        type: 'single-select',
        scope: 'family',
        family_ids: ['lighting'],
        options: [
          { action: 'new', value: 'Red' },
          { action: 'new', value: 'Yellow', value_id: 'yellow' },
        ],
      });
      assert.equal(created.statusCode, 200, created.body);
      const colour = attributeResponseSchema.parse(created.json());
      assert.equal(colour.message, 'Attribute created successfully');
      assert.deepEqual(colour.data.options, [
        { value: 'Red', value_id: 'red' },
        { value: 'Yellow', value_id: 'yellow' },
      ]);
      assert.deepEqual(colour.data.family_ids, [familyId]);

      const changed = await send(h, 'PUT', '/api/v1/attributes/update/colour', token, {
        options: [
          { action: 'update', red: null, new_name: 'Crimson', new_value_id: 'crimson' },
          { action: 'new', value: 'Black' },
          { action: 'delete', Yellow: null },
        ],
      });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.deepEqual(attributeResponseSchema.parse(changed.json()).data.options, [
        { value: 'Crimson', value_id: 'crimson' },
        { value: 'Black', value_id: 'black' },
      ]);

      const power = await h.post('/api/v1/attributes/create', token, { attribute_id: 'power', name: 'Power', type: 'number', unit: 'watt', scope: 'global', is_essential: true });
      assert.equal(attributeResponseSchema.parse(power.json()).data.unit, 'W');

      const numbers = await h.get('/api/v1/attributes?type=number&is_enabled=true', token);
      assert.deepEqual(
        attributeListResponseSchema.parse(numbers.json()).data.map((a) => a.attribute_id),
        ['power'],
      );
      const families = familyListResponseSchema.parse((await h.get('/api/v1/families', token)).json()).data;
      assert.deepEqual(families[0]?.attribute_ids, [colour.data._id]);
      // Another account sees none of it.
      const other = await h.account();
      assert.deepEqual(attributeListResponseSchema.parse((await h.get('/api/v1/attributes', other.token)).json()).data, []);
    });

    test('bad definitions are validation_failed on their field; unknown ids are 404 with the CC messages', async () => {
      const { token } = await h.account();
      const noOptions = await h.post('/api/v1/attributes/create', token, { attribute_id: 'size', name: 'Size', type: 'single-select', scope: 'global' });
      assert.equal(noOptions.statusCode, 422);
      assert.ok(errorOf(noOptions).errors?.options);
      const noFamily = await h.post('/api/v1/attributes/create', token, { attribute_id: 'x', name: 'X', type: 'text', scope: 'family' });
      assert.ok(errorOf(noFamily).errors?.family_ids);
      const badId = await h.post('/api/v1/attributes/create', token, { attribute_id: 'Bad Id', name: 'X', type: 'text', scope: 'global' });
      assert.ok(errorOf(badId).errors?.attribute_id);
      const badUnit = await h.post('/api/v1/attributes/create', token, { attribute_id: 'w', name: 'W', type: 'text', scope: 'global', unit: 'g' });
      assert.ok(errorOf(badUnit).errors?.unit);
      await h.post('/api/v1/attributes/create', token, { attribute_id: 'material', name: 'Material', type: 'text', scope: 'global' });
      const twice = await h.post('/api/v1/attributes/create', token, { attribute_id: 'material', name: 'Material', type: 'text', scope: 'global' });
      assert.ok(errorOf(twice).errors?.attribute_id);

      const missing = await send(h, 'DELETE', '/api/v1/attributes/delete/nothing', token);
      assert.equal(missing.statusCode, 404);
      assert.deepEqual(missing.json(), { status: 'error', code: 'attribute_not_found', message: 'Attribute not found' });
      const missingFamily = await send(h, 'DELETE', '/api/v1/families/delete/nothing', token);
      assert.deepEqual(missingFamily.json(), { status: 'error', code: 'family_not_found', message: 'Family not found' });
      const update = await send(h, 'PUT', '/api/v1/attributes/update/nothing', token, { name: 'N' });
      assert.equal(errorOf(update).code, 'attribute_not_found');
    });

    test("another account's attributes and families are not found by _id or key, nor usable as references", async () => {
      const owner = await h.account();
      const family = familyResponseSchema.parse((await h.post('/api/v1/families/create', owner.token, { family_id: 'tools', name: 'Tools' })).json()).data;
      const made = await h.post('/api/v1/attributes/create', owner.token, { attribute_id: 'torque', name: 'Torque', type: 'text', scope: 'family', family_ids: [family._id] });
      const attribute = attributeResponseSchema.parse(made.json()).data;
      const stranger = await h.account();
      const attributeNotFound = { status: 'error', code: 'attribute_not_found', message: 'Attribute not found' };
      const familyNotFound = { status: 'error', code: 'family_not_found', message: 'Family not found' };
      for (const ref of [attribute._id, 'torque']) {
        const changed = await send(h, 'PUT', `/api/v1/attributes/update/${ref}`, stranger.token, { name: 'Mine' });
        assert.equal(changed.statusCode, 404);
        assert.deepEqual(changed.json(), attributeNotFound);
        assert.deepEqual((await send(h, 'DELETE', `/api/v1/attributes/delete/${ref}`, stranger.token)).json(), attributeNotFound);
      }
      for (const ref of [family._id, 'tools']) {
        assert.deepEqual((await send(h, 'PUT', `/api/v1/families/update/${ref}`, stranger.token, { name: 'Mine' })).json(), familyNotFound);
        assert.deepEqual((await send(h, 'DELETE', `/api/v1/families/delete/${ref}`, stranger.token)).json(), familyNotFound);
      }
      const borrowsFamily = await h.post('/api/v1/attributes/create', stranger.token, { attribute_id: 'x', name: 'X', type: 'text', scope: 'family', family_ids: [family._id] });
      assert.equal(borrowsFamily.statusCode, 422);
      assert.ok(errorOf(borrowsFamily).errors?.['family_ids.0']);
      const borrowsAttribute = await h.post('/api/v1/families/create', stranger.token, { family_id: 'tools', name: 'Tools', attribute_ids: [attribute._id] });
      assert.equal(borrowsAttribute.statusCode, 422);
      assert.ok(errorOf(borrowsAttribute).errors?.['attribute_ids.0']);
      // The owner's schema is as it was.
      const listed = attributeListResponseSchema.parse((await h.get('/api/v1/attributes', owner.token)).json()).data;
      assert.deepEqual(
        listed.map((a) => [a.name, a.family_ids]),
        [['Torque', [family._id]]],
      );
      assert.deepEqual(familyListResponseSchema.parse((await h.get('/api/v1/families', owner.token)).json()).data[0]?.attribute_ids, [attribute._id]);
    });

    test('a family named on a product of an account without attributes is refused with the reason, not as unknown', async () => {
      const { token } = await h.account(10);
      assert.equal((await h.post('/api/v1/families/create', token, { family_id: 'lighting', name: 'Lighting' })).statusCode, 200);
      const [code] = validEans(1, 1718);
      assert.equal((await h.post('/api/v1/products/create', token, { codes: code, title: 'Lampada', countries: ['it'] })).statusCode, 202);
      const refused = await h.app.inject({
        method: 'POST',
        url: '/api/v1/products/update',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ code, country: 'it', family: 'lighting' }),
      });
      assert.equal(refused.statusCode, 422);
      assert.match(errorOf(refused).errors?.family?.[0] ?? '', /once the account has attributes/);
    });

    test('an essential attribute cannot be deleted; a deleted one leaves no trace', async () => {
      const { token } = await h.account();
      await h.post('/api/v1/attributes/create', token, { attribute_id: 'ean_grade', name: 'Grade', type: 'text', scope: 'global', is_essential: true });
      const refused = await send(h, 'DELETE', '/api/v1/attributes/delete/ean_grade', token);
      assert.equal(refused.statusCode, 422);
      assert.equal(errorOf(refused).code, 'validation_failed');
      await send(h, 'PUT', '/api/v1/attributes/update/ean_grade', token, { is_essential: false });
      const deleted = await send(h, 'DELETE', '/api/v1/attributes/delete/ean_grade', token);
      assert.deepEqual(deleted.json(), { status: 'success', message: 'Attribute deleted successfully' });
      const family = await h.post('/api/v1/families/create', token, { family_id: 'food', name: 'Food' });
      const id = familyResponseSchema.parse(family.json()).data._id;
      const gone = await send(h, 'DELETE', `/api/v1/families/delete/${id}`, token);
      assert.deepEqual(gone.json(), { status: 'success', message: 'Family deleted successfully' });
    });
  });
}
