import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { migrate } from '../../src/db/migrate.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { seedProduct } from '../helpers/seed-products.ts';

// Records written before findings carried their field and check held sentences only. Migration
// 031 names each one's field and check once, from its wording; the API then serves both shapes,
// the sentences as before and the findings as data, for old records as for new ones.

const MIGRATION = '031_validation_issues.sql';

/** Sentences as the engines wrote them before, one of each kind the migration reads. */
const OLD_MESSAGES = [
  'title: is 175 characters long; the limit is 150.',
  'Regeneration: key_features.2: claims to cure a disease; the previous text was kept.',
  'global_attr.power: "9000 W" is not a value of the schema that a cited fact states; left empty.',
  'Grounding check: description states "900 mg", which no fact supports.',
  'Markup was removed from the meta_description (script).',
  'Markup was removed from the data of source open_food_facts (img).',
  'The product name is in German; the template engine does not translate, so it is used as it is in this Italian record.',
  'Only 2 key feature(s): the facts support no more, and the template engine does not add invented ones (3 to 7 are expected).',
  'The facts say nothing beyond the product name and brand, so the record has no description or short description.',
  'Image https://img.example/a.jpg could not be standardised and is listed without renditions: not an image',
  'Source icecat was unreachable (marked down); the record was written without its data.',
  'Note not applied by the template engine: "be funny".',
  'Something said of the meta keywords in words of its own.',
  'Something said of the record as a whole.',
];

for (const target of databaseTargets()) {
  describe(`validation messages stored before migration ${MIGRATION} [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h.close();
    });

    test('each old sentence gets its field and check; the sentences are served as they were', async () => {
      const { id: accountId, token } = await h.account();
      const id = await seedProduct(h.database.db, accountId, { countries: ['it'], content: { it: { title: 'Lampada' } } });
      // The database as it stood before the migration, with a record written then.
      await h.database.db.query('ALTER TABLE product_content RENAME COLUMN validation_issues TO validation_messages');
      await h.database.db.query('UPDATE product_content SET validation_messages = $2::jsonb WHERE product_id = $1', [id, JSON.stringify(OLD_MESSAGES)]);
      await h.database.db.query('DELETE FROM schema_migrations WHERE name = $1', [MIGRATION]);
      assert.deepEqual(await migrate(h.database.db), [MIGRATION]);

      const res = await h.get(`/api/v1/products/details/${id}/it`, token);
      assert.equal(res.statusCode, 200, res.body);
      const product = res.json<{ product: { validation_messages: string[]; validation_issues: { field: string | null; check: string; message: string }[] } }>().product;
      assert.deepEqual(product.validation_messages, OLD_MESSAGES);
      assert.deepEqual(
        product.validation_issues.map((i) => [i.field, i.check]),
        [
          ['title', 'unclassified'],
          ['key_features', 'unclassified'],
          ['global_attr.power', 'attribute_value'],
          ['description', 'ungrounded'],
          ['meta_description', 'markup'],
          [null, 'markup'],
          ['title', 'untranslated'],
          ['key_features', 'few_key_features'],
          ['description', 'no_description'],
          ['images', 'images'],
          [null, 'source'],
          [null, 'note_not_applied'],
          ['meta_keywords', 'unclassified'],
          [null, 'unclassified'],
        ],
      );
      assert.deepEqual(
        product.validation_issues.map((i) => i.message),
        OLD_MESSAGES,
      );

      const listed = (await h.get('/api/v1/products', token)).json<{ data: { data: { validation_issues: unknown[] }[] } }>().data.data;
      assert.equal(listed[0]?.validation_issues.length, OLD_MESSAGES.length, 'the list serves them too');
    });
  });
}
