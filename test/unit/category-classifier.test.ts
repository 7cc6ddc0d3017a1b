import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseCategory } from '../../src/domain/categories/choose-category.ts';
import { classifyProduct, MAX_CANDIDATES } from '../../src/domain/categories/classify-product.ts';
import { foldText, PhraseMatcher } from '../../src/domain/categories/phrase-matcher.ts';
import { PRODUCT_WORDS } from '../../src/domain/categories/product-words.ts';
import { factId, type Fact, type FactKey } from '../../src/domain/facts.ts';
import { googleTaxonomy } from '../../src/reference-data/google-taxonomy-files.ts';
import { warmCategoryClassifier } from '../../src/pipeline/warm-category-classifier.ts';

const taxonomy = googleTaxonomy();

function fact(source: string, key: FactKey, value: string, language: string | null = null, attribute?: string): Fact {
  return {
    id: factId(source, key, { attribute, language }),
    key,
    value,
    language,
    source,
    licence: null,
    fetchedAt: '2026-01-01T00:00:00Z',
    ...(attribute === undefined ? {} : { attribute }),
  };
}

const title = (value: string, language: string | null = null) => fact('caller', 'name', value, language);
const best = (facts: Fact[], codeType: 'ean' | 'minsan' | null = 'ean') => classifyProduct(taxonomy, { facts, codeType });
const bestPath = (facts: Fact[], codeType: 'ean' | 'minsan' | null = 'ean') => taxonomy.path(best(facts, codeType).candidates[0]?.id ?? '', 'en').join(' > ');

describe('the category word list', () => {
  test('names only ids of the shipped taxonomy, in folded words', () => {
    for (const [id, phrases] of PRODUCT_WORDS) {
      if (id !== '') assert.ok(taxonomy.get(id) !== undefined, `unknown id ${id}`);
      for (const phrase of phrases.split('|')) assert.equal(foldText(phrase.replaceAll('*', 'x')), phrase.replaceAll('*', 'x'), `${id}: "${phrase}" is not folded`);
    }
  });
});

describe('finding phrases', () => {
  test('reads words folded, and a longer phrase takes its words before a shorter one', () => {
    assert.equal(foldText('Caffè  Crème & Thé, ŁÓDŹ'), 'caffe creme and the lodz');
    const matcher = new PhraseMatcher<string>();
    matcher.add('latte', 'milk');
    matcher.add('latte detergente', 'cleanser');
    matcher.add('spaghett*', 'pasta');
    matcher.add('*sauger', 'vacuum');
    const found = (text: string) => matcher.find(foldText(text).split(' ')).map((m) => m.value);
    assert.deepEqual(found('Latte detergente viso'), ['cleanser']);
    assert.deepEqual(found('Latte intero'), ['milk']);
    assert.deepEqual(found('Vollkorn Spaghettini'), ['pasta']);
    assert.deepEqual(found('Akku Handstaubsauger'), ['vacuum']);
  });
});

