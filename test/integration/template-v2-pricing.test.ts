import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { accountResponseSchema } from '../../src/http/response-schemas.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// With no model configured, v1 and v2 are both written by the template engine: the account says
// so, a create answer's message says so, and an operator may charge less for v2 (TEMPLATE_V2_CREDITS).

for (const target of databaseTargets()) {
  describe(`v2 written by the template engine [${target.name}]`, () => {
    let spec: Harness;
    let lowered: Harness;
    before(async () => {
      spec = await startHarness(target, { workers: false });
      lowered = await startHarness(target, { workers: false, env: { TEMPLATE_V2_CREDITS: '2' } });
    });
    after(async () => {
      await spec.close();
      await lowered.close();
    });

    test('the account says both agent models are one engine, and what each costs', async () => {
      for (const [h, v2] of [
        [spec, 5],
        [lowered, 2],
      ] as const) {
        const { token } = await h.account(10);
        const account = accountResponseSchema.parse((await h.get('/api/v1/account', token)).json());
        assert.equal(account.data.agent_models.same_engine, true);
        assert.deepEqual(account.data.agent_models.credits, { v1: 1, v2 });
      }
    });

    test('a create answer notes it, and v2 is charged at the operator setting', async () => {
      const { token } = await lowered.account(10);
      const [code] = validEans(1, 1501);
      const created = await lowered.post('/api/v1/products/create', token, { codes: code, countries: ['it'], agent_model: 'v2' });
      assert.equal(created.statusCode, 202, created.body);
      const body = created.json() as { message: string };
      assert.match(
        body.message,
        /^All 1 product\(s\) successfully queued for import\. Note: v1 and v2 are both written by template on this server; the base price of v2 is 2 credit\(s\) a product, of v1 1\./,
      );
      const account = accountResponseSchema.parse((await lowered.get('/api/v1/account', token)).json());
      assert.equal(account.data.credits, 8, 'v2 for one country at 2 credits');
    });

    test('the lowered price is the one a 402 asks for, on create and on regenerate, with the extra-country credit on top', async () => {
      const { token } = await lowered.account(3);
      const [short, code] = validEans(2, 1701);
      const poor = await lowered.account(2);
      const refused = await lowered.post('/api/v1/products/create', poor.token, { codes: short, countries: ['it', 'de'], agent_model: 'v2' });
      assert.equal(refused.statusCode, 402, refused.body);
      assert.deepEqual([refused.json<{ required: number }>().required, refused.json<{ available: number }>().available], [3, 2]);

      const created = await lowered.post('/api/v1/products/create', token, { codes: code, countries: ['it', 'de'], agent_model: 'v2' });
      assert.equal(created.statusCode, 202, created.body);
      assert.equal(accountResponseSchema.parse((await lowered.get('/api/v1/account', token)).json()).data.credits, 0);
      const regenerated = await lowered.post(`/api/v1/products/regenerate/${code}`, token, { fields: { title: '' }, agent_model: 'v2' });
      assert.equal(regenerated.statusCode, 402, regenerated.body);
      assert.equal(regenerated.json<{ required: number }>().required, 2);
    });

    test('by default v2 costs the spec price of 5', async () => {
      const { token } = await spec.account(10);
      const [code] = validEans(1, 1601);
      const created = await spec.post('/api/v1/products/create', token, { codes: code, countries: ['it'], agent_model: 'v2' });
      assert.equal(created.statusCode, 202, created.body);
      const account = accountResponseSchema.parse((await spec.get('/api/v1/account', token)).json());
      assert.equal(account.data.credits, 5);
    });
  });
}
