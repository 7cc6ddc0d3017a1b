import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { callerFacts } from '../../src/domain/caller-facts.ts';
import type { CountryContent } from '../../src/domain/content.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { contentFieldRequests, parseFieldRequests, type ContentFieldRequest } from '../../src/domain/regenerate-fields.ts';
import { findUngrounded } from '../../src/generation/grounding.ts';
import { CONTENT_LIMITS } from '../../src/domain/content-limits.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { PermanentGenerationError, type EngineInput, type EngineOutput } from '../../src/domain/generation-ports.ts';
import { defined } from '../helpers/assert.ts';
import { fact, FACT_TIME } from '../helpers/make-fact.ts';

// --- building inputs ----------------------------------------------------------------------------

const AT = FACT_TIME;

const attr = (name: string, value: string, language: string | null = null) => fact('attribute', value, { attribute: name, language });

type Product = EngineInput['product'];
const PRODUCT: Product = {
  id: '7d0c6f2e-4a51-4c1a-9b7e-3f0f4f1d2a10',
  code: null,
  codeType: null,
  sku: null,
  productHandle: null,
  title: null,
  brand: null,
  description: null,
  images: [],
};

interface Call {
  facts: readonly Fact[];
  languages?: readonly string[];
  notes?: string | null;
  fields?: readonly ContentFieldRequest[] | null;
  existing?: readonly CountryContent[];
  product?: Partial<Product>;
}

const engine = createTemplateEngine();

function generate(call: Call): Promise<EngineOutput> {
  return engine.generate({
    product: { ...PRODUCT, ...call.product },
    facts: call.facts,
    notes: call.notes ?? null,
    agentModel: 'v2',
    targets: (call.languages ?? ['it']).map((language) => ({ country: language === 'en' ? 'gb' : language, language })),
    fields: call.fields ?? null,
    existing: call.existing ?? [],
  });
}

async function one(call: Call): Promise<CountryContent> {
  const output = await generate(call);
  assert.equal(output.content.length, 1);
  return defined(output.content[0], 'record');
}

function fields(values: Record<string, string>): ContentFieldRequest[] {
  const parsed = parseFieldRequests(values);
  if (!parsed.ok) return assert.fail(JSON.stringify(parsed.errors));
  return contentFieldRequests(parsed.requests);
}

function caller(data: { title?: string; brand?: string; description?: string; images?: string[] }): Fact[] {
  return callerFacts({ title: data.title ?? null, brand: data.brand ?? null, description: data.description ?? null, images: data.images ?? [] }, AT);
}

// --- realistic fact sets ------------------------------------------------------------------------

const PASTA: readonly Fact[] = [
  fact('name', 'Spaghetti n.5', { source: 'open_food_facts', language: 'it' }),
  fact('brand', 'Barilla', { source: 'open_food_facts' }),
  fact('quantity', '500g', { source: 'open_food_facts' }),
  fact('kind', 'food', { source: 'open_food_facts' }),
  fact('category', 'Pasta', { source: 'open_food_facts', language: 'it' }),
  fact('category', 'Spaghetti', { source: 'open_food_facts', language: 'it', index: 1 }),
  fact('ingredients', 'Ingredienti: semola di grano duro, acqua.', { source: 'open_food_facts', language: 'it' }),
  fact('allergens', 'glutine', { source: 'open_food_facts', language: 'it' }),
  fact('description', '<p>Pasta di semola di grano duro trafilata al bronzo.</p><ul><li>Cottura 9 minuti</li><li>Ideale con sughi di pomodoro</li></ul>', {
    source: 'open_food_facts',
    language: 'it',
  }),
  fact('image', 'https://images.openfoodfacts.org/images/products/807/680/951/3753/front_it.jpg', { source: 'open_food_facts' }),
];

const ASPIRIN: readonly Fact[] = [
  fact('name', 'TACHIPIRINA', { source: 'aifa', language: 'it' }),
  fact('brand', 'AZIENDE CHIMICHE RIUNITE ANGELINI FRANCESCO A.C.R.A.F. S.P.A.', { source: 'aifa' }),
  fact('kind', 'medicine', { source: 'aifa' }),
  fact('quantity', '30 compresse', { source: 'aifa', language: 'it' }),
  { ...attr('active_ingredient', 'PARACETAMOLO', 'it'), source: 'aifa' },
  { ...attr('pharmaceutical_form', 'COMPRESSA', 'it'), source: 'aifa' },
  { ...attr('atc_code', 'N02BE01'), source: 'aifa' },
  { ...attr('supply_regime', 'SOP'), source: 'aifa' },
  fact('description', 'Il miglior antidolorifico in commercio. Indicato per il trattamento sintomatico degli stati febbrili.', { source: 'catalogue', language: 'it' }),
];

