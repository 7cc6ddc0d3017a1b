import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { productDetailsResponseSchema } from '../../src/http/response-schemas.ts';
import type { FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import { type ParsedCall, parseCall, productWriter, writeRecord } from '../fakes/llm/product-writer.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// The LLM engines with an attribute schema: the model is given the schema (attribute_ids as an
// enum in the structured output, units and options in the data), and what it answers passes the
// same checks as every engine's values, against a fake provider on loopback.

const lamp = {
  title: 'Lampada LED Sole',
  brand: 'Lumina',
  description: 'Lampadina LED da 9 W con 806 lm, colore giallo. Peso 1,2 kg.',
  countries: ['it'],
};

/** A model that fills the schema: one value right but in another language, one it invents, one converted. */
function attributeAnswer(call: ParsedCall) {
  const description = call.facts.find((f) => f.key === 'description');
  const cite = description === undefined ? [] : [description.id];
  return [
    { name: 'colour', value: 'giallo', fact_ids: cite },
    { name: 'power', value: '12', fact_ids: cite },
    { name: 'weight', value: '1200', fact_ids: cite },
    { name: 'dimmable', value: 'true', fact_ids: cite },
  ];
}

function schemaText(schema: unknown): string {
  return JSON.stringify(schema);
}

for (const target of databaseTargets()) {
  describe(`LLM engines fill the attribute schema [${target.name}]`, () => {
    let h: Harness;
    let fake: FakeLlmServer;
    before(async () => {
      fake = await startFakeOpenAiCompatible({
        apiKey: 'local-key',
        script: productWriter((call) => {
          const first = call.targets[0];
          if (first === undefined) return undefined;
          if (call.step === 'draft' || call.step === 'repair') return { kind: 'json', value: { ...writeRecord(call, first), attributes: attributeAnswer(call) } };
          if (call.step === 'generate') return { kind: 'json', value: { records: call.targets.map((t) => ({ ...writeRecord(call, t), attributes: attributeAnswer(call) })) } };
          return undefined;
        }),
      });
      const model = 'openai-compatible:llama3.1:8b';
      h = await startHarness(target, {
        env: {
          AGENT_V1_MODEL: model,
          AGENT_V1_BASE_URL: fake.baseURL,
          AGENT_V1_API_KEY: 'local-key',
          AGENT_V2_MODEL: model,
          AGENT_V2_BASE_URL: fake.baseURL,
          AGENT_V2_API_KEY: 'local-key',
          GENERATION_RETRIES: '1',
        },
        agentBackoffMs: () => 10,
      });
    });
    after(async () => {
      await h.close();
      await fake.close();
    });

    for (const agentModel of ['v1', 'v2'] as const) {
      test(`${agentModel}: the schema goes to the model; its values are kept only as the schema and the facts allow`, async () => {
        const { token } = await h.account(100);
        const define = async (body: unknown) => assert.equal((await h.post('/api/v1/attributes/create', token, body)).statusCode, 200);
        await define({
          attribute_id: 'colour',
          name: 'Colour',
          type: 'single-select',
          scope: 'global',
          options: [
            { action: 'new', value: 'Yellow' },
            { action: 'new', value: 'Black' },
          ],
        });
        await define({ attribute_id: 'power', name: 'Power', type: 'number', unit: 'W', scope: 'global' });
        await define({ attribute_id: 'weight', name: 'Weight', type: 'number', unit: 'g', scope: 'global' });
        await define({ attribute_id: 'dimmable', name: 'Dimmable', type: 'boolean', scope: 'global' });
        const mark = fake.requests.length;
        const res = await h.post('/api/v1/products/create', token, { ...lamp, agent_model: agentModel });
        assert.equal(res.statusCode, 202, res.body);
        const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
        await h.settled(await h.generationIdsOf([id]));

        const asked = fake.requests.slice(mark).find((r) => schemaText(r.schema).includes('"dimmable"'));
        assert.ok(asked, 'the structured output names the attribute_ids');
        assert.match(asked.messages.map((m) => m.text).join('\n'), /attribute_schema/);

        const details = await h.get(`/api/v1/products/details/${id}`, token);
        const product = productDetailsResponseSchema.parse(details.json()).product;
        // "giallo" is the option Yellow; "12" W is stated by no fact, so the fact's 9 W stands;
        // 1200 g is the fact's 1,2 kg; no fact says dimmable, so it stays empty and is listed.
        assert.deepEqual(product.global_attr, { colour: 'Yellow', power: '9', weight: '1200' });
        assert.deepEqual(product.missing_attributes, ['dimmable']);
        assert.ok(
          product.validation_messages.some((m) => m.startsWith('global_attr.power')),
          product.validation_messages.join('\n'),
        );
      });

      test(`${agentModel}: a disabled attribute is neither asked of the model nor filled, and its kept value is not shown to it`, async () => {
        const { token } = await h.account(100);
        const define = async (body: unknown) => assert.equal((await h.post('/api/v1/attributes/create', token, body)).statusCode, 200);
        await define({
          attribute_id: 'colour',
          name: 'Colour',
          type: 'single-select',
          scope: 'global',
          options: [
            { action: 'new', value: 'Yellow' },
            { action: 'new', value: 'Black' },
          ],
        });
        await define({ attribute_id: 'power', name: 'Power', type: 'number', unit: 'W', scope: 'global' });
        await define({ attribute_id: 'weight', name: 'Weight', type: 'number', unit: 'g', scope: 'global' });
        await define({ attribute_id: 'dimmable', name: 'Dimmable', type: 'boolean', scope: 'global' });
        await define({
          attribute_id: 'material',
          name: 'Material',
          type: 'single-select',
          scope: 'global',
          is_enabled: false,
          options: [
            { action: 'new', value: 'Metal' },
            { action: 'new', value: 'Wood' },
          ],
        });
        const setMaterial = async (enabled: boolean) => {
          const res = await h.app.inject({
            method: 'PUT',
            url: '/api/v1/attributes/update/material',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: JSON.stringify({ is_enabled: enabled }),
          });
          assert.equal(res.statusCode, 200, res.body);
        };
        const read = async (id: string) => productDetailsResponseSchema.parse((await h.get(`/api/v1/products/details/${id}`, token)).json()).product;
        const regenerate = async (id: string, fields: Record<string, string>) => {
          const res = await h.post(`/api/v1/products/regenerate/${id}`, token, { fields, agent_model: agentModel });
          assert.equal(res.statusCode, 202, res.body);
          await h.settled(await h.generationIdsOf([id]));
        };

        const mark = fake.requests.length;
        const res = await h.post('/api/v1/products/create', token, { ...lamp, description: `${lamp.description} Materiale: metallo.`, agent_model: agentModel });
        assert.equal(res.statusCode, 202, res.body);
        const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
        await h.settled(await h.generationIdsOf([id]));
        const asked = fake.requests.slice(mark);
        assert.ok(
          asked.some((r) => schemaText(r.schema).includes('"dimmable"')),
          'the model was given the schema',
        );
        assert.ok(!asked.some((r) => schemaText(r.schema).includes('"material"') || /"attribute_id":"material"/.test(r.messages.map((m) => m.text).join('\n'))));
        const created = await read(id);
        assert.equal(created.global_attr.material, undefined);
        assert.equal(created.missing_attributes?.includes('material'), false);

        // Nothing was kept out of sight either: enabled, it is simply missing.
        await setMaterial(true);
        assert.equal((await read(id)).global_attr.material, undefined);
        assert.ok((await read(id)).missing_attributes?.includes('material'));
        await regenerate(id, { 'global_attr.material': '' });
        assert.equal((await read(id)).global_attr.material, 'Metal');

        // Disabled again: a regeneration does not show the model the value it keeps, nor change it.
        await setMaterial(false);
        const before = fake.requests.length;
        await regenerate(id, { title: '' });
        const shown = fake.requests.slice(before).map(parseCall);
        assert.ok(shown.some((c) => c.step === 'regenerate'));
        for (const call of shown) assert.ok(!JSON.stringify(call.draft ?? null).includes('Metal'), JSON.stringify(call.draft));
        assert.equal((await read(id)).global_attr.material, undefined);
        await setMaterial(true);
        assert.equal((await read(id)).global_attr.material, 'Metal');
      });
    }
  });
}
