import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CountryContent } from '../../src/domain/content.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { findUngrounded } from '../../src/generation/grounding.ts';
import { recase, recaseCompany } from '../../src/generation/template/casing.ts';
import { countNoun } from '../../src/generation/template/count-nouns.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { formatQuantity, parseQuantity } from '../../src/generation/template/units.ts';
import { aifaRecordToFacts } from '../../src/sources/aifa/aifa-record.ts';
import { catalogueRecordToFacts } from '../../src/sources/catalogue/catalogue-record.ts';
import { icecatRecordToFacts, productType, specPairs } from '../../src/sources/icecat-facts.ts';
import { openFoodFactsRecordToFacts } from '../../src/sources/open-food-facts-facts.ts';
import { readProductFixtures } from '../fakes/product-fixtures.ts';
import { defined } from '../helpers/assert.ts';
import { fact } from '../helpers/make-fact.ts';

// Output a merchant would publish after a glance: what the template engine writes for real-shaped
// facts reads right (medicine packs, quantities, repetition, casing, labels in the record's language).

const engine = createTemplateEngine();

async function records(facts: readonly Fact[], languages: readonly string[]): Promise<CountryContent[]> {
  const output = await engine.generate({
    product: { id: 'p', code: null, codeType: null, sku: null, productHandle: null, title: null, brand: null, description: null, images: [] },
    facts,
    notes: null,
    agentModel: 'v2',
    targets: languages.map((language) => ({ country: language === 'en' ? 'gb' : language, language })),
    fields: null,
    existing: [],
  });
  for (const record of output.content) assert.deepEqual(findUngrounded(record, facts), [], `${record.language}: nothing invented`);
  return output.content;
}

async function one(facts: readonly Fact[], language: string): Promise<CountryContent> {
  const [record] = await records(facts, [language]);
  return defined(record, 'record');
}

function fixtureFacts(slug: string): Fact[] {
  const fixture = defined(
    readProductFixtures().find((f) => f.slug === slug),
    slug,
  );
  const context = { code: fixture.code, fetchedAt: fixture.fetched_at };
  if (fixture.source === 'icecat') return icecatRecordToFacts(fixture.record, context);
  if (fixture.source === 'open_food_facts') return openFoodFactsRecordToFacts(fixture.record, context);
  if (fixture.source === 'catalogue') return catalogueRecordToFacts(fixture.record as Record<string, unknown>, context);
  return aifaRecordToFacts(fixture.record as Record<string, unknown>, context);
}

function aifaFixture(slug: string): Fact[] {
  const fixture = defined(
    readProductFixtures('aifa').find((f) => f.slug === slug),
    slug,
  );
  return aifaRecordToFacts(fixture.record as Record<string, unknown>, { code: fixture.code, fetchedAt: fixture.fetched_at });
}

describe('a medicine from AIFA', () => {
  const tachipirina = aifaFixture('medicine-tachipirina-500-20-compresse');

  it('the title gives strength and pack count, with the count noun and separators of the language', async () => {
    const [it_, en, de, fr] = await records(tachipirina, ['it', 'en', 'de', 'fr']);
    assert.equal(it_?.title, 'Tachipirina 500 mg, 20 compresse');
    assert.equal(en?.title, 'Tachipirina 500 mg, 20 tablets');
    assert.equal(de?.title, 'Tachipirina 500 mg, 20 Tabletten');
    assert.equal(fr?.title, 'Tachipirina 500 mg - 20 comprimés');
    assert.match(it_?.short_description ?? '', /^Tachipirina 500 mg, in confezione da 20 compresse\./);
    assert.match(en?.short_description ?? '', /^Tachipirina 500 mg, pack of 20 tablets\./);
  });

  it('global_attr: strength and unit count, no net quantity that misstates the pack, the company only as holder', async () => {
    const { global_attr: attrs, meta_keywords: keywords } = await one(tachipirina, 'it');
    assert.equal(attrs.strength, '500 mg');
    assert.equal(attrs.unit_count, '20');
    assert.equal(attrs.net_quantity, undefined);
    assert.equal(attrs.brand, undefined);
    assert.equal(attrs.marketing_authorisation_holder, 'Aziende Chimiche Riunite Angelini Francesco - A.C.R.A.F. S.p.A.');
    assert.equal(attrs.active_ingredient, 'Paracetamolo');
    assert.equal(attrs.pharmaceutical_form, 'Compressa');
    assert.equal(attrs.atc_code, 'N02BE01');
    assert.doesNotMatch(keywords ?? '', /s\.p\.a|aziende/i);
  });

  it('a proper name in a shouted medicine name keeps its capital; a pack description keeps material codes and lower-cases units', async () => {
    const cetirizina = await one(aifaFixture('medicine-cetirizina-mylan-10-mg-7-compresse'), 'it');
    assert.equal(cetirizina.title, 'Cetirizina Mylan Generics 10 mg, 7 compresse');
    assert.equal(cetirizina.global_attr.pack_description, '10 mg compresse rivestite con film 7 compresse in blister PVC/AL');
    const rinazina = await one(aifaFixture('medicine-rinazina-spray-nasale-15-ml'), 'de');
    assert.equal(rinazina.title, 'Rinazina, 15 ml');
    assert.equal(rinazina.global_attr.net_volume, '15 ml');
    assert.match(rinazina.global_attr.pack_description ?? '', /^100 mg\/100 ml spray nasale/);
    assert.equal(rinazina.global_attr.marketing_authorisation_holder, 'Haleon Italy S.r.l.');
  });
});

