import { callerFacts } from '../../src/domain/caller-facts.ts';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LIMITS, createTemplateEngine } from '../../src/generation/template/engine.ts';
import { languageOf } from '../../src/domain/countries.ts';
import { parseFieldRequests } from '../../src/domain/regenerate-fields.ts';
import type { FieldRequest } from '../../src/domain/regenerate-fields.ts';
import { PermanentGenerationError } from '../../src/services/ports.ts';
import type { EngineInput, EngineOutput } from '../../src/services/ports.ts';
import type { CountryContent } from '../../src/db/content.ts';

type Product = EngineInput['product'];

function product(data: Partial<Product>): Product {
  return {
    id: '7d0c6f2e-4a51-4c1a-9b7e-3f0f4f1d2a10',
    code: null,
    codeType: null,
    sku: null,
    productHandle: null,
    title: null,
    brand: null,
    description: null,
    images: [],
    ...data,
  };
}

const engine = createTemplateEngine();

function generate(
  data: Partial<Product>,
  countries: readonly string[] = ['it'],
  fields: readonly FieldRequest[] | null = null,
  existing: readonly CountryContent[] = [],
): Promise<EngineOutput> {
  const p = product(data);
  return engine.generate({
    product: p,
    facts: callerFacts(p, '2026-01-01T00:00:00.000Z'),
    notes: null,
    agentModel: 'v2',
    targets: countries.map((country) => ({ country, language: languageOf(country) })),
    fields,
    existing,
  });
}

function only(output: EngineOutput): CountryContent {
  assert.equal(output.content.length, 1);
  return output.content[0] as CountryContent;
}

function fieldRequests(fields: Record<string, unknown>): FieldRequest[] {
  const parsed = parseFieldRequests(fields);
  if (!parsed.ok) return assert.fail(`bad fields in test: ${JSON.stringify(parsed.errors)}`);
  return parsed.requests;
}

// --- realistic inputs -------------------------------------------------------------------------

const PASTA: Partial<Product> = {
  code: '8076809513753',
  codeType: 'ean',
  title: 'Spaghetti n.5 500 g',
  brand: 'Barilla',
  description:
    '<p>Gli Spaghetti n.5 Barilla sono prodotti con semola di grano duro di alta qualità. Tempo di cottura: 9 minuti.</p>' +
    '<ul><li>Trafilati al bronzo</li><li>Senza conservanti</li><li>Confezione da 500 g</li></ul>',
  images: ['https://cdn.example-shop.it/media/catalog/product/b/a/barilla-spaghetti-5.jpg'],
};

const SHAMPOO: Partial<Product> = {
  title: 'Feuchtigkeits Shampoo Aloe Vera &amp; Hyaluron, 300 ml',
  brand: 'Balea',
  description:
    '<div class="description"><p>Das Balea Feuchtigkeits Shampoo pflegt trockenes Haar mit Aloe Vera und Hyaluron.</p>' +
    '<p>Die milde Formel mit pH-hautneutraler Rezeptur reinigt sanft.<br/>Für die tägliche Anwendung geeignet.</p>' +
    '<ul><li>Ohne Silikone</li><li>Vegan</li><li>Hautverträglichkeit dermatologisch bestätigt</li><li>Inhalt: 300 ml</li></ul></div>',
};

const HIGHLIGHTER: Partial<Product> = {
  code: '4006381333931',
  codeType: 'ean',
  title: 'BOSS ORIGINAL Textmarker gelb',
  brand: 'STABILO',
  description:
    'Der meistverkaufte Textmarker Europas. Strichbreiten 2 und 5 mm. Anti-Dry-Out: bis zu 4 Stunden ohne Kappe, ohne auszutrocknen. ' +
    'Tinte auf Wasserbasis. Verpackung aus 83% recyceltem Kunststoff.',
};

const TEN_BULLETS: Partial<Product> = {
  title: 'Zaino da trekking 30 l',
  brand: 'Ferrino',
  description:
    '<p>Zaino leggero per escursioni di un giorno.</p><ul>' +
    ['Capacità 30 l', 'Peso 1,1 kg', 'Schienale ventilato', 'Coprizaino antipioggia incluso', 'Tasca porta borraccia', 'Cinghia pettorale regolabile', 'Attacco per bastoncini', 'Tasca frontale elastica', 'Compatibile con sacca idrica 2 l', 'Garanzia 2 anni']
      .map((li) => `<li>${li}</li>`)
      .join('') +
    '</ul>',
};