const HIGHLIGHTER: readonly Fact[] = [
  fact('name', 'BOSS ORIGINAL Textmarker', { language: 'de' }),
  fact('brand', 'STABILO'),
  fact('variant', 'gelb', { language: 'de' }),
  fact('kind', 'household'),
  attr('colour', 'gelb', 'de'),
  attr('line_width', '2 + 5 mm'),
  fact('description', 'Der meistverkaufte Textmarker Europas.\n- Anti-Dry-Out: bis zu 4 Stunden ohne Kappe\n- Tinte auf Wasserbasis\n- Verpackung aus 83% recyceltem Kunststoff', {
    language: 'de',
  }),
];

const VARIED: ReadonlyArray<readonly [string, readonly Fact[]]> = [
  ['pasta from Open Food Facts', PASTA],
  ['medicine from AIFA', ASPIRIN],
  ['highlighter, German facts', HIGHLIGHTER],
  [
    'water multipack, shouted name, duplicates from two sources',
    [
      fact('name', 'ACQUA MINERALE NATURALE 6X1.5L', { source: 'catalogue' }),
      fact('name', 'Acqua minerale naturale 6x1.5L', { source: 'open_food_facts' }),
      fact('brand', 'Levissima', { source: 'catalogue' }),
      fact('brand', 'Levissima', { source: 'open_food_facts' }),
      fact('quantity', '6 x 1.5 l', { source: 'open_food_facts' }),
      fact('kind', 'food', { source: 'open_food_facts' }),
    ],
  ],
  [
    'caller data only, HTML description',
    caller({
      title: 'Feuchtigkeits Shampoo Aloe Vera &amp; Hyaluron, 300 ml',
      brand: 'Balea',
      description:
        '<div><p>Das Balea Feuchtigkeits Shampoo pflegt trockenes Haar mit Aloe Vera und Hyaluron.</p><ul><li>Ohne Silikone</li><li>Vegan</li><li>pH-hautneutral</li><li>Inhalt: 300 ml</li></ul></div>',
    }),
  ],
  [
    'description only, decimals',
    caller({ description: 'Olio extravergine di oliva 100% italiano, bottiglia da 0,75 l. Acidità massima 0,3%. Spremitura a freddo sotto i 27 °C.' }),
  ],
  [
    'very long ingredients list and long name',
    [
      fact('name', 'Biscotti frollini con gocce di cioccolato fondente e nocciole del Piemonte IGP, senza olio di palma, confezione famiglia risparmio', { language: 'it' }),
      fact('brand', 'Mulino Bianco'),
      fact('kind', 'food'),
      fact('quantity', '800 g'),
      fact('ingredients', `farina di frumento, ${Array.from({ length: 60 }, (_, i) => `ingrediente ${i + 1}`).join(', ')}`, { language: 'it' }),
    ],
  ],
];

const ALL_LANGUAGES = ['it', 'en', 'de', 'fr', 'es', 'nl', 'pt', 'pl'];

// --- title ----------------------------------------------------------------------------------------