describe('titles', () => {
  it('a percentage in the name ("0%") does not stand for the net quantity', async () => {
    const facts = [fact('name', 'Total 0% Yogurt greco colato', { language: 'it' }), fact('brand', 'Fage'), fact('quantity', '500 g'), fact('kind', 'food')];
    const c = await one(facts, 'it');
    assert.equal(c.title, 'Fage Total 0% Yogurt greco colato 500 g');
    assert.match(c.short_description ?? '', /in confezione da 500 g\./);
  });

  it('a comma keeps the quantity apart from a number that ends the name, in languages that separate with a space', async () => {
    const sun = [fact('name', 'Latte solare FP 30', { language: 'it' }), fact('brand', 'Nivea'), fact('quantity', '200 ml')];
    assert.equal((await one(sun, 'it')).title, 'Nivea Latte solare FP 30, 200 ml');
    const washes = [fact('name', 'Detersivo liquido, 25 lavaggi', { language: 'it' }), fact('brand', 'Dash'), fact('quantity', '1,25 l')];
    assert.equal((await one(washes, 'it')).title, 'Dash Detersivo liquido, 25 lavaggi, 1,25 l');
    const plain = [fact('name', 'Passata di pomodoro', { language: 'it' }), fact('brand', 'Mutti'), fact('quantity', '700 g')];
    assert.equal((await one(plain, 'it')).title, 'Mutti Passata di pomodoro 700 g');
  });
});

describe('repetition', () => {
  const monitor = [
    fact('name', 'UltraSharp U2723QE', { source: 'icecat', language: 'en' }),
    fact('brand', 'DELL', { source: 'icecat' }),
    fact('kind', 'electronics', { source: 'icecat' }),
    fact('description', 'DELL UltraSharp U2723QE, 68.6 cm (27"), 3840 x 2160 pixels, LCD', { source: 'icecat', language: 'en' }),
    fact('description', 'DELL UltraSharp U2723QE. Display diagonal: 68.6 cm (27"). Built-in USB hub.', { source: 'icecat', language: 'en', index: 1 }),
    fact('description', 'USB-C hub with 90 W power delivery', { source: 'icecat', language: 'en', index: 2 }),
    fact('attribute', 'Yes', { source: 'icecat', language: 'en', attribute: 'usb_hub' }),
    fact('attribute', '1.74 kg', { source: 'icecat', language: 'en', attribute: 'weight' }),
  ];

  it('a source sentence that only restates the name is left out; a bullet opening with the name keeps the rest', async () => {
    const c = await one(monitor, 'en');
    assert.equal(c.short_description, 'UltraSharp U2723QE by DELL. Display diagonal: 68.6 cm (27"). Built-in USB hub.');
    assert.equal(c.key_features[0], '68.6 cm (27"), 3840 x 2160 pixels, LCD');
    assert.ok(!c.key_features.some((f) => f.startsWith('DELL UltraSharp')), c.key_features.join(' | '));
    assert.ok(c.key_features.includes('USB hub: Yes'), c.key_features.join(' | '));
  });

  it('a sentence that goes on after the name is kept whole', async () => {
    const facts = [
      fact('name', 'Spaghetti n.5', { language: 'it' }),
      fact('brand', 'Barilla'),
      fact('description', 'Barilla Spaghetti n.5, la pasta trafilata al bronzo.', { language: 'it' }),
    ];
    assert.match((await one(facts, 'it')).short_description ?? '', /Barilla Spaghetti n\.5, la pasta trafilata al bronzo\.$/);
  });

  it("an appliance's weight in its text is not a net quantity", async () => {
    const c = await one([...monitor, fact('description', 'Weight: 250 g', { source: 'icecat', language: 'en', index: 3 })], 'en');
    assert.equal(c.global_attr.net_quantity, undefined);
    assert.equal(c.global_attr.net_weight, undefined);
    assert.equal(c.global_attr.weight, '1.74 kg');
  });
});