/** ~10 varied inputs: HTML exports, plain text, description only, long titles, decimals, codes. */
const VARIED: ReadonlyArray<readonly [string, Partial<Product>]> = [
  ['Italian pasta with HTML list', PASTA],
  ['German shampoo from a shop export', SHAMPOO],
  ['highlighter, plain text with numbers', HIGHLIGHTER],
  ['backpack with ten bullets', TEN_BULLETS],
  [
    'olive oil, description only, decimals',
    {
      description:
        'Olio extravergine di oliva 100% italiano, bottiglia da 0,75 l. Acidità massima 0,3%. Raccolto 2023/2024, spremitura a freddo sotto i 27 °C. Da conservare al riparo dalla luce.',
    },
  ],
  [
    'coffee with a very long title',
    {
      title:
        'Qualità Rossa Caffè Macinato per Moka e Macchina Espresso, Miscela di Arabica e Robusta, Intensità 5/10, Tostatura Media, Confezione da 4 x 250 g (1 kg totale), Prodotto in Italia',
      brand: 'Lavazza',
      description: 'Miscela dal gusto pieno e avvolgente. Note di cioccolato e frutta secca. Intensità 5 su 10.',
    },
  ],
  [
    'phone case with model numbers',
    {
      title: 'Custodia in silicone per iPhone 15 Pro Max 6,7"',
      brand: 'Spigen',
      description: '<p>Compatibile con MagSafe.</p><p>Protezione angoli certificata MIL-STD 810G-516.6, cadute fino a 1,8 m.</p>',
      sku: 'SPG-ACS06577',
    },
  ],
  [
    'detergent with a long run-on sentence',
    {
      title: 'Waschmittel Pulver Universal',
      brand: 'Persil',
      description:
        'Persil Universal Pulver entfernt selbst hartnäckige Flecken schon ab 20 °C und sorgt mit der Deep Clean Technologie für reine Sauberkeit bei jeder Wäsche und in jeder Waschmaschine und ist für weiße und helle Wäsche geeignet und reicht für 100 Waschladungen, was es zu einer sehr ergiebigen Packung mit 6,5 kg Inhalt macht, ideal für Familien.',
    },
  ],
  [
    'book with an ISBN and edition in the title',
    {
      title: 'Il nome della rosa. Ediz. speciale 40° anniversario',
      brand: 'Bompiani',
      code: '9788845292613',
      codeType: 'ean',
      description: 'Romanzo di Umberto Eco, pubblicato nel 1980. 624 pagine, copertina rigida.',
    },
  ],
  [
    'numeric character references in a title',
    {
      title: 'Set 2&#215;500 ml Flaschen &#8211; Edelstahl',
      brand: 'Emsa',
      description: 'Isolierflasche hält 12 Stunden heiß und 24 Stunden kalt.',
    },
  ],
];

// --- "never invents a fact": every digit run in the output is a digit run of the input --------

function digitRuns(text: string): string[] {
  return text.normalize('NFKD').match(/[0-9]+/g) ?? [];
}

function inputText(data: Partial<Product>): string {
  return [data.title, data.brand, data.description, data.sku, data.productHandle, ...(data.images ?? [])].filter((x) => x != null).join('\n');
}

function outputTexts(output: EngineOutput): Array<readonly [string, string]> {
  const out: Array<readonly [string, string]> = [];
  for (const c of output.content) {
    const add = (name: string, value: string | null) => {
      if (value !== null) out.push([`${c.country}.${name}`, value]);
    };
    add('title', c.title);
    add('short_description', c.short_description);
    add('description', c.description);
    c.key_features.forEach((f, i) => add(`key_features.${i}`, f));
    for (const [k, v] of Object.entries(c.global_attr)) add(`global_attr.${k}`, v);
    add('title_tag', c.title_tag);
    add('meta_description', c.meta_description);
    add('meta_keywords', c.meta_keywords);
  }
  if (output.productHandle !== null) out.push(['productHandle', output.productHandle]);
  return out;
}

/** Fails naming the field and the number when an output states a number that the input does not. */
function assertNoInventedNumbers(data: Partial<Product>, output: EngineOutput): void {
  const known = new Set(digitRuns(inputText(data)));
  for (const [field, value] of outputTexts(output)) {
    for (const run of digitRuns(value)) {
      assert.ok(known.has(run), `${field} states "${run}", which is not a number in the input: ${JSON.stringify(value)}`);
    }
  }
}