describe('title', () => {
  const facts = [fact('name', 'Spaghetti n.5'), fact('brand', 'Barilla'), fact('quantity', '500 g')];
  const expected: Readonly<Record<string, string>> = {
    it: 'Barilla Spaghetti n.5, 500 g',
    en: 'Barilla Spaghetti n.5, 500 g',
    de: 'Barilla Spaghetti n.5, 500 g',
    nl: 'Barilla Spaghetti n.5, 500 g',
    pl: 'Barilla Spaghetti n.5, 500 g',
    // Brand first in every language, as Amazon and Google Shopping ask; French keeps its " - ".
    fr: 'Barilla Spaghetti n.5 - 500 g',
    es: 'Barilla Spaghetti n.5, 500 g',
    pt: 'Barilla Spaghetti n.5, 500 g',
  };
  for (const [language, title] of Object.entries(expected)) {
    it(`${language}: order and separators → ${title}`, async () => {
      assert.equal((await one({ facts, languages: [language] })).title, title);
    });
  }

  it('an ALL-CAPS name is re-cased per language, keeping acronyms and units', async () => {
    const shouted = [fact('name', 'LAMPADA LED RICARICABILE USB-C 500ML'), fact('brand', 'Osram')];
    assert.equal((await one({ facts: shouted, languages: ['it'] })).title, 'Osram Lampada LED ricaricabile USB-C 500 ml');
    assert.equal(
      (await one({ facts: [fact('name', 'ORGANIC APPLE JUICE WITH GINGER 1L'), fact('brand', 'Innocent')], languages: ['en'] })).title,
      'Innocent Organic Apple Juice with Ginger 1 l',
    );
    assert.equal((await one({ facts: [fact('name', 'SPAGHETTI N.5')], languages: ['de'] })).title, 'Spaghetti n.5');
  });

  it('the brand is not repeated when the name already contains it, in any case', async () => {
    for (const name of ['Barilla Spaghetti n.5', 'Spaghetti n.5 BARILLA']) {
      for (const language of ['it', 'fr']) {
        const title = defined((await one({ facts: [fact('name', name), fact('brand', 'Barilla')], languages: [language] })).title);
        assert.equal((title.match(/barilla/gi) ?? []).length, 1, title);
      }
    }
  });

  it('a brand found only inside another word is still added', async () => {
    assert.equal((await one({ facts: [fact('name', 'Candeggina efficace'), fact('brand', 'Ace')] })).title, 'Ace Candeggina efficace');
  });

  it('no brand: the name alone; a company (medicine holder) is not put in the title', async () => {
    assert.equal((await one({ facts: [fact('name', 'Evidenziatore giallo')] })).title, 'Evidenziatore giallo');
    assert.equal((await one({ facts: ASPIRIN })).title, 'Tachipirina 30 compresse');
  });

  it('the quantity is not repeated when the name states it, and is written for the locale', async () => {
    const facts2 = [fact('name', 'Acqua naturale 1.5L'), fact('quantity', '1,5 l')];
    assert.equal((await one({ facts: facts2, languages: ['it'] })).title, 'Acqua naturale 1,5 l');
    assert.equal((await one({ facts: facts2, languages: ['en'] })).title, 'Acqua Naturale 1.5 l'.replace('Naturale', 'naturale'));
  });

  it('stays within 150 characters, cutting between words, keeping brand first', async () => {
    const long = `Zaino ${'leggerissimo '.repeat(20)}da trekking`;
    const title = defined((await one({ facts: [fact('name', long), fact('brand', 'Ferrino'), fact('quantity', '30 l')] })).title);
    assert.ok(title.length <= CONTENT_LIMITS.title.maxChars, title);
    assert.ok(title.startsWith('Ferrino Zaino leggerissimo'));
    assert.ok(long.includes(title.slice('Ferrino '.length)), title);
  });

  it('a product with a description but no name takes its first sentence, and says so', async () => {
    const c = await one({ facts: caller({ brand: 'Balea', description: 'Mildes Shampoo für trockenes Haar mit Aloe Vera. Ohne Silikone. Vegan.' }), languages: ['de'] });
    assert.equal(c.title, 'Balea Mildes Shampoo für trockenes Haar mit Aloe Vera');
    assert.ok(c.validation_issues.map((i) => i.message).some((m) => /no product name/.test(m)));
  });
});

// --- descriptions, features, attributes, SEO -----------------------------------------------------