describe('labels in the language of the record', () => {
  it('a category only in another language stays in global_attr but is not written as a sentence', async () => {
    const facts = [
      fact('name', 'Acqua minerale naturale', { source: 'open_food_facts', language: 'it' }),
      fact('brand', 'Evian', { source: 'open_food_facts' }),
      fact('quantity', '1.5 l', { source: 'open_food_facts' }),
      fact('kind', 'food', { source: 'open_food_facts' }),
      fact('category', 'Natural mineral waters', { source: 'open_food_facts', language: 'en' }),
      fact('ingredients', 'Acqua minerale naturale.', { source: 'open_food_facts', language: 'it' }),
    ];
    const c = await one(facts, 'it');
    assert.equal(c.global_attr.category, 'Natural mineral waters');
    assert.doesNotMatch(`${c.short_description ?? ''}\n${c.description ?? ''}`, /Categoria|Natural mineral/);
    assert.match((await one(facts, 'en')).description ?? '', /Category: Natural mineral waters\./);
  });

  it("a shop's own attribute names are shown in an English record only when the shop writes in English", async () => {
    const german = [
      fact('name', 'LED Lampe E27, 8 W, warmweiß', { language: 'de' }),
      fact('brand', 'Philips'),
      fact('description', 'LED-Birne mit warmweißem Licht und langer Lebensdauer für jeden Raum.', { language: 'de' }),
      fact('attribute', 'E27', { attribute: 'sockel' }),
    ];
    const en = await one(german, 'en');
    assert.ok(!en.key_features.some((f) => /Sockel/.test(f)), en.key_features.join(' | '));
    assert.equal(en.global_attr.sockel, 'E27');
    const english = [
      fact('name', 'Plus AA Alkaline Batteries', { language: 'en' }),
      fact('brand', 'Duracell'),
      fact('description', 'AA alkaline batteries for everyday devices such as remote controls, clocks and toys.', { language: 'en' }),
      fact('attribute', '1.5 V', { attribute: 'voltage' }),
      fact('attribute', 'A', { attribute: 'nutriscore_grade' }),
    ];
    const features = (await one(english, 'en')).key_features;
    assert.ok(features.includes('Voltage: 1.5 V'), features.join(' | '));
    assert.ok(features.includes('Nutri-Score: A'), features.join(' | '));
  });
});