/** How often `word` stands in `text` as a whole word, ignoring case ("Ace" is not in "efficace"). */
function countIgnoringCase(text: string, word: string): number {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (text.match(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu')) ?? []).length;
}

// --- full generation --------------------------------------------------------------------------

describe('template engine: full generation', () => {
  it('returns one record per country, in order, with the language of each country', async () => {
    const output = await generate(PASTA, ['it', 'de']);
    assert.deepEqual(
      output.content.map((c) => [c.country, c.language]),
      [
        ['it', 'it'],
        ['de', 'de'],
      ],
    );
    for (const c of output.content) {
      assert.equal(c.title, 'Barilla Spaghetti n.5 500 g');
      assert.equal(c.global_attr.brand, 'Barilla');
      assert.equal(c.global_attr.net_quantity, '500 g');
      assert.deepEqual(c.key_features, ['Trafilati al bronzo', 'Senza conservanti', 'Confezione da 500 g']);
      assert.deepEqual(c.images, [{ url: PASTA.images?.[0], source: 'caller' }]);
    }
  });

  it('uses the language of gb, ch, be and at', async () => {
    const output = await generate(HIGHLIGHTER, ['gb', 'ch', 'be', 'at']);
    assert.deepEqual(output.content.map((c) => c.language), ['en', 'de', 'nl', 'de']);
  });

  it('the description is the caller\'s HTML as plain text, lists kept as lines', async () => {
    const c = only(await generate(PASTA));
    assert.equal(
      c.description,
      'Gli Spaghetti n.5 Barilla sono prodotti con semola di grano duro di alta qualità. Tempo di cottura: 9 minuti.\n' +
        '- Trafilati al bronzo\n- Senza conservanti\n- Confezione da 500 g',
    );
    assert.doesNotMatch(c.description ?? '', /[<>]/);
  });

  describe('title has the brand exactly once', () => {
    const cases: ReadonlyArray<readonly [string, Partial<Product>, string]> = [
      ['brand missing from the title is put in front', { title: 'Spaghetti n.5', brand: 'Barilla' }, 'Barilla Spaghetti n.5'],
      ['brand already first', { title: 'Barilla Spaghetti n.5', brand: 'Barilla' }, 'Barilla Spaghetti n.5'],
      ['brand already last, other case', { title: 'Spaghetti n.5 BARILLA', brand: 'Barilla' }, 'Spaghetti n.5 BARILLA'],
      ['upper-case brand', { title: 'BOSS ORIGINAL Textmarker gelb', brand: 'STABILO' }, 'STABILO BOSS ORIGINAL Textmarker gelb'],
      ['HTML and a final full stop in the title are cleaned', { title: '<b>Spaghetti</b>  n.5.', brand: 'Barilla' }, 'Barilla Spaghetti n.5'],
      ['no brand: title as given', { title: 'Evidenziatore giallo fluo' }, 'Evidenziatore giallo fluo'],
      [
        'brand that only appears inside another word is still added',
        { title: 'Candeggina efficace contro le macchie 2 l', brand: 'Ace' },
        'Ace Candeggina efficace contro le macchie 2 l',
      ],
    ];
    for (const [name, data, title] of cases) {
      it(name, async () => {
        const c = only(await generate(data));
        assert.equal(c.title, title);
        if (data.brand) assert.equal(countIgnoringCase(c.title ?? '', data.brand), 1, c.title ?? '');
      });
    }
  });

  it('short_description and meta_description are prose: list items are not glued in with their "- " markers', async () => {
    for (const data of [PASTA, SHAMPOO, TEN_BULLETS]) {
      const c = only(await generate(data));
      assert.doesNotMatch(c.short_description ?? '', /(^|\s)- /, c.short_description ?? '');
      assert.doesNotMatch(c.meta_description ?? '', /(^|\s)- /, c.meta_description ?? '');
    }
  });

  it('a product with a description but no title gets a title from its first sentence', async () => {
    const c = only(await generate({ brand: 'Balea', description: 'Mildes Shampoo für trockenes Haar mit Aloe Vera. Ohne Silikone. Vegan.' }));
    assert.equal(c.title, 'Balea Mildes Shampoo für trockenes Haar mit Aloe Vera');
    assert.deepEqual(c.key_features, ['Ohne Silikone', 'Vegan']);
  });

  it('respects every length limit on every varied input', async () => {
    for (const [name, data] of VARIED) {
      const output = await generate(data, ['it', 'de']);
      for (const c of output.content) {
        assert.ok(c.title !== null && c.title.length > 0 && c.title.length <= LIMITS.title, `${name}: title ${c.title}`);
        assert.ok(c.title_tag !== null && c.title_tag.length > 0 && c.title_tag.length <= 60, `${name}: title_tag ${c.title_tag}`);
        assert.ok(c.meta_description !== null && c.meta_description.length <= 160, `${name}: meta_description ${c.meta_description}`);
        assert.ok((c.short_description ?? '').length <= LIMITS.shortDescription, `${name}: short_description`);
        assert.ok(c.key_features.length <= 7, `${name}: ${c.key_features.length} key features`);
        for (const f of c.key_features) assert.ok(f.length >= 1 && f.length <= LIMITS.keyFeatureLength, `${name}: feature ${f}`);
        assert.ok((c.meta_keywords ?? '').split(', ').length <= LIMITS.keywords, `${name}: keywords`);
      }
    }
  });

  it('title_tag is the whole title when it fits, else a word-boundary prefix of it', async () => {
    const short = only(await generate(PASTA));
    assert.equal(short.title_tag, short.title);
    const [, coffee] = VARIED.find(([n]) => n.startsWith('coffee')) ?? assert.fail();
    const long = only(await generate(coffee));
    assert.ok((long.title ?? '').length > 60);
    assert.ok(long.title?.startsWith(long.title_tag ?? '\u0000'));
    assert.equal(long.title_tag, 'Lavazza Qualità Rossa Caffè Macinato per Moka e Macchina');
  });

  it('key features: at most 7, taken in order from a long list', async () => {
    const c = only(await generate(TEN_BULLETS));
    assert.deepEqual(c.key_features, [
      'Capacità 30 l',
      'Peso 1,1 kg',
      'Schienale ventilato',
      'Coprizaino antipioggia incluso',
      'Tasca porta borraccia',
      'Cinghia pettorale regolabile',
      'Attacco per bastoncini',
    ]);
  });

  it('key features: none without a description, and the record says why', async () => {
    const c = only(await generate({ title: 'Evidenziatore giallo', brand: 'Stabilo', images: ['https://cdn.example.it/p/1.jpg'] }));
    assert.deepEqual(c.key_features, []);
    assert.equal(c.description, null);
    assert.equal(c.short_description, null);
    assert.ok(c.validation_messages.some((m) => /no description/i.test(m)), JSON.stringify(c.validation_messages));
  });

  it('the product handle is the caller\'s, or a slug of brand and title with the brand once', async () => {
    assert.equal((await generate(PASTA)).productHandle, 'barilla-spaghetti-n-5-500-g');
    assert.equal((await generate({ ...PASTA, title: 'Barilla Spaghetti n.5' })).productHandle, 'barilla-spaghetti-n-5');
    assert.equal((await generate({ ...PASTA, productHandle: 'spaghetti-5' })).productHandle, 'spaghetti-5');
  });

  it('is deterministic', async () => {
    assert.deepEqual(await generate(SHAMPOO, ['de', 'at']), await generate(SHAMPOO, ['de', 'at']));
  });

  describe('never invents a number', () => {
    for (const [name, data] of VARIED) {
      it(name, async () => assertNoInventedNumbers(data, await generate(data, ['it', 'de'])));
    }

    it('the helper itself catches an invented number', () => {
      const fake: EngineOutput = { content: [], productHandle: 'barilla-spaghetti-n-7' };
      assert.throws(() => assertNoInventedNumbers(PASTA, fake), /"7"/);
      // and a number cut short: 4006381333931 → 40063
      assert.throws(() => assertNoInventedNumbers(HIGHLIGHTER, { content: [], productHandle: 'boss-40063' }), /"40063"/);
    });

    it('a long datasheet URL at the meta_description limit is not cut inside the GTIN it contains', async () => {
      const gtin = '4006381333931';
      const lead = 'Scheda tecnica:';
      // the URL starts within the first half of 160 characters and its GTIN straddles character 160
      const path = `https://www.example-shop.it/media/catalog/product/schede-tecniche-it/stabilo-boss-original-evidenziatore-giallo-confezione-da-10-pezzi-`;
      const data: Partial<Product> = { title: 'Evidenziatore giallo', brand: 'STABILO', description: `${lead} ${path}${gtin}.pdf` };
      assert.ok(lead.length + 1 < 80 && lead.length + 1 + path.length < 160 && lead.length + 1 + path.length + gtin.length > 160);
      assertNoInventedNumbers(data, await generate(data));
    });
  });

  describe('no data to write from', () => {
    const isNoData = (err: unknown) => {
      assert.ok(err instanceof PermanentGenerationError, String(err));
      assert.equal(err.reason, 'product_data_not_found');
      return true;
    };
    it('images only → PermanentGenerationError product_data_not_found', async () => {
      await assert.rejects(generate({ images: ['https://cdn.example-shop.de/p/balea-front.jpg'], brand: 'Balea' }), isNoData);
    });
    it('a code only → product_data_not_found', async () => {
      await assert.rejects(generate({ code: '4006381333931', codeType: 'ean' }), isNoData);
    });
    it('blank title and markup-only description → product_data_not_found', async () => {
      await assert.rejects(generate({ title: '   ', description: '<p>&nbsp;</p><br/>' }), isNoData);
    });
  });
});

// --- regeneration -----------------------------------------------------------------------------

/** Every field of the record except the named ones, sources and validation messages. */
function untouched(record: CountryContent, changed: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...record };
  for (const name of changed) delete copy[name];
  delete copy.sources;
  delete copy.validation_messages;
  const sources: Record<string, unknown> = { ...record.sources };
  for (const name of changed) delete sources[name];
  copy.sources = sources;
  copy.validation_messages = record.validation_messages.filter((m) => !m.startsWith('Regeneration:'));
  return copy;
}

/** A generated record as stored, then edited by hand so that a rebuild would visibly differ. */
async function storedPasta(countries: readonly string[] = ['it', 'de']): Promise<CountryContent[]> {
  const output = await generate(PASTA, countries);
  return output.content.map((c) => ({
    ...c,
    title: 'Barilla Spaghetti n.5 – Edizione Limitata',
    meta_description: 'Spaghetti n.5 Barilla: la pasta di semola di grano duro.',
    global_attr: { ...c.global_attr, color: 'Giallo paglierino' },
  }));
}

describe('template engine: regeneration', () => {
  it('a new value replaces only the named field, in every country', async () => {
    const existing = await storedPasta();
    const output = await generate(PASTA, ['it', 'de'], fieldRequests({ title: 'Spaghetti n.5 Barilla, 1 kg' }), existing);
    assert.equal(output.content.length, 2);
    for (const [i, c] of output.content.entries()) {
      const before = existing[i] as CountryContent;
      assert.equal(c.country, before.country);
      assert.equal(c.title, 'Spaghetti n.5 Barilla, 1 kg');
      assert.deepEqual(untouched(c, ['title']), untouched(before, ['title']));
      assert.deepEqual(c.sources.title, ['caller.fields.title']);
    }
  });

  it('does not change the stored records it was given', async () => {
    const existing = await storedPasta();
    const snapshot = structuredClone(existing);
    await generate(PASTA, ['it', 'de'], fieldRequests({ title: 'Nuovo', key_features: '', 'global_attr.color': 'Rosso' }), existing);
    assert.deepEqual(existing, snapshot);
  });

  it('untouched fields keep their stored value even when the product data changed', async () => {
    const existing = await storedPasta(['it']);
    const newData = { ...PASTA, title: 'Spaghettoni n.7 1 kg', description: 'Spaghettoni di semola. Cottura 13 minuti.' };
    const c = only(await generate(newData, ['it'], fieldRequests({ meta_keywords: '' }), existing));
    assert.equal(c.title, 'Barilla Spaghetti n.5 – Edizione Limitata');
    assert.equal(c.description, existing[0]?.description);
    assert.equal(c.meta_keywords, 'barilla, spaghettoni, n.7');
    assert.deepEqual(untouched(c, ['meta_keywords']), untouched(existing[0] as CountryContent, ['meta_keywords']));
  });

  it('an empty value rebuilds the field from the product data', async () => {
    const existing = await storedPasta(['it']);
    const fresh = only(await generate(PASTA));
    const c = only(await generate(PASTA, ['it'], fieldRequests({ title: '', meta_description: '' }), existing));
    assert.equal(c.title, fresh.title);
    assert.equal(c.title, 'Barilla Spaghetti n.5 500 g');
    assert.equal(c.meta_description, fresh.meta_description);
    assert.deepEqual(c.sources.title, fresh.sources.title);
    assert.deepEqual(untouched(c, ['title', 'meta_description']), untouched(existing[0] as CountryContent, ['title', 'meta_description']));
  });

  it('a whitespace- or markup-only value counts as empty and rebuilds', async () => {
    const existing = await storedPasta(['it']);
    const c = only(await generate(PASTA, ['it'], fieldRequests({ title: '  <p>&nbsp;</p> ' }), existing));
    assert.equal(c.title, 'Barilla Spaghetti n.5 500 g');
  });

  it('a new value is cleaned of HTML and extra spaces', async () => {
    const existing = await storedPasta(['it']);
    const c = only(await generate(PASTA, ['it'], fieldRequests({ title: '<p>Barilla <b>Spaghetti n.5</b>\n  &amp; sugo</p>' }), existing));
    assert.equal(c.title, 'Barilla Spaghetti n.5 & sugo');
  });

  it('a title over 150 characters is cut at a word and the record says so', async () => {
    const existing = await storedPasta(['it']);
    const long = 'Barilla Spaghetti n.5 pasta di semola di grano duro trafilata al bronzo '.repeat(3).trim();
    assert.ok(long.length > 150);
    const c = only(await generate(PASTA, ['it'], fieldRequests({ title: long }), existing));
    assert.ok((c.title ?? '').length <= 150);
    assert.ok(long.startsWith(c.title ?? '\u0000'));
    assert.equal(long.charAt((c.title ?? '').length), ' ');
    assert.ok(c.validation_messages.some((m) => m.includes('title') && m.includes('150')), JSON.stringify(c.validation_messages));
  });

  it('title_tag and meta_description are cut to 60 and 160', async () => {
    const existing = await storedPasta(['it']);
    const tag = 'Spaghetti n.5 Barilla – pasta di semola di grano duro italiana, 500 g';
    const meta = `${'Gli Spaghetti n.5 Barilla sono fatti con semola di grano duro. '.repeat(3)}Cottura 9 minuti.`;
    const c = only(await generate(PASTA, ['it'], fieldRequests({ title_tag: tag, meta_description: meta }), existing));
    assert.ok((c.title_tag ?? '').length <= 60 && tag.startsWith(c.title_tag ?? '\u0000'), c.title_tag ?? '');
    assert.ok((c.meta_description ?? '').length <= 160 && meta.startsWith(c.meta_description ?? '\u0000'), c.meta_description ?? '');
    assert.ok(c.validation_messages.some((m) => m.includes('title_tag') && m.includes('60')));
    assert.ok(c.validation_messages.some((m) => m.includes('meta_description') && m.includes('160')));
  });

  it('a value within the limit adds no cut message, and old regeneration messages are dropped', async () => {
    const existing = (await storedPasta(['it'])).map((c) => ({
      ...c,
      validation_messages: [...c.validation_messages, 'Regeneration: title was cut to 150 characters.'],
    }));
    const c = only(await generate(PASTA, ['it'], fieldRequests({ title: 'Spaghetti n.5' }), existing));
    assert.ok(!c.validation_messages.some((m) => m.startsWith('Regeneration:')), JSON.stringify(c.validation_messages));
    assert.deepEqual(c.validation_messages, existing[0]?.validation_messages.filter((m) => !m.startsWith('Regeneration:')));
  });

  it('key_features from a value: list lines or ; separated, at most 7', async () => {
    const existing = await storedPasta(['it']);
    const fromList = only(await generate(PASTA, ['it'], fieldRequests({ key_features: '<ul><li>Trafilata al bronzo</li><li>Essiccazione lenta</li></ul>' }), existing));
    assert.deepEqual(fromList.key_features, ['Trafilata al bronzo', 'Essiccazione lenta']);
    const fromSemicolons = only(await generate(PASTA, ['it'], fieldRequests({ key_features: 'Trafilata al bronzo; Essiccazione lenta;  Senza conservanti ' }), existing));
    assert.deepEqual(fromSemicolons.key_features, ['Trafilata al bronzo', 'Essiccazione lenta', 'Senza conservanti']);
    const many = Array.from({ length: 9 }, (_, i) => `- Caratteristica ${i + 1}`).join('\n');
    assert.equal(only(await generate(PASTA, ['it'], fieldRequests({ key_features: many }), existing)).key_features.length, 7);
  });

  it('key_features empty rebuilds them from the description', async () => {
    const existing = (await storedPasta(['it'])).map((c) => ({ ...c, key_features: ['Vecchia caratteristica'] }));
    const c = only(await generate(PASTA, ['it'], fieldRequests({ key_features: '' }), existing));
    assert.deepEqual(c.key_features, ['Trafilati al bronzo', 'Senza conservanti', 'Confezione da 500 g']);
    assert.deepEqual(untouched(c, ['key_features']), untouched(existing[0] as CountryContent, ['key_features']));
  });

  it('description from a value is the value as plain text', async () => {
    const existing = await storedPasta(['it']);
    const c = only(await generate(PASTA, ['it'], fieldRequests({ description: '<p>Pasta di semola.</p><ul><li>Cottura 9 minuti</li></ul>' }), existing));
    assert.equal(c.description, 'Pasta di semola.\n- Cottura 9 minuti');
    assert.deepEqual(untouched(c, ['description']), untouched(existing[0] as CountryContent, ['description']));
  });

  it('global_attr.<name> with a value sets that attribute and keeps the others', async () => {
    const existing = await storedPasta(['it', 'de']);
    const output = await generate(PASTA, ['it', 'de'], fieldRequests({ 'global_attr.material': '  Semola di grano duro ' }), existing);
    for (const [i, c] of output.content.entries()) {
      const before = existing[i] as CountryContent;
      assert.deepEqual(c.global_attr, { ...before.global_attr, material: 'Semola di grano duro' });
      assert.deepEqual(c.sources['global_attr.material'], ['caller.fields.global_attr.material']);
      assert.deepEqual(untouched(c, ['global_attr', 'global_attr.material']), untouched(before, ['global_attr', 'global_attr.material']));
      assert.deepEqual(c.sources.global_attr, before.sources.global_attr);
    }
  });

  it('global_attr.<name> empty rebuilds it from the data when there is a fact for it', async () => {
    const existing = (await storedPasta(['it'])).map((c) => ({ ...c, global_attr: { ...c.global_attr, brand: 'Barila' } }));
    const c = only(await generate(PASTA, ['it'], fieldRequests({ 'global_attr.brand': '' }), existing));
    assert.equal(c.global_attr.brand, 'Barilla');
    assert.equal(c.global_attr.color, 'Giallo paglierino');
  });

  it('global_attr.<name> empty with no fact leaves the attribute as it was and says so', async () => {
    const existing = await storedPasta(['it']);
    const c = only(await generate(PASTA, ['it'], fieldRequests({ 'global_attr.color': '', 'global_attr.origin': '' }), existing));
    assert.equal(c.global_attr.color, 'Giallo paglierino');
    assert.equal(c.global_attr.origin, undefined);
    assert.equal(c.validation_messages.filter((m) => m.startsWith('Regeneration:')).length, 2);
  });

  it('a country without a stored record gets a full record', async () => {
    const existing = await storedPasta(['it']);
    const output = await generate(PASTA, ['it', 'fr'], fieldRequests({ 'global_attr.color': 'Giallo' }), existing);
    const [it_, fr] = output.content;
    assert.equal(it_?.title, 'Barilla Spaghetti n.5 – Edizione Limitata');
    assert.equal(fr?.country, 'fr');
    assert.equal(fr?.language, 'fr');
    assert.equal(fr?.title, 'Barilla Spaghetti n.5 500 g');
  });

  it('regenerated content also never invents a number (empty values rebuild from data)', async () => {
    for (const [name, data] of VARIED) {
      const existing = (await generate(data, ['it', 'de'])).content;
      const all = fieldRequests({
        title: '',
        short_description: '',
        description: '',
        key_features: '',
        title_tag: '',
        meta_description: '',
        meta_keywords: '',
        'global_attr.net_quantity': '',
      });
      const output = await generate(data, ['it', 'de'], all, existing);
      try {
        assertNoInventedNumbers(data, output);
      } catch (err) {
        assert.fail(`${name}: ${(err as Error).message}`);
      }
    }
  });
});