describe('descriptions and key features', () => {
  it('Italian food record: templates, facts, labelled ingredients and allergens', async () => {
    const c = await one({ facts: PASTA });
    assert.equal(c.short_description, 'Spaghetti n.5 di Barilla, in confezione da 500 g. Pasta di semola di grano duro trafilata al bronzo.');
    assert.equal(
      c.description,
      'Spaghetti n.5 di Barilla, in confezione da 500 g.\nPasta di semola di grano duro trafilata al bronzo.\n- Cottura 9 minuti\n- Ideale con sughi di pomodoro\n' +
        'Categoria: Spaghetti.\nIngredienti: semola di grano duro, acqua.\nAllergeni: glutine.',
    );
    // What the product is and its short ingredients list are statements of their own.
    assert.deepEqual(c.key_features, [
      'Cottura 9 minuti',
      'Ideale con sughi di pomodoro',
      'Contenuto: 500 g',
      'Contiene: glutine',
      'Categoria: Spaghetti',
      'Ingredienti: semola di grano duro, acqua',
    ]);
    assert.deepEqual(
      c.validation_issues.map((i) => i.message),
      [],
    );
  });

  it('the sentence templates are localised in every language', async () => {
    const intros: Readonly<Record<string, string>> = {
      en: 'Spaghetti n.5 by Barilla, 500 g pack.',
      de: 'Spaghetti n.5 von Barilla, Inhalt: 500 g.',
      fr: 'Spaghetti n.5 de Barilla, en format de 500 g.',
      es: 'Spaghetti n.5 de Barilla, en envase de 500 g.',
      nl: 'Spaghetti n.5 van Barilla, verpakking van 500 g.',
      pt: 'Spaghetti n.5 da marca Barilla, embalagem de 500 g.',
      pl: 'Spaghetti n.5 marki Barilla, opakowanie 500 g.',
    };
    const output = await generate({ facts: PASTA, languages: Object.keys(intros) });
    for (const c of output.content) assert.ok(c.description?.startsWith(defined(intros[c.language])), `${c.language}: ${c.description}`);
  });

  it('numbers and units are written for the locale: 1,5 l with a decimal comma, 1.5 l in English', async () => {
    const facts = [fact('name', 'Olio extravergine'), fact('quantity', '1.5L')];
    for (const [language, quantity] of [
      ['it', '1,5 l'],
      ['de', '1,5 l'],
      ['fr', '1,5 l'],
      ['pl', '1,5 l'],
      ['en', '1.5 l'],
    ] as const) {
      const c = await one({ facts, languages: [language] });
      assert.ok(c.short_description?.includes(quantity), `${language}: ${c.short_description}`);
      assert.equal(c.global_attr.net_volume, quantity);
    }
  });

  it('key features: at most 7 from a long list, source bullets and facts mixed', async () => {
    const bullets = Array.from({ length: 10 }, (_, i) => `<li>Caratteristica numero ${i + 1}</li>`).join('');
    const c = await one({ facts: [fact('name', 'Zaino'), fact('quantity', '30 l'), attr('colour', 'blu', 'it'), fact('description', `<ul>${bullets}</ul>`, { language: 'it' })] });
    assert.equal(c.key_features.length, CONTENT_LIMITS.key_features.maxItems);
    assert.deepEqual(c.key_features.slice(0, 6), [
      'Caratteristica numero 1',
      'Caratteristica numero 2',
      'Caratteristica numero 3',
      'Caratteristica numero 4',
      'Contenuto: 30 l',
      'Colore: blu',
    ]);
  });

  it('fewer than 3 supported key features: writes fewer and says so, never pads', async () => {
    const c = await one({ facts: [fact('name', 'Evidenziatore giallo'), fact('brand', 'Stabilo'), fact('quantity', '4 pezzi')] });
    assert.deepEqual(c.key_features, ['Contenuto: 4 pezzi']);
    assert.ok(
      c.validation_issues.map((i) => i.message).some((m) => /Only 1 key feature/.test(m)),
      c.validation_issues.map((i) => i.message).join(' | '),
    );
  });

  it('only name and brand: no description, and the record says why', async () => {
    const c = await one({ facts: [fact('name', 'Evidenziatore giallo'), fact('brand', 'Stabilo')] });
    assert.equal(c.description, null);
    assert.equal(c.short_description, null);
    assert.deepEqual(c.key_features, []);
    assert.ok(c.validation_issues.map((i) => i.message).some((m) => /no description/.test(m)));
  });

  it('a medicine: no promotional superlative, its active ingredient and form, no company brand', async () => {
    const c = await one({ facts: ASPIRIN });
    for (const text of [c.short_description, c.description, ...c.key_features]) assert.doesNotMatch(text ?? '', /miglior/i);
    assert.ok(c.key_features.includes('Principio attivo: Paracetamolo'), c.key_features.join(' | '));
    assert.ok(c.key_features.includes('Forma farmaceutica: Compressa'));
    assert.ok(c.description?.includes('Indicato per il trattamento sintomatico degli stati febbrili.'));
    assert.ok(c.validation_issues.map((i) => i.message).some((m) => /promotional/.test(m)));
    assert.equal(c.global_attr.atc_code, 'N02BE01');
    assert.equal(c.global_attr.active_ingredient, 'Paracetamolo');
  });
});

describe('global_attr', () => {
  const cases: ReadonlyArray<readonly [string, Record<string, string>]> = [
    ['Confezione da 6 bottiglie da 1,5 L', { pack_count: '6', unit_volume: '1,5 l' }],
    ['Dimensioni: 30 x 20 x 10 cm', { dimensions: '30 × 20 × 10 cm' }],
    ['Colore: nero', { colour: 'nero' }],
    ['Peso netto 500g', { net_weight: '500 g', net_quantity: '500 g' }],
    ['Materiale: acciaio inox; lavabile in lavastoviglie', { material: 'acciaio inox' }],
  ];
  for (const [text, expected] of cases) {
    it(`from free text: ${text}`, async () => {
      const c = await one({ facts: [fact('name', 'Articolo'), fact('description', text, { language: 'it' })] });
      for (const [key, value] of Object.entries(expected)) assert.equal(c.global_attr[key], value, JSON.stringify(c.global_attr));
      assert.deepEqual(findUngrounded(c, [fact('name', 'Articolo'), fact('description', text)]), []);
    });
  }

  it('from facts: brand, quantity, food ingredients and allergens, source attributes with snake_case keys', async () => {
    const c = await one({ facts: [...PASTA, attr('Nutri-Score', 'A'), fact('allergens', 'Glutine', { language: 'it', index: 1 })] });
    assert.deepEqual(Object.keys(c.global_attr).sort(), ['allergens', 'brand', 'category', 'ingredients', 'net_quantity', 'net_weight', 'nutri_score']);
    assert.equal(c.global_attr.allergens, 'glutine');
    assert.equal(c.global_attr.ingredients, 'semola di grano duro, acqua.');
    for (const value of Object.values(c.global_attr)) assert.equal(typeof value, 'string');
  });

  it('a multipack quantity: count, per-unit volume and the whole, written for the locale', async () => {
    const c = await one({ facts: [fact('name', 'Acqua'), fact('quantity', '6 x 1.5L')], languages: ['de'] });
    assert.deepEqual(c.global_attr, { net_quantity: '6 × 1,5 l', pack_count: '6', unit_volume: '1,5 l' });
  });
});

