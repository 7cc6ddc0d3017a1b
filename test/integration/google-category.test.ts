import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import type { FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { draftWith, productWriter } from '../fakes/llm/product-writer.ts';

// Every generation classifies the product into Google's product taxonomy. The API's read side
// of the category is built elsewhere, so the stored category is read from the products row.

const regen = (id: string) => `/api/v1/products/regenerate/${encodeURIComponent(id)}`;

interface Issue {
  field: string | null;
  check: string;
  message: string;
}

const PASTA = { sku: 'PASTA-5', title: 'Spaghetti n.5 500 g', brand: 'Barilla', description: 'Pasta di semola di grano duro, trafilata al bronzo.', countries: ['it'] };
const MUG = {
  sku: 'MUG-1',
  title: 'Tazza mug in gres 350 ml gialla',
  brand: 'Excelsa',
  description: 'Tazza in gres smaltato, lavabile in lavastoviglie.',
  countries: ['it', 'de'],
};
const VAGUE = { sku: 'ART-4711', title: 'Articolo 4711 blu', brand: 'Acme', description: 'Articolo di qualità, colore blu.', countries: ['it'] };

async function storedCategory(h: Harness, productId: string): Promise<{ id: string | null; by: string | null }> {
  const rows = await h.container.db.query<{ google_category_id: string | null; google_category_by: string | null }>(
    'SELECT google_category_id, google_category_by FROM products WHERE id = $1',
    [productId],
  );
  return { id: rows[0]?.google_category_id ?? null, by: rows[0]?.google_category_by ?? null };
}

async function issues(h: Harness, token: string, productId: string, country = 'it'): Promise<Issue[]> {
  const res = await h.get(`/api/v1/products/details/${productId}/${country}`, token);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ product: { validation_issues: Issue[] } }>().product.validation_issues;
}

async function regenerate(h: Harness, token: string, productId: string, body: Record<string, unknown>): Promise<void> {
  const res = await h.post(regen(productId), token, body);
  assert.equal(res.statusCode, 202, res.body);
  await h.settled(await h.generationIdsOf([productId]));
}