describe('building blocks', () => {
  it('reads a count of items each of a measure', () => {
    const q = defined(parseQuantity('20 compresse da 500 mg'), 'quantity');
    assert.deepEqual(q, { packCount: null, measure: { amount: '500', unit: 'mg' }, count: { amount: '20', noun: 'compresse' }, per: 'da' });
    assert.equal(formatQuantity(defined(parseQuantity('10 bustine da 1,5 g'), 'quantity'), 'en-GB'), '10 bustine da 1.5 g');
    assert.equal(formatQuantity(defined(parseQuantity('6 x 1.5 l'), 'quantity'), 'it-IT'), '6 × 1,5 l');
  });

  it('writes the count nouns of medicine packs per language and plural form; unknown nouns as given', () => {
    assert.equal(countNoun('compresse', '1', 'en', 'en-GB'), 'tablet');
    assert.equal(countNoun('COMPRESSE', '20', 'de', 'de-DE'), 'Tabletten');
    assert.equal(countNoun('bustine', '3', 'pl', 'pl-PL'), 'saszetki');
    assert.equal(countNoun('bustine', '12', 'pl', 'pl-PL'), 'saszetek');
    assert.equal(countNoun('flaconi', '2', 'en', 'en-GB'), 'flaconi');
  });

  it('re-cases a shouted company name as companies write it, keeping initials and what the fact spells', () => {
    assert.equal(recaseCompany('AZIENDE CHIMICHE RIUNITE ANGELINI FRANCESCO - A.C.R.A.F. S.P.A.', 'it-IT'), 'Aziende Chimiche Riunite Angelini Francesco - A.C.R.A.F. S.p.A.');
    assert.equal(recaseCompany('ZENTIVA ITALIA SRL', 'it-IT'), 'Zentiva Italia Srl');
    assert.equal(recaseCompany('BAYER AG', 'de-DE'), 'Bayer AG');
    assert.equal(recaseCompany('Laboratori Guidotti S.p.A.', 'it-IT'), 'Laboratori Guidotti S.p.A.');
  });

  it('re-cases each side of a slash: units lower-cased, material codes kept', () => {
    assert.equal(recase('100 MG/100 ML SPRAY NASALE', 'sentence', 'it-IT', [], null), '100 mg/100 ml spray nasale');
    assert.equal(recase('12 BUSTINE PET/AL/PE DA 5 ML', 'sentence', 'it-IT', [], null), '12 bustine PET/AL/PE da 5 ml');
  });
});

describe('electronics from Icecat: mapping', () => {
  const sony = fixtureFacts('electronics-sony-wh-1000xm5-headphones');
  const values = (facts: readonly Fact[], key: string, attribute?: string) =>
    facts.filter((f) => f.key === key && (attribute === undefined || f.attribute === attribute)).map((f) => f.value);

  it("Icecat's generated listing title is not an attribute; its product type is, and name and part code are kept", () => {
    assert.deepEqual(values(sony, 'attribute', 'title'), []);
    assert.deepEqual(values(sony, 'attribute', 'product_type'), ['Headset']);
    assert.deepEqual(values(sony, 'name'), ['WH-1000XM5']);
    assert.deepEqual(values(sony, 'attribute', 'mpn'), ['WH1000XM5B.CE7']);
  });

  it('the long summary becomes attributes (what no feature states), not a description; the short summary only backs up a missing marketing text', () => {
    const descriptions = values(sony, 'description');
    assert.ok(!descriptions.some((d) => /Product type:|^Sony WH-1000XM5,/.test(d)), descriptions.join(' | '));
    assert.equal(
      descriptions[0],
      'The WH-1000XM5 headphones rewrite the rules for distraction-free listening. Two processors control 8 microphones for unprecedented noise cancelling.',
    );
    assert.deepEqual(values(sony, 'attribute', 'recommended_usage'), ['Calls/Music']);
    assert.deepEqual(values(sony, 'attribute', 'product_colour'), ['Black']);
    assert.equal(values(sony, 'attribute', 'battery_life').length, 1, 'a feature is not repeated from the summary');
    assert.deepEqual(specPairs('Sony X. Product type: Headset. Display diagonal: 68.6 cm (27"), Native aspect ratio: 16:9. Built-in USB hub. Product colour: Black, Silver'), [
      ['product_type', 'Headset'],
      ['display_diagonal', '68.6 cm (27")'],
      ['native_aspect_ratio', '16:9'],
      ['product_colour', 'Black, Silver'],
    ]);
  });

  it('a bold heading of the marketing text is not glued to the next sentence', () => {
    const hp = values(fixtureFacts('electronics-hp-250-g9-laptop'), 'description');
    assert.ok(
      hp.some((d) => d.startsWith('Get the job done with the HP 250 G9 Laptop')),
      hp.join(' | '),
    );
    assert.ok(!hp.some((d) => /Essential computing|Built to last/.test(d)));
  });

  it("the product type is the word after the name in Icecat's title, when the category or the text also says it", () => {
    assert.equal(productType('DELL UltraSharp U2723QE computer monitor 68.6 cm (27") Black', 'DELL', 'UltraSharp U2723QE', 'Computer monitors', ''), 'computer monitor');
    assert.equal(productType('DELL UltraSharp U2723QE Monitor PC 68,6 cm (27") Nero', 'DELL', 'UltraSharp U2723QE', 'Monitor per PC', ''), 'Monitor');
    assert.equal(productType('Logitech MX Master 3S mouse Office Right-hand', 'Logitech', 'MX Master 3S', 'Mice', 'an iconic mouse remastered'), 'mouse');
    assert.equal(productType('Apple iPhone 15 15.5 cm (6.1") Dual SIM', 'Apple', 'iPhone 15', 'Smartphones', ''), undefined, 'a spec value is no type');
    assert.equal(productType('Canon PIXMA TS5150 Inkjet A4', 'Canon', 'PIXMA TS5150', 'Multifunctionals', 'Prints fast.'), undefined, 'a word nothing else states is no type');
  });

  it('global_attr has no title and one colour', async () => {
    const attrs = (await one(sony, 'en')).global_attr;
    assert.equal(attrs.title, undefined);
    assert.equal(attrs.product_colour, undefined);
    assert.equal(attrs.colour, 'Black');
    assert.equal(attrs.product_type, 'Headset');
    assert.equal(attrs.mpn, 'WH1000XM5B.CE7');
  });

  it('a source attribute named like a record field is not published as an attribute', async () => {
    const facts = [fact('name', 'Lampada'), fact('attribute', 'Lampada LED E27 8 W', { attribute: 'title' }), fact('attribute', 'E27', { attribute: 'socket' })];
    const attrs = (await one(facts, 'it')).global_attr;
    assert.equal(attrs.title, undefined);
    assert.equal(attrs.socket, 'E27');
  });
});