describe('SEO fields and handle', () => {
  it('respects every limit on every varied input in every language', async () => {
    for (const [name, facts] of VARIED) {
      const output = await generate({ facts, languages: ALL_LANGUAGES });
      for (const c of output.content) {
        const label = `${name} (${c.language})`;
        assert.ok(c.title !== null && c.title.length > 0 && c.title.length <= CONTENT_LIMITS.title.maxChars, `${label}: title ${c.title}`);
        assert.ok(c.title_tag !== null && c.title_tag.length > 0 && c.title_tag.length <= CONTENT_LIMITS.title_tag.maxChars, `${label}: title_tag ${c.title_tag}`);
        assert.ok(c.meta_description !== null && c.meta_description.length <= CONTENT_LIMITS.meta_description.maxChars, `${label}: meta_description`);
        assert.ok((c.short_description ?? '').length <= CONTENT_LIMITS.short_description.maxChars, `${label}: short_description`);
        assert.ok(c.key_features.length <= CONTENT_LIMITS.key_features.maxItems, `${label}: ${c.key_features.length} key features`);
        for (const f of c.key_features) assert.ok(f.length >= 1 && f.length <= CONTENT_LIMITS.key_features.maxCharsEach, `${label}: feature ${f}`);
        assert.ok((c.meta_keywords ?? '').split(', ').length <= CONTENT_LIMITS.meta_keywords.maxItems, `${label}: keywords`);
        for (const text of [c.title, c.short_description, c.description, ...c.key_features]) assert.doesNotMatch(text ?? '', /<[a-z/]/i, label);
      }
    }
  });

  it('title_tag is the title when it fits, else brand and name cut at a word', async () => {
    const c = await one({ facts: PASTA });
    assert.equal(c.title_tag, c.title);
    const long = await one({
      facts: [fact('name', 'Qualità Rossa caffè macinato per moka e macchina espresso, miscela di arabica e robusta'), fact('brand', 'Lavazza'), fact('quantity', '4 x 250 g')],
    });
    assert.equal(long.title_tag, 'Lavazza Qualità Rossa caffè macinato per moka e macchina');
  });

  it('meta keywords: brand, category and name words, no stop words or numbers', async () => {
    assert.equal((await one({ facts: PASTA })).meta_keywords, 'barilla, spaghetti');
    assert.equal(
      (await one({ facts: [fact('name', 'Crema idratante per il viso con acido ialuronico'), fact('brand', 'Nivea')] })).meta_keywords,
      'nivea, crema, idratante, viso, acido, ialuronico',
    );
  });

  it("the product handle is the caller's, else a slug of brand and name", async () => {
    assert.equal((await generate({ facts: PASTA })).productHandle, 'barilla-spaghetti-n-5');
    assert.equal((await generate({ facts: PASTA, product: { productHandle: 'spaghetti-5' } })).productHandle, 'spaghetti-5');
  });
});

// --- grounding, sources, languages ---------------------------------------------------------------