describe('classifying a product', () => {
  test('a title in any of the engine languages is enough for a sure answer', () => {
    assert.equal(bestPath([title('Spaghetti n.5 500 g')]), 'Food, Beverages & Tobacco > Food Items > Pasta & Noodles');
    assert.equal(bestPath([title('Akku-Staubsauger kabellos')]), 'Home & Garden > Household Appliances > Vacuums');
    assert.equal(bestPath([title('Smartfon 128 GB czarny')]), 'Electronics > Communications > Telephony > Mobile Phones');
    assert.equal(bestPath([title('Dentifricio sbiancante 75 ml')]), 'Health & Beauty > Personal Care > Oral Care > Toothpaste');
    assert.ok(best([title('Spaghetti n.5 500 g')]).confidence >= 0.5);
  });

  test('what follows "for" or "with" is what the product is for or has, not what it is', () => {
    assert.equal(bestPath([title('Custodia in silicone per smartphone')]), 'Electronics > Communications > Telephony > Mobile Phone Accessories > Mobile Phone Cases');
    assert.equal(bestPath([title("Tonno all'olio di oliva 3 x 80 g")]), 'Food, Beverages & Tobacco > Food Items > Meat, Seafood & Eggs > Seafood > Canned Seafood');
  });

  test("a shop's feed that names a Google category, by id or by path split into columns, is taken at its word", () => {
    const byId = best([fact('catalogue', 'category', '3329'), title('Articolo 4711')]);
    assert.equal(byId.candidates[0]?.id, '3329');
    assert.ok(byId.confidence > 0.9);
    const byPath = best(['Casa e giardino', 'Home & Garden', 'Lighting', 'Light Bulbs'].slice(1).map((segment) => fact('catalogue', 'category', segment)));
    assert.equal(byPath.candidates[0]?.id, '2425');
  });

  test('an AIFA row is a medicine; tablets of a food supplement are a supplement, not a medicine', () => {
    const medicine = best(
      [
        fact('aifa', 'name', 'NOMEFANTASIA', 'it'),
        fact('aifa', 'kind', 'medicine'),
        fact('aifa', 'attribute', 'N02BE01', null, 'atc_code'),
        fact('aifa', 'attribute', 'COMPRESSA', 'it', 'pharmaceutical_form'),
      ],
      'minsan',
    );
    assert.equal(medicine.candidates[0]?.id, '518');
    assert.ok(medicine.confidence > 0.8);
    const supplement = best([title('Vitamina C 1000 30 compresse effervescenti'), fact('caller', 'description', 'Integratore alimentare di vitamina C.')], 'minsan');
    assert.equal(supplement.candidates[0]?.id, '525');
  });

  test('Open Food Facts categories count most where they are most specific, and its broad groups count for nothing', () => {
    const categories = ['Plant-based foods and beverages', 'Beverages', 'Hot beverages', 'Coffees', 'Ground coffees'].map((c) => fact('open_food_facts', 'category', c, 'en'));
    assert.equal(bestPath([fact('open_food_facts', 'kind', 'food'), ...categories]), 'Food, Beverages & Tobacco > Beverages > Coffee');
  });

  test('nothing that says what the product is: no candidate, and nothing is chosen', () => {
    const none = best([title('Art. 4711 blu'), fact('caller', 'brand', 'Acme')]);
    assert.deepEqual(none, { candidates: [], confidence: 0 });
    assert.deepEqual(chooseCategory(none, 0.5), { kind: 'unsure', guess: null, confidence: 0, reason: 'no_evidence' });
  });

  test('a description alone is a guess, not an answer', () => {
    const guess = best([fact('caller', 'description', 'Ideale in cucina: tagliere robusto e facile da lavare.')]);
    assert.equal(guess.candidates[0]?.id, '666');
    assert.ok(guess.confidence < 0.5, String(guess.confidence));
    assert.equal(chooseCategory(guess, 0.5).kind, 'unsure');
  });

  test('lists a few distinct candidates, no category above one already listed', () => {
    const many = best([title('Set padella, pentola, casseruola, tagliere, coltello e mestolo')]);
    assert.ok(many.candidates.length > 1 && many.candidates.length <= MAX_CANDIDATES);
    for (const a of many.candidates)
      for (const b of many.candidates) if (a !== b) assert.ok(!taxonomy.isWithin(a.id, b.id) || many.candidates.indexOf(b) < many.candidates.indexOf(a));
  });
});

describe('choosing the category to store', () => {
  const classification = {
    candidates: [
      { id: '434', score: 2.5 },
      { id: '2229', score: 1 },
    ],
    confidence: 0.4,
  };

  test('the template rule takes the first candidate only when sure enough', () => {
    assert.deepEqual(chooseCategory(classification, 0.3), { kind: 'chosen', id: '434', by: 'classifier' });
    assert.deepEqual(chooseCategory(classification, 0.5), { kind: 'unsure', guess: { id: '434', score: 2.5 }, confidence: 0.4, reason: 'low_confidence' });
  });

  test("a model's pick among the candidates wins, even below the threshold; none leaves it unclassified; a pick from outside is ignored", () => {
    assert.deepEqual(chooseCategory(classification, 0.5, '2229'), { kind: 'chosen', id: '2229', by: 'model' });
    assert.equal(chooseCategory({ ...classification, confidence: 0.9 }, 0.5, null).kind, 'unsure');
    assert.deepEqual(chooseCategory({ ...classification, confidence: 0.9 }, 0.5, '5'), { kind: 'chosen', id: '434', by: 'classifier' });
    assert.equal(chooseCategory(classification, 0.5, '5').kind, 'unsure');
  });
});

test('a worker warms the classifier on real samples: a pesto is a pasta sauce and a kettle an electric kettle, as a generation would classify them', async () => {
  const [pesto, kettle] = await warmCategoryClassifier();
  assert.deepEqual(pesto === null || pesto === undefined ? null : taxonomy.path(pesto, 'en').slice(-1), ['Pasta Sauce']);
  assert.deepEqual(kettle === null || kettle === undefined ? null : taxonomy.path(kettle, 'en').slice(-1), ['Electric Kettles']);
});
