import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CountryContent } from '../../src/domain/content.ts';
import type { GenerationUsage } from '../../src/domain/generation-usage.ts';
import type { FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import { productWriter, writeRecord } from '../fakes/llm/product-writer.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// A product's own name in another language is no language error: the v2 agent model writes a
// German record for an Italian product that keeps its name "Biscotti al burro" (the scripted
// writer copies the name into the key features), and the record's language check must tell that
// name from German text written in Italian.

const CREATE = '/api/v1/products/create';

type Product = CountryContent & { validation_messages: string[]; state: string; generation: { usage: GenerationUsage | null } | null };

const BISCOTTI = {
  title: 'Biscotti al burro',
  brand: 'Molino Rossi',
  description: 'Biscotti friabili preparati con burro fresco e farina di frumento, secondo la ricetta di casa. Confezione da 500 g.',
  countries: ['de'],
  agent_model: 'v2',
};

for (const target of databaseTargets()) {
  describe(`a product's name in the language check [${target.name}]`, () => {
    let h: Harness;
    let fake: FakeLlmServer;
    before(async () => {
      fake = await startFakeOpenAiCompatible({ script: productWriter(), apiKey: 'local-key' });
      h = await startHarness(target, {
        env: { AGENT_V2_MODEL: 'openai-compatible:llama3.1:8b', AGENT_V2_BASE_URL: fake.baseURL, AGENT_V2_API_KEY: 'local-key', AGENT_REPAIR_ROUNDS: '2' },
        agentBackoffMs: () => 10,
      });
    });
    after(async () => {
      await h.close();
      await fake.close();
    });

    async function createGerman(token: string, sku: string): Promise<Product> {
      const res = await h.post(CREATE, token, { ...BISCOTTI, sku });
      assert.equal(res.statusCode, 202, res.body);
      const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([id]));
      const details = await h.get(`/api/v1/products/details/${id}/de`, token);
      assert.equal(details.statusCode, 200, details.body);
      return details.json<{ product: Product }>().product;
    }

    /** The repair prompts the provider received since `mark`. */
    const repairsSince = (mark: number) =>
      fake.requests
        .slice(mark)
        .map((r) => r.messages.map((m) => m.text).join('\n'))
        .filter((t) => t.includes('<problems>'));

    test('a German record that keeps the Italian name "Biscotti al burro" passes at the first draft', async () => {
      fake.setScript(productWriter());
      const mark = fake.requests.length;
      const { token } = await h.account();
      const product = await createGerman(token, 'kept-name');
      assert.equal(product.state, 'completed');
      assert.ok(product.key_features.includes('Biscotti al burro'), product.key_features.join(' | '));
      assert.match(product.description ?? '', /^Biscotti al burro ist für alle gedacht/);
      assert.deepEqual(product.validation_messages, []);
      assert.deepEqual(repairsSince(mark), [], 'no repair was asked for');
      assert.equal(product.generation?.usage?.rounds, 0);
      assert.equal(product.generation?.usage?.calls, 2, 'a draft and a critic pass');
    });

    test('a German record whose sentences are Italian is repaired in vain and withheld; its features that are only names are kept', async () => {
      // Every draft and repair for Germany writes the careful record's Italian prose.
      fake.setScript(
        productWriter((call) => {
          if (call.step !== 'draft' && call.step !== 'repair') return undefined;
          return { kind: 'json', value: { ...writeRecord(call, { country: 'de', language: 'it' }), country: 'de' } };
        }),
      );
      const mark = fake.requests.length;
      const { token } = await h.account();
      const product = await createGerman(token, 'italian-sentences');
      assert.equal(product.state, 'completed');
      const repairs = repairsSince(mark);
      assert.equal(repairs.length, 2, 'both configured repair rounds were tried');
      assert.match(repairs[0] ?? '', /Italian/, 'the repair prompt names the language found');
      assert.equal(product.generation?.usage?.rounds, 2);
      const language = product.validation_messages.filter((m) => /is written in Italian, but this record must be in German/.test(m));
      assert.deepEqual(language.map((m) => m.split(':')[0]).sort(), ['description', 'meta_description', 'short_description'], product.validation_messages.join('\n'));
      assert.equal(product.description, null, 'the Italian description is not published');
      assert.equal(product.short_description, null);
      assert.deepEqual(product.key_features, ['Biscotti al burro', 'Molino Rossi', 'Biscotti al burro']);
    });
  });
}