describe('nothing invented', () => {
  for (const [name, facts] of VARIED) {
    it(`${name}: every number and attribute value of every language is in the facts`, async () => {
      const output = await generate({ facts, languages: [...ALL_LANGUAGES, 'sv'] });
      for (const c of output.content) {
        assert.deepEqual(findUngrounded(c, facts), [], `${c.language}`);
        assert.ok(!c.validation_issues.map((i) => i.message).some((m) => m.startsWith('Grounding check')), c.validation_issues.map((i) => i.message).join(' | '));
      }
      const digits = new Set(facts.flatMap((f) => f.value.match(/\d+/g) ?? []));
      for (const run of defined(output.productHandle).match(/\d+/g) ?? []) assert.ok(digits.has(run), `handle ${output.productHandle}`);
    });
  }

  it('sources name, for every field, fact ids that exist', async () => {
    for (const [name, facts] of VARIED) {
      const ids = new Set(facts.map((f) => f.id));
      for (const c of (await generate({ facts, languages: ['it', 'de'] })).content) {
        for (const field of ['title', 'short_description', 'description', 'key_features', 'global_attr', 'title_tag', 'meta_description', 'meta_keywords']) {
          assert.ok(Object.hasOwn(c.sources, field), `${name}: sources.${field}`);
        }
        for (const [field, list] of Object.entries(c.sources)) for (const id of list) assert.ok(ids.has(id), `${name}: sources.${field} names ${id}`);
        for (const key of Object.keys(c.global_attr)) assert.ok((c.sources[`global_attr.${key}`] ?? []).length > 0, `${name}: global_attr.${key}`);
        assert.ok((c.sources.title ?? []).length > 0);
      }
    }
  });
});

describe('languages', () => {
  it('picks the fact in the target language, then language-neutral, then English, then any', async () => {
    const facts = [
      fact('name', 'Textmarker gelb', { language: 'de' }),
      fact('name', 'Highlighter yellow', { language: 'en' }),
      fact('name', 'Evidenziatore giallo', { language: 'it' }),
      fact('name', 'Markeerstift', { language: null }),
    ];
    const output = await generate({ facts, languages: ['it', 'de', 'fr'] });
    assert.deepEqual(
      output.content.map((c) => c.title),
      ['Evidenziatore giallo', 'Textmarker gelb', 'Markeerstift'],
    );
    assert.equal((await one({ facts: facts.filter((f) => f.language !== null), languages: ['fr'] })).title, 'Highlighter yellow');
  });

  it('text only in another language is used as it is, with localised labels, and flagged', async () => {
    const c = await one({ facts: HIGHLIGHTER, languages: ['it'] });
    assert.ok(c.description?.includes('- Tinte auf Wasserbasis'), c.description ?? '');
    assert.ok(c.key_features.includes('Colore: gelb'), c.key_features.join(' | '));
    assert.ok(
      c.validation_issues.map((i) => i.message).some((m) => m.startsWith('The description is in German; the template engine does not translate')),
      c.validation_issues.map((i) => i.message).join(' | '),
    );
    assert.ok(c.validation_issues.map((i) => i.message).some((m) => m.startsWith('The product name is in German')));
    const de = await one({ facts: HIGHLIGHTER, languages: ['de'] });
    assert.ok(!de.validation_issues.map((i) => i.message).some((m) => /German/.test(m)), de.validation_issues.map((i) => i.message).join(' | '));
  });

  it("caller text: a long description's language is detected; a short title counts as unknown", async () => {
    const facts = caller({ title: 'Pflegeshampoo', description: 'Shampoo für strapaziertes Haar. Mit Keratin. Silikonfrei. Für die tägliche Anwendung geeignet.' });
    const it_ = await one({ facts, languages: ['it'] });
    assert.ok(
      it_.validation_issues.map((i) => i.message).some((m) => m.startsWith('The description is in German')),
      it_.validation_issues.map((i) => i.message).join(' | '),
    );
    assert.ok(!it_.validation_issues.map((i) => i.message).some((m) => m.startsWith('The product name')));
    const de = await one({ facts, languages: ['de'] });
    assert.ok(!de.validation_issues.map((i) => i.message).some((m) => /German/.test(m)));
    assert.deepEqual(de.key_features, ['Shampoo für strapaziertes Haar', 'Mit Keratin', 'Silikonfrei', 'Für die tägliche Anwendung geeignet']);
  });

  it('an unsupported language falls back to English labels and says so', async () => {
    const output = await engine.generate({
      product: PRODUCT,
      facts: PASTA,
      notes: null,
      agentModel: 'v2',
      targets: [{ country: 'se', language: 'sv' }],
      fields: null,
      existing: [],
    });
    const c = defined(output.content[0]);
    assert.equal(c.language, 'sv');
    assert.ok(c.description?.includes('Ingredients: semola di grano duro, acqua.'), c.description ?? '');
    assert.ok(c.validation_issues.map((i) => i.message).some((m) => /no language pack for Swedish/.test(m)));
  });
});

// --- notes ----------------------------------------------------------------------------------------