for (const target of databaseTargets()) {
  describe(`Google category with the template engine [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    test('a created product gets the category its data names, stored as the classifier’s', async () => {
      const { token } = await h.account();
      const id = await h.createSettled(token, PASTA);
      assert.deepEqual(await storedCategory(h, id), { id: '434', by: 'classifier' });
      assert.deepEqual(
        (await issues(h, token, id)).filter((i) => i.field === 'category'),
        [],
      );
    });

    test('a product whose data says nothing of its kind is left unclassified, and each record says so', async () => {
      const { token } = await h.account();
      const id = await h.createSettled(token, VAGUE);
      assert.deepEqual(await storedCategory(h, id), { id: null, by: null });
      const unsure = (await issues(h, token, id)).filter((i) => i.field === 'category');
      assert.deepEqual(
        unsure.map((i) => i.check),
        ['category_unsure'],
      );
    });

    test('a person’s category survives regeneration, of other fields and of the category', async () => {
      const { token } = await h.account();
      const id = await h.createSettled(token, MUG);
      assert.deepEqual(await storedCategory(h, id), { id: '2169', by: 'classifier' });
      // As the update route stores a person's choice.
      await h.container.db.query("UPDATE products SET google_category_id = '6049', google_category_by = 'merchant' WHERE id = $1", [id]);
      await regenerate(h, token, id, { fields: { title: '' } });
      assert.deepEqual(await storedCategory(h, id), { id: '6049', by: 'merchant' });
      await regenerate(h, token, id, { fields: { category: '' } });
      assert.deepEqual(await storedCategory(h, id), { id: '6049', by: 'merchant' });
      const said = (await issues(h, token, id, 'de')).filter((i) => i.field === 'category');
      assert.equal(said.length, 1);
      assert.match(said[0]?.message ?? '', /a person chose \(6049\) was kept/);
    });

    test('fields.category with a path or an id is the merchant’s choice; charged as any regeneration', async () => {
      const { id: accountId, token } = await h.account(100);
      const id = await h.createSettled(token, MUG);
      const before = await h.balance(accountId);
      await regenerate(h, token, id, { fields: { category: 'home & garden > kitchen & dining > tableware > drinkware > coffee & tea cups' } });
      assert.deepEqual(await storedCategory(h, id), { id: '6049', by: 'merchant' });
      await regenerate(h, token, id, { fields: { category: '2169' }, agent_model: 'v1' });
      assert.deepEqual(await storedCategory(h, id), { id: '2169', by: 'merchant' });
      assert.deepEqual(await h.balance(accountId), { credits: before.credits - 5 - 1, ledger: before.ledger - 5 - 1 });
    });

    test('an unknown path or id is refused on its field, and nothing is charged or queued', async () => {
      const { id: accountId, token } = await h.account(100);
      const id = await h.createSettled(token, MUG);
      const before = await h.balance(accountId);
      const generations = await h.generationIdsOf([id]);
      for (const category of ['Home & Garden > Flying Carpets', '99999999']) {
        const res = await h.post(regen(id), token, { fields: { category } });
        assert.equal(res.statusCode, 422, res.body);
        const body = res.json<{ code: string; errors: Record<string, string[]> }>();
        assert.equal(body.code, 'validation_failed');
        assert.deepEqual(Object.keys(body.errors), ['fields.category']);
      }
      assert.deepEqual(await h.balance(accountId), before);
      assert.deepEqual(await h.generationIdsOf([id]), generations);
      assert.deepEqual(await storedCategory(h, id), { id: '2169', by: 'classifier' });
    });

    test('fields.category empty classifies again; an instruction the template engine cannot follow is said', async () => {
      const { token } = await h.account();
      const id = await h.createSettled(token, PASTA);
      await h.container.db.query("UPDATE products SET google_category_id = '422', google_category_by = 'classifier' WHERE id = $1", [id]);
      await regenerate(h, token, id, { fields: { category: '' } });
      assert.deepEqual(await storedCategory(h, id), { id: '434', by: 'classifier' });
      await regenerate(h, token, id, { fields: { category: 'pick the most specific category' } });
      assert.deepEqual(await storedCategory(h, id), { id: '434', by: 'classifier' });
      const said = (await issues(h, token, id)).filter((i) => i.field === 'category');
      assert.deepEqual(
        said.map((i) => i.check),
        ['instruction'],
      );
    });
  });

  describe(`Google category with a model engine [${target.name}]`, () => {
    let h: Harness;
    let fake: FakeLlmServer;
    before(async () => {
      fake = await startFakeOpenAiCompatible({ script: productWriter(), apiKey: 'local-key' });
      h = await startHarness(target, {
        env: {
          AGENT_V1_MODEL: 'openai-compatible:llama3.1:8b',
          AGENT_V1_BASE_URL: fake.baseURL,
          AGENT_V1_API_KEY: 'local-key',
          AGENT_V2_MODEL: 'openai-compatible:llama3.1:8b',
          AGENT_V2_BASE_URL: fake.baseURL,
          AGENT_V2_API_KEY: 'local-key',
          AGENT_MAX_RETRIES: '0',
          GENERATION_RETRIES: '0',
        },
        agentBackoffMs: () => 10,
      });
    });
    after(async () => {
      await h.close();
      await fake.close();
    });

    test('the model is shown the candidates at the end of the product data and its pick is stored', async () => {
      fake.setScript(productWriter());
      const mark = fake.requests.length;
      const { token } = await h.account();
      const id = await h.createSettled(token, { ...PASTA, agent_model: 'v2' });
      assert.deepEqual(await storedCategory(h, id), { id: '434', by: 'classifier' });
      const draft = fake.requests.slice(mark).find((r) => JSON.stringify(r.schema).includes('google_category_id'));
      assert.ok(draft !== undefined, 'the draft schema asks for google_category_id');
      const prompt = draft.messages.map((m) => m.text).join('\n');
      assert.ok(prompt.trimEnd().endsWith('</product_data>'), 'the product data closes the prompt');
      const data = prompt.slice(prompt.lastIndexOf('<product_data>'));
      assert.ok(data.indexOf('"google_category_candidates"') > data.indexOf('"facts"'), 'the candidates come after the facts');
      assert.match(data, /"id": "434",\s*"path": "Food, Beverages \\u0026 Tobacco \\u003e Food Items \\u003e Pasta \\u0026 Noodles"/);
    });

    test('a pick among the candidates wins; a pick of none leaves the product unclassified; a pick from outside is ignored', async () => {
      const { token } = await h.account();
      const pick = (id: string | null) =>
        fake.setScript(productWriter((call) => (call.step === 'draft' || call.step === 'repair' ? draftWith(call, { google_category_id: id }) : undefined)));

      // A title naming two kinds: the classifier is unsure, the model is not.
      pick('434');
      const both = await h.createSettled(token, { sku: 'MIX-1', title: 'Pasta e biscotti', description: 'Confezione assortita.', countries: ['it'], agent_model: 'v2' });
      assert.deepEqual(await storedCategory(h, both), { id: '434', by: 'classifier' });

      pick(null);
      const none = await h.createSettled(token, { ...PASTA, sku: 'PASTA-NONE', agent_model: 'v2' });
      assert.deepEqual(await storedCategory(h, none), { id: null, by: null });
      const said = (await issues(h, token, none)).filter((i) => i.field === 'category');
      assert.equal(said[0]?.check, 'category_unsure');
      assert.match(said[0]?.message ?? '', /the model found none of the candidates fitting; the best guess was "Food, Beverages & Tobacco > Food Items > Pasta & Noodles" \(434\)/);

      pick('1');
      const outside = await h.createSettled(token, { ...PASTA, sku: 'PASTA-OUT', agent_model: 'v2' });
      assert.deepEqual(await storedCategory(h, outside), { id: '434', by: 'classifier' });
    });

    test('fields.category: the instruction reaches the model with the candidates, and its pick is stored', async () => {
      fake.setScript(productWriter());
      const { token } = await h.account();
      const id = await h.createSettled(token, { sku: 'MIX-2', title: 'Pasta e biscotti', description: 'Confezione assortita.', countries: ['it', 'de'], agent_model: 'v1' });
      const mark = fake.requests.length;
      fake.setScript(
        productWriter((call) =>
          call.step === 'regenerate' ? { kind: 'json', value: { google_category_id: '2229', records: call.targets.map((t) => ({ country: t.country, fields: [] })) } } : undefined,
        ),
      );
      await regenerate(h, token, id, { fields: { category: 'it is a box of biscuits' }, agent_model: 'v1' });
      assert.deepEqual(await storedCategory(h, id), { id: '2229', by: 'classifier' });
      const calls = fake.requests.slice(mark);
      assert.equal(calls.length, 1, 'one call picks the category for every country');
      const prompt = calls[0]?.messages.map((m) => m.text).join('\n') ?? '';
      assert.match(prompt, /"field": "category",\s*"kind": "instruction",\s*"text": "it is a box of biscuits"/);
      assert.match(prompt, /"google_category_candidates"/);

      // A path sent as fields.category needs no model.
      const before = fake.requests.length;
      await regenerate(h, token, id, { fields: { category: '2194' }, agent_model: 'v1' });
      assert.deepEqual(await storedCategory(h, id), { id: '2194', by: 'merchant' });
      assert.equal(fake.requests.length, before);
    });
  });
}
