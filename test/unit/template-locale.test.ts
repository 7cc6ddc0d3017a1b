import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CountryContent } from '../../src/domain/content.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { findUngrounded } from '../../src/generation/grounding.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { fact } from '../helpers/make-fact.ts';

// Numbers in each record's conventions, and one key feature per distinct statement of the facts.

const engine = createTemplateEngine();

async function write(facts: readonly Fact[], targets: ReadonlyArray<{ country: string; language: string }>): Promise<CountryContent[]> {
  const output = await engine.generate({
    product: { id: '7d0c6f2e-4a51-4c1a-9b7e-3f0f4f1d2a10', code: null, codeType: null, sku: null, productHandle: null, title: null, brand: null, description: null, images: [] },
    facts,
    notes: null,
    agentModel: 'v2',
    targets,
    fields: null,
    existing: [],
  });
  return output.content;
}

function texts(record: CountryContent): string {
  return [record.title, record.short_description, record.description, ...record.key_features, ...Object.values(record.global_attr)].join('\n');
}

const IT = { country: 'it', language: 'it' };
const DE = { country: 'de', language: 'de' };
const GB = { country: 'gb', language: 'en' };

const OIL: readonly Fact[] = [
  fact('name', 'Olio extravergine di oliva', { language: 'it' }),
  fact('brand', 'Monini'),
  fact('quantity', '0,75 l'),
  fact('attribute', '1,2 kg', { attribute: 'weight' }),
  fact('description', 'Olio extravergine di oliva 100% italiano, in bottiglia da 0,75 l. Peso della confezione 1,2 kg.', { language: 'it' }),
];

describe('numbers in the language and country of each record', () => {
  test('a gb record of a 0.75 l, 1.2 kg product writes 0.75 l and 1.2 kg everywhere; the it record 0,75 l and 1,2 kg', async () => {
    const [it, gb] = await write(OIL, [IT, GB]);
    assert.ok(it && gb);
    assert.equal(gb.global_attr.net_quantity, '0.75 l');
    assert.equal(gb.global_attr.weight, '1.2 kg');
    assert.match(gb.description ?? '', /bottiglia da 0\.75 l\. Peso della confezione 1\.2 kg/);
    assert.doesNotMatch(texts(gb), /\d,\d/, 'no decimal comma anywhere in the English record');
    assert.equal(it.global_attr.net_quantity, '0,75 l');
    assert.match(it.description ?? '', /bottiglia da 0,75 l\. Peso della confezione 1,2 kg/);
    assert.doesNotMatch(texts(it), /\d\.\d/, 'no decimal point anywhere in the Italian record');
    for (const record of [it, gb]) assert.deepEqual(findUngrounded(record, OIL), [], record.country);
  });

  test('a Swiss German record writes the Swiss decimal point and apostrophe', async () => {
    const facts = [fact('name', 'Powerbank', { language: 'de' }), fact('brand', 'Anker'), fact('description', 'Powerbank mit 10.000 mAh, Gewicht 0,2 kg.', { language: 'de' })];
    const [ch, de] = await write(facts, [{ country: 'ch', language: 'de' }, DE]);
    assert.match(ch?.description ?? '', /10'000 mAh, Gewicht 0\.2 kg/);
    assert.match(de?.description ?? '', /10\.000 mAh, Gewicht 0,2 kg/);
  });

  test('a German fact\'s "1.200 lm" is 1200 lumen in every record, and passes the grounding check', async () => {
    const facts = [
      fact('name', 'LED Lampe E27', { language: 'de' }),
      fact('brand', 'Osram'),
      fact('kind', 'electronics'),
      fact('description', 'LED Lampe mit einem Lichtstrom von 1.200 lm und 9,5 W Leistung.', { language: 'de' }),
    ];
    const records = await write(facts, [DE, GB, IT]);
    for (const record of records) {
      assert.equal(record.global_attr.luminous_flux, '1200 lm', record.country);
      assert.deepEqual(findUngrounded(record, facts), [], record.country);
    }
    assert.equal(records[1]?.global_attr.power, '9.5 W');
  });
});

describe('one key feature per distinct statement of the facts', () => {
  const SHAMPOO: readonly Fact[] = [
    fact('name', 'Shampoo delicato alla camomilla', { language: 'it' }),
    fact('brand', 'Bionsen'),
    fact('kind', 'beauty'),
    fact('description', 'Shampoo delicato per uso frequente con estratto di camomilla. pH 5,5. Flacone da 250 ml.', { language: 'it' }),
  ];

  test("the shampoo's four statements give four key features in it, de and gb, each grounded in the facts", async () => {
    for (const record of await write(SHAMPOO, [IT, DE, GB])) {
      const features = record.key_features;
      assert.ok(features.length >= 4, `${record.country}: ${JSON.stringify(features)}`);
      assert.ok(
        features.some((f) => /delicato per uso frequente/.test(f)),
        `${record.country}: gentle, for frequent use`,
      );
      assert.ok(
        features.some((f) => /estratto di camomilla/i.test(f)),
        `${record.country}: chamomile extract`,
      );
      assert.ok(
        features.some((f) => /^pH 5[,.]5$/.test(f)),
        `${record.country}: pH 5.5`,
      );
      assert.ok(
        features.some((f) => /250 ml/.test(f)),
        `${record.country}: 250 ml bottle`,
      );
      assert.deepEqual(findUngrounded({ key_features: features }, SHAMPOO, record.country === 'gb' ? 'en-GB' : record.language), [], record.country);
      // Every feature is the facts' own words (or a label and a value of the facts): nothing added.
      for (const feature of features) {
        const words = feature
          .toLowerCase()
          .replace(/^[^:]+:\s*/u, '')
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length > 2);
        const facts = SHAMPOO.map((f) => f.value.toLowerCase()).join(' ');
        for (const word of words) assert.ok(facts.includes(word), `${record.country}: "${word}" of "${feature}" is in the facts`);
      }
    }
  });

  test('an enumeration and a free-from list stay whole: cutting them would change what they say', async () => {
    const facts = [
      fact('name', 'Crema viso', { language: 'it' }),
      fact('brand', 'Acme'),
      fact('description', 'Crema idratante senza parabeni, siliconi e coloranti. Per viso, collo e décolleté. Funziona solo con acqua tiepida.', { language: 'it' }),
    ];
    const [it] = await write(facts, [IT]);
    assert.ok(it?.key_features.includes('Crema idratante senza parabeni, siliconi e coloranti'), JSON.stringify(it?.key_features));
    assert.ok(it?.key_features.includes('Per viso, collo e décolleté'), JSON.stringify(it?.key_features));
    assert.ok(it?.key_features.includes('Funziona solo con acqua tiepida'), JSON.stringify(it?.key_features));
  });
});