describe('notes', () => {
  it('applies the notes it understands, in English and Italian', async () => {
    const c = await one({ facts: PASTA, notes: 'senza marca nel titolo\ntitle max 20 characters; do not mention bronzo. Ometti le caratteristiche su cottura' });
    assert.equal(c.title, 'Spaghetti n.5, 500 g');
    assert.doesNotMatch([c.short_description, c.description, ...c.key_features].join(' '), /bronzo/i);
    assert.ok(!c.key_features.some((f) => /cottura/i.test(f)), c.key_features.join(' | '));
    assert.ok(!c.validation_issues.map((i) => i.message).some((m) => m.startsWith('Note not applied')), c.validation_issues.map((i) => i.message).join(' | '));
  });

  it('records each note it did not apply', async () => {
    const c = await one({ facts: PASTA, notes: 'no brand in title. Use a friendly tone.\nScrivi in modo poetico' });
    assert.equal(c.title, 'Spaghetti n.5, 500 g');
    assert.deepEqual(
      c.validation_issues.map((i) => i.message).filter((m) => m.startsWith('Note not applied')),
      ['Note not applied by the template engine: "Use a friendly tone".', 'Note not applied by the template engine: "Scrivi in modo poetico".'],
    );
  });
});

// --- regeneration ---------------------------------------------------------------------------------

/** Everything but the named fields (and the sources and messages of a regeneration). */
function untouched(record: CountryContent, changed: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...record, sources: { ...record.sources } };
  for (const name of changed) {
    delete copy[name];
    delete (copy.sources as Record<string, unknown>)[name];
  }
  copy.validation_issues = record.validation_issues.filter((i) => !i.message.startsWith('Regeneration:'));
  return copy;
}

async function stored(languages: readonly string[] = ['it', 'de']): Promise<CountryContent[]> {
  const output = await generate({ facts: PASTA, languages });
  // Hand-edited after generation, so a rebuild would visibly differ.
  return output.content.map((c) => ({
    ...c,
    title: 'Spaghetti n.5 – Edizione Limitata',
    meta_description: 'Testo scritto a mano.',
    global_attr: { ...c.global_attr, colour: 'giallo' },
  }));
}