describe('electronics titles: brand, model, product type, colour, from facts only', () => {
  it('Icecat: type and colour in the language they are written in; left out of other languages (no translation)', async () => {
    const [en, es] = await records(fixtureFacts('electronics-sony-wh-1000xm5-headphones'), ['en', 'es']);
    assert.equal(en?.title, 'Sony WH-1000XM5 Headset, Black');
    assert.equal(es?.title, 'Sony WH-1000XM5');
    const [dell] = await records(fixtureFacts('electronics-dell-ultrasharp-u2723qe-monitor'), ['en']);
    assert.equal(dell?.title, 'DELL UltraSharp U2723QE Computer Monitor, Black, Silver');
    assert.deepEqual(en?.sources.title, ['icecat:brand', 'icecat:name:en', 'icecat:attribute.product_type:en', 'icecat:attribute.product_colour:en']);
  });

  it('facts in the record language: type after the model, colour in sentence case', async () => {
    const facts = [
      fact('kind', 'electronics'),
      fact('name', 'WH-1000XM5', { language: 'it' }),
      fact('brand', 'Sony'),
      fact('attribute', 'Cuffie', { attribute: 'product_type', language: 'it' }),
      fact('attribute', 'Nero', { attribute: 'colour', language: 'it' }),
    ];
    assert.equal((await one(facts, 'it')).title, 'Sony WH-1000XM5 Cuffie, nero');
  });

  it('an untagged colour goes only where it is a colour word of the language; the type is not repeated from the name', async () => {
    const [en, it_] = await records(fixtureFacts('electronics-logitech-m185-wireless-mouse'), ['en', 'it']);
    assert.equal(en?.title, 'Logitech M185 Wireless Mouse, Grey');
    assert.equal(it_?.title, 'Logitech M185 Mouse Wireless');
    const buds = [
      fact('kind', 'electronics'),
      fact('name', 'Galaxy Buds2 Pro True Wireless Earbuds', { language: 'en' }),
      fact('brand', 'Samsung'),
      fact('attribute', 'Earbuds', { attribute: 'product_type', language: 'en' }),
    ];
    assert.equal((await one(buds, 'en')).title, 'Samsung Galaxy Buds2 Pro True Wireless Earbuds');
  });

  it('over the limit the colour goes first; food keeps its title without a colour', async () => {
    const long = 'Ultra '.repeat(22).trim();
    const facts = [
      fact('kind', 'electronics'),
      fact('name', long, { language: 'en' }),
      fact('brand', 'Acme'),
      fact('attribute', 'Headset', { attribute: 'product_type', language: 'en' }),
      fact('attribute', 'Black', { attribute: 'colour' }),
    ];
    const title = (await one(facts, 'en')).title ?? '';
    assert.ok(title.length <= 150 && !title.includes('Black') && title.endsWith('Headset'), title);
    const pasta = [fact('kind', 'food'), fact('name', 'Spaghetti n.5'), fact('brand', 'Barilla'), fact('quantity', '500 g'), fact('attribute', 'yellow', { attribute: 'colour' })];
    assert.equal((await one(pasta, 'en')).title, 'Barilla Spaghetti n.5, 500 g');
  });
});

