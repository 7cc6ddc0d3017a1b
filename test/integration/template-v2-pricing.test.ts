import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { accountResponseSchema } from '../../src/http/response-schemas.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// With no model configured, v1 and v2 are both written by the template engine: the account says
// so, the create, quote and regenerate answers say so in `data.notice` (their message keeps the
// contract's shape, which clients match), and an operator may charge less for v2 (TEMPLATE_V2_CREDITS).

for (const target of databaseTargets()) {
  describe(`v2 written by the template engine [${target.name}]`, () => {
    let spec: Harness;
    let lowered: Harness;
    let twoEngines: Harness;
    before(async () => {
      spec = await startHarness(target, { workers: false });
      lowered = await startHarness(target, { workers: false, env: { TEMPLATE_V2_CREDITS: '2' } });
      // v2 by a model (never called: no workers run), v1 by the template engine.
      twoEngines = await startHarness(target, {
        workers: false,
        env: { AGENT_V2_MODEL: 'openai-compatible:llama3.1:8b', AGENT_V2_BASE_URL: 'http://127.0.0.1:9/v1', AGENT_V2_API_KEY: 'local-key' },
      });
    });
    after(async () => {
      await spec.close();
      await lowered.close();
      await twoEngines.close();
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

    test("a create answer keeps the contract's message and notes it in data.notice, and v2 is charged at the operator setting", async () => {
      const { token } = await lowered.account(20);
      const [code, second] = validEans(2, 1501);
      const created = await lowered.post('/api/v1/products/create', token, { codes: code, countries: ['it'], agent_model: 'v2' });
      assert.equal(created.statusCode, 202, created.body);
      const body = created.json<{ message: string; data: { notice?: string } }>();
      assert.equal(body.message, 'All 1 product(s) successfully queued for import');
      assert.equal(body.data.notice, 'v1 and v2 are both written by template on this server; the base price of v2 is 2 credit(s) a product, of v1 1.');
      const account = accountResponseSchema.parse((await lowered.get('/api/v1/account', token)).json());
      assert.equal(account.data.credits, 18, 'v2 for one country at 2 credits');

      const partial = await lowered.post('/api/v1/products/create', token, { codes: `${second},123`, countries: ['it'], agent_model: 'v1' });
      assert.equal(partial.statusCode, 202, partial.body);
      const partialBody = partial.json<{ message: string; data: { notice?: string } }>();
      assert.equal(partialBody.message, 'Imported 1 of 2 product(s), 1 failed');
      assert.equal(partialBody.data.notice, 'v1 and v2 are both written by template on this server; the base price of v1 is 1 credit(s) a product, of v2 2.');

      const quote = await lowered.post('/api/v1/products/create/quote', token, { codes: code, countries: ['it'] });
      assert.equal(quote.statusCode, 200, quote.body);
      assert.equal(quote.json<{ data: { notice?: string } }>().data.notice, body.data.notice);

      const regenerated = await lowered.post(`/api/v1/products/regenerate/${code}`, token, { fields: { title: '' }, agent_model: 'v2' });
      assert.equal(regenerated.statusCode, 202, regenerated.body);
      const regeneratedBody = regenerated.json<{ message: string; data: { notice?: string } }>();
      assert.equal(regeneratedBody.message, 'Regeneration of 1 field(s) queued');
      assert.equal(regeneratedBody.data.notice, 'v1 and v2 are both written by template on this server; a regeneration with v2 costs 2 credit(s), with v1 1.');
    });

    test('with v1 and v2 on different engines, the answers carry no notice', async () => {
      const { token } = await twoEngines.account(20);
      const account = accountResponseSchema.parse((await twoEngines.get('/api/v1/account', token)).json());
      assert.equal(account.data.agent_models.same_engine, false);
      const [code] = validEans(1, 1503);
      const created = await twoEngines.post('/api/v1/products/create', token, { codes: code, countries: ['it'] });
      assert.equal(created.statusCode, 202, created.body);
      const body = created.json<{ message: string; data: Record<string, unknown> }>();
      assert.equal(body.message, 'All 1 product(s) successfully queued for import');
      assert.equal('notice' in body.data, false, created.body);
      const quote = await twoEngines.post('/api/v1/products/create/quote', token, { codes: code, countries: ['it'] });
      assert.equal('notice' in quote.json<{ data: Record<string, unknown> }>().data, false, quote.body);
      const regenerated = await twoEngines.post(`/api/v1/products/regenerate/${code}`, token, { fields: { title: '' } });
      assert.equal(regenerated.statusCode, 202, regenerated.body);
      assert.equal('notice' in regenerated.json<{ data: Record<string, unknown> }>().data, false, regenerated.body);
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

    test('by default v2 costs its published price of 5', async () => {
      const { token } = await spec.account(10);
      const [code] = validEans(1, 1601);
      const created = await spec.post('/api/v1/products/create', token, { codes: code, countries: ['it'], agent_model: 'v2' });
      assert.equal(created.statusCode, 202, created.body);
      const account = accountResponseSchema.parse((await spec.get('/api/v1/account', token)).json());
      assert.equal(account.data.credits, 5);
    });
  });
}