describe('regeneration', () => {
  it('new content replaces only that field, cleaned, in every country', async () => {
    const existing = await stored();
    const output = await generate({ facts: PASTA, languages: ['it', 'de'], existing, fields: fields({ title: '<b>Spaghetti n.5 Barilla, 1 kg</b>' }) });
    for (const [i, c] of output.content.entries()) {
      const before = defined(existing[i]);
      assert.equal(c.title, 'Spaghetti n.5 Barilla, 1 kg');
      assert.deepEqual(c.sources.title, ['caller.fields.title']);
      assert.deepEqual(untouched(c, ['title']), untouched(before, ['title']));
      assert.ok(!c.validation_issues.map((i) => i.message).some((m) => /grounding/i.test(m)), c.validation_issues.map((i) => i.message).join(' | '));
    }
  });

  it('content over a limit is cut and the record says so', async () => {
    const c = defined((await generate({ facts: PASTA, existing: await stored(['it']), fields: fields({ title_tag: 'parola '.repeat(20) }) })).content[0]);
    assert.ok(defined(c.title_tag).length <= CONTENT_LIMITS.title_tag.maxChars);
    assert.ok(c.validation_issues.map((i) => i.message).includes('Regeneration: title_tag was cut to 60 characters.'));
  });

  it('an empty value rebuilds the field from the facts', async () => {
    const existing = await stored(['it']);
    const c = defined((await generate({ facts: PASTA, existing, fields: fields({ title: '', 'global_attr.brand': '' }) })).content[0]);
    assert.equal(c.title, 'Barilla Spaghetti n.5, 500 g');
    assert.deepEqual(untouched(c, ['title']), untouched(defined(existing[0]), ['title']));
  });

  it('follows the instructions it can: shorter, max N characters, case, removing a word', async () => {
    const existing = await stored(['it']);
    const fresh = defined((await generate({ facts: PASTA })).content[0]);
    const c = defined(
      (
        await generate({
          facts: PASTA,
          existing,
          fields: fields({ description: 'rendi più breve', short_description: 'max 60 caratteri', title: 'UPPERCASE', meta_keywords: 'rimuovi spaghetti' }),
        })
      ).content[0],
    );
    assert.ok(defined(c.description).length < defined(fresh.description).length);
    assert.ok(fresh.description?.startsWith(defined(c.description)));
    assert.ok(defined(c.short_description).length <= 60);
    assert.equal(c.title, 'BARILLA SPAGHETTI N.5, 500 G');
    assert.equal(c.meta_keywords, 'barilla');
    assert.ok(!c.validation_issues.map((i) => i.message).some((m) => m.startsWith('Regeneration:')), c.validation_issues.map((i) => i.message).join(' | '));
    assert.deepEqual(
      untouched(c, ['description', 'short_description', 'title', 'meta_keywords']),
      untouched(defined(existing[0]), ['description', 'short_description', 'title', 'meta_keywords']),
    );
  });

  it('in German and English too: "kürzer", "make it shorter"', async () => {
    const existing = await stored(['it']);
    const full = defined(defined(existing[0]).description);
    for (const instruction of ['kürzer', 'Make it shorter', 'please shorten it']) {
      const c = defined((await generate({ facts: PASTA, existing, fields: fields({ description: instruction }) })).content[0]);
      assert.ok(defined(c.description).length <= (full.length * 2) / 3, `${instruction}: ${c.description}`);
      assert.ok(full.startsWith(defined(c.description)));
      assert.ok(!c.validation_issues.map((i) => i.message).some((m) => m.startsWith('Regeneration:')), c.validation_issues.map((i) => i.message).join(' | '));
    }
  });

  it('an instruction it cannot follow: rebuilt from the facts and recorded as not applied', async () => {
    const existing = await stored(['it']);
    const c = defined((await generate({ facts: PASTA, existing, fields: fields({ title: 'Aggiungi un tocco emozionale', 'global_attr.colour': 'translate it' }) })).content[0]);
    assert.equal(c.title, 'Barilla Spaghetti n.5, 500 g');
    assert.ok(
      c.validation_issues
        .map((i) => i.message)
        .includes('Regeneration: Instruction for title not applied by the template engine: "Aggiungi un tocco emozionale"; the field was rebuilt from the facts.'),
    );
    assert.equal(c.global_attr.colour, 'giallo');
    assert.ok(c.validation_issues.map((i) => i.message).some((m) => m.startsWith('Regeneration: global_attr.colour has no fact')));
  });

  it('a name that opens with an imperative verb is new content, and the record says how it was read', async () => {
    const existing = await stored(['it']);
    const c = defined((await generate({ facts: PASTA, existing, fields: fields({ title: 'Keep Cup Original 340 ml' }) })).content[0]);
    assert.equal(c.title, 'Keep Cup Original 340 ml');
    assert.deepEqual(c.sources.title, ['caller.fields.title']);
    assert.ok(
      c.validation_issues.map((i) => i.message).some((m) => m.startsWith('Regeneration: "Keep Cup Original 340 ml" was used as the new title: it reads as a name')),
      c.validation_issues.map((i) => i.message).join(' | '),
    );
  });

  it('global_attr.<name> content sets that attribute and keeps the others', async () => {
    const existing = await stored(['it']);
    const c = defined((await generate({ facts: PASTA, existing, fields: fields({ 'global_attr.material': '  Semola di grano duro ' }) })).content[0]);
    assert.deepEqual(c.global_attr, { ...defined(existing[0]).global_attr, material: 'Semola di grano duro' });
    assert.deepEqual(c.sources['global_attr.material'], ['caller.fields.global_attr.material']);
  });

  it('does not change the stored records it was given; a country without one gets a full record', async () => {
    const existing = await stored(['it']);
    const snapshot = structuredClone(existing);
    const output = await generate({ facts: PASTA, languages: ['it', 'fr'], existing, fields: fields({ title: 'Nuovo titolo' }) });
    assert.deepEqual(existing, snapshot);
    assert.equal(output.content[1]?.title, 'Barilla Spaghetti n.5 - 500 g');
  });
});

// --- robustness -----------------------------------------------------------------------------------

describe('robustness', () => {
  it('is deterministic', async () => {
    for (const [, facts] of VARIED) assert.deepEqual(await generate({ facts, languages: ALL_LANGUAGES }), await generate({ facts, languages: ALL_LANGUAGES }));
  });

  it('duplicate facts from several sources are written once', async () => {
    const [, water] = defined(VARIED.find(([n]) => n.startsWith('water')));
    const c = await one({ facts: water });
    assert.equal(c.title, 'Levissima Acqua minerale naturale 6 × 1,5 l');
    assert.deepEqual(c.global_attr, { brand: 'Levissima', net_quantity: '6 × 1,5 l', pack_count: '6', unit_volume: '1,5 l' });
  });

  const isNoData = (err: unknown) => {
    assert.ok(err instanceof PermanentGenerationError, String(err));
    assert.equal(err.reason, 'product_data_not_found');
    return true;
  };
  it('no facts at all → product_data_not_found', async () => {
    await assert.rejects(generate({ facts: [] }), isNoData);
  });
  it('images and a brand only, or markup-only text → product_data_not_found', async () => {
    await assert.rejects(generate({ facts: caller({ brand: 'Balea', images: ['https://cdn.example-shop.de/p/balea.jpg'] }) }), isNoData);
    await assert.rejects(generate({ facts: caller({ title: '   ', description: '<p>&nbsp;</p><br/>' }) }), isNoData);
  });
});