describe('brand first in every language', () => {
  it('Spanish, French and Portuguese titles open with the brand', async () => {
    const [es, fr, pt] = await records(fixtureFacts('food-barilla-spaghetti-5'), ['es', 'fr', 'pt']);
    assert.equal(es?.title, 'Barilla Espaguetis n.º 5, 500 g');
    assert.equal(fr?.title, 'Barilla Spaghetti n°5 - 500 g');
    assert.match(pt?.title ?? '', /^Barilla /);
    const [sonyFr] = await records(fixtureFacts('electronics-sony-wh-1000xm5-headphones'), ['fr']);
    assert.equal(sonyFr?.title, 'Sony WH-1000XM5');
  });
});

describe('descriptions that do not repeat themselves', () => {
  it('Icecat: the short description is the opening and the marketing text; no spec run in the prose; every line once', async () => {
    const en = await one(fixtureFacts('electronics-sony-wh-1000xm5-headphones'), 'en');
    assert.equal(
      en.short_description,
      'WH-1000XM5 by Sony. The WH-1000XM5 headphones rewrite the rules for distraction-free listening. Two processors control 8 microphones for unprecedented noise cancelling.',
    );
    const description = en.description ?? '';
    assert.doesNotMatch(description, /Product type:|Connectivity technology:|Calls\/Music, 250 g/);
    const lines = description.split('\n');
    assert.equal(new Set(lines).size, lines.length, description);
    assert.ok(en.key_features.includes('Up to 30 hours of battery life'), en.key_features.join(' | '));
  });

  it('a marketing text of one sentence is prose, not a bullet', async () => {
    const dell = await one(fixtureFacts('electronics-dell-ultrasharp-u2723qe-monitor'), 'en');
    assert.match(dell.short_description ?? '', /^UltraSharp U2723QE by DELL\. Experience outstanding colour and contrast/);
    assert.ok(!(dell.description ?? '').includes('- Experience'), dell.description ?? '');
  });

  it('a run of "Label: value" pairs in a description goes to key features and lines of its own; prose with a colon stays prose', async () => {
    const facts = [
      fact('kind', 'electronics'),
      fact('name', 'Casse BT-20', { language: 'it' }),
      fact('brand', 'Acme'),
      fact('description', 'Casse compatte per la scrivania. Potenza: 20 W, Connettività: Bluetooth. Colore: nero.', { language: 'it' }),
    ];
    const c = await one(facts, 'it');
    assert.equal(c.short_description, 'Casse BT-20 di Acme. Casse compatte per la scrivania.');
    assert.ok(c.key_features.includes('Potenza: 20 W') && c.key_features.includes('Connettività: Bluetooth'), c.key_features.join(' | '));
    assert.match(c.description ?? '', /\nPotenza: 20 W\.\nConnettività: Bluetooth\./);
    const dash = [
      fact('name', 'Detersivo liquido', { language: 'it' }),
      fact('brand', 'Dash'),
      fact('description', 'Detersivo liquido per lavatrice: pulito brillante anche a basse temperature. Dosaggio: 50 ml per carico normale.', { language: 'it' }),
    ];
    assert.match((await one(dash, 'it')).short_description ?? '', /pulito brillante anche a basse temperature\. Dosaggio: 50 ml per carico normale\.$/);
  });
});

describe('meta description', () => {
  it('filled with whole sentences up to 160 characters: a sentence too long is skipped, a shorter one after it taken', async () => {
    const nutella = await one(fixtureFacts('food-ferrero-nutella-400g'), 'it');
    assert.equal(nutella.meta_description, 'Nutella di Ferrero, in confezione da 400 g. Allergeni: milk, nuts, soybeans.');
    const sony = await one(fixtureFacts('electronics-sony-wh-1000xm5-headphones'), 'en');
    const meta = sony.meta_description ?? '';
    assert.ok(meta.length > 110 && meta.length <= 160 && meta.endsWith('.'), meta);
    assert.ok(meta.startsWith('WH-1000XM5 by Sony. The WH-1000XM5 headphones rewrite the rules for distraction-free listening. '), meta);
  });
});
