import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CountryContent } from '../../src/domain/content.ts';
import { findUngrounded } from '../../src/generation/grounding.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// Through the API with the offline template engine: numbers written in each country's
// conventions, and one key feature for each thing the caller's description states.

type Product = CountryContent & { validation_messages: string[]; state: string; facts: Array<{ id: string; key: string; value: string; language: string | null }> };

for (const target of databaseTargets()) {
  describe(`template records in each country's conventions [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    async function createAndRead(token: string, body: Record<string, unknown>, countries: string[]): Promise<Map<string, Product>> {
      const id = await h.createSettled(token, { ...body, countries });
      const records = new Map<string, Product>();
      for (const country of countries) {
        const read = await h.get(`/api/v1/products/details/${id}/${country}`, token);
        assert.equal(read.statusCode, 200, read.body);
        records.set(country, read.json<{ product: Product }>().product);
      }
      return records;
    }

    test('an Italian description of a 0.75 l, 1.2 kg oil: 0.75 l and 1.2 kg in the gb record, 0,75 l and 1,2 kg in the it record', async () => {
      const { token } = await h.account();
      const records = await createAndRead(
        token,
        {
          title: 'Olio extravergine di oliva Classico',
          brand: 'Monini',
          description: 'Olio extravergine di oliva italiano spremuto a freddo, in bottiglia di vetro da 0,75 l. Peso della confezione 1,2 kg.',
        },
        ['it', 'gb'],
      );
      const it = records.get('it');
      const gb = records.get('gb');
      assert.ok(it && gb);
      assert.equal(gb.state, 'completed');
      assert.match(gb.description ?? '', /0\.75 l/);
      assert.match(gb.description ?? '', /1\.2 kg/);
      const gbText = [gb.title, gb.short_description, gb.description, ...gb.key_features, ...Object.values(gb.global_attr)].join('\n');
      assert.doesNotMatch(gbText, /\d,\d/, gbText);
      assert.match(it.description ?? '', /0,75 l/);
      assert.match(it.description ?? '', /1,2 kg/);
      for (const record of [it, gb]) assert.deepEqual(findUngrounded(record, record.facts), [], record.country);
    });

    test('the shampoo description gives at least four key features in it, de and gb, each grounded in the facts', async () => {
      const { token } = await h.account();
      const records = await createAndRead(
        token,
        { title: 'Shampoo delicato alla camomilla', brand: 'Bionsen', description: 'Shampoo delicato per uso frequente con estratto di camomilla. pH 5,5. Flacone da 250 ml.' },
        ['it', 'de', 'gb'],
      );
      for (const [country, record] of records) {
        assert.equal(record.state, 'completed', country);
        assert.ok(record.key_features.length >= 4, `${country}: ${JSON.stringify(record.key_features)}`);
        assert.ok(!record.validation_messages.some((m) => /key feature/.test(m)), `${country}: ${record.validation_messages.join(' | ')}`);
        assert.deepEqual(findUngrounded({ key_features: record.key_features }, record.facts, country === 'gb' ? 'en-GB' : record.language), [], country);
      }
      assert.ok(records.get('gb')?.key_features.includes('pH 5.5'), JSON.stringify(records.get('gb')?.key_features));
      assert.ok(records.get('it')?.key_features.includes('pH 5,5'), JSON.stringify(records.get('it')?.key_features));
    });
  });
}
