import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { emptyContent, type CountryContent } from '../../src/domain/content.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { deterministicChecks } from '../../src/generation/ai/checks/deterministic-checks.ts';
import { checkHealthClaims, type ClaimKind } from '../../src/generation/ai/checks/health-claim-check.ts';
import { checkLanguage } from '../../src/generation/ai/checks/language-check.ts';
import { checkLengths } from '../../src/generation/ai/checks/length-check.ts';
import { checkMetaText } from '../../src/generation/ai/checks/meta-text-check.ts';
import type { RecordProblem } from '../../src/generation/ai/checks/problem.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { checkLabelClaims } from '../../src/generation/ai/checks/label-claim-check.ts';
import { SAMPLE_RECORD, warmRecordChecks } from '../../src/generation/ai/checks/warm-record-checks.ts';
import { CONTENT_LIMITS } from '../../src/domain/content-limits.ts';
import { aifaRecordToFacts } from '../../src/sources/aifa/aifa-record.ts';
import { catalogueRecordToFacts } from '../../src/sources/catalogue/catalogue-record.ts';
import { icecatRecordToFacts } from '../../src/sources/icecat-facts.ts';
import { openFoodFactsRecordToFacts } from '../../src/sources/open-food-facts-facts.ts';
import { readProductFixtures, type ProductFixture } from '../fakes/product-fixtures.ts';

// The deterministic checks an LLM-written record goes through before the critic: each must catch
// its kind of fault, in the languages we write, and stay silent on real product text.

function record(language: string, fields: Partial<CountryContent>): CountryContent {
  return { ...emptyContent(language, language), ...fields };
}

const summary = (problems: readonly RecordProblem[]): string[] => problems.map((p) => `${p.check} ${p.field}`);

// Product records as a good model would write them, in five languages and three kinds.
const GOOD: ReadonlyArray<{ name: string; kind: ClaimKind; facts: string[]; record: CountryContent }> = [
  {
    name: 'Italian pasta',
    kind: 'food',
    facts: ['Spaghetti n. 5', 'Barilla', '500 g', 'Semola di grano duro, acqua'],
    record: record('it', {
      title: 'Barilla Spaghetti n. 5, pasta di semola di grano duro, 500 g',
      short_description: 'Gli Spaghetti n. 5 di Barilla sono il formato classico della tradizione italiana, trafilati da semola di grano duro e acqua.',
      description:
        "<p>Gli Spaghetti n. 5 di Barilla nascono da semola di grano duro selezionata e acqua, senza altri ingredienti.</p><p>Il formato lungo e sottile trattiene bene i sughi al pomodoro, all'olio e i condimenti a base di pesce.</p><p>Ecco il contenuto della confezione: 500 g di pasta. Conservare in luogo fresco e asciutto.</p>",
      key_features: ['Pasta di semola di grano duro e acqua', 'Formato lungo e sottile, ideale con i sughi al pomodoro', 'Confezione da 500 g', 'Contiene glutine'],
      global_attr: { net_quantity: '500 g', allergens: 'glutine' },
      title_tag: 'Barilla Spaghetti n. 5, 500 g',
      meta_description: "Spaghetti n. 5 Barilla di semola di grano duro, confezione da 500 g: il formato classico per sughi al pomodoro e all'olio.",
      meta_keywords: 'barilla, spaghetti, pasta, semola di grano duro',
    }),
  },
  {
    name: 'German headphones',
    kind: 'other',
    facts: ['WH-1000XM5', 'Sony', 'Up to 30 hours of battery life'],
    record: record('de', {
      title: 'Sony WH-1000XM5 kabellose Kopfhörer mit Geräuschunterdrückung, Schwarz',
      short_description: 'Die WH-1000XM5 von Sony unterdrücken Umgebungsgeräusche mit zwei Prozessoren und acht Mikrofonen und laufen bis zu 30 Stunden mit einer Akkuladung.',
      description:
        'Mit den WH-1000XM5 bleibt der Lärm draußen: Zwei Prozessoren steuern acht Mikrofone, die Umgebungsgeräusche zuverlässig herausfiltern.\nDer Akku hält bis zu 30 Stunden, und Telefonate klingen dank präziser Sprachaufnahme klar. Der weiche Kopfbügel sitzt auch auf langen Reisen bequem.',
      key_features: [
        'Branchenführende Geräuschunterdrückung mit zwei Prozessoren und acht Mikrofonen',
        'Bis zu 30 Stunden Akkulaufzeit',
        'Klare Freisprechtelefonate dank präziser Sprachaufnahme',
        'Leichtes Design mit weichem Kopfbügel',
      ],
      global_attr: { colour: 'Schwarz' },
      title_tag: 'Sony WH-1000XM5 Kopfhörer mit Noise Cancelling',
      meta_description: 'Sony WH-1000XM5: kabellose Kopfhörer mit Geräuschunterdrückung, bis zu 30 Stunden Akku und klaren Telefonaten.',
      meta_keywords: 'sony, kopfhörer, noise cancelling, bluetooth',
    }),
  },
  {
    name: 'French moisturiser',
    kind: 'other',
    facts: ['Nivea Crème', '150 ml'],
    record: record('fr', {
      title: 'Nivea Crème, crème hydratante universelle, pot de 150 ml',
      short_description: 'La Nivea Crème hydrate intensément et protège la peau du visage, du corps et des mains, pour toute la famille.',
      description:
        "Depuis plus d'un siècle, la Nivea Crème prend soin de la peau de toute la famille. Sa formule riche à l'Eucerit hydrate intensément et aide à protéger la peau contre le dessèchement. Elle s'utilise sur le visage, le corps et les mains, et convient à tous les types de peau.",
      key_features: ['Hydratation intense pour le visage, le corps et les mains', "Formule riche à l'Eucerit", 'Convient à toute la famille', 'Pot de 150 ml'],
      title_tag: 'Nivea Crème, pot de 150 ml',
      meta_description: 'Nivea Crème en pot de 150 ml : la crème hydratante universelle pour le visage, le corps et les mains.',
      meta_keywords: 'nivea, crème hydratante, soin de la peau',
    }),
  },
  {
    name: 'English toothpaste',
    kind: 'other',
    facts: ['Colgate Total Original', '75 ml'],
    record: record('en', {
      title: 'Colgate Total Original Toothpaste, 75 ml',
      short_description: 'Colgate Total Original cleans teeth and gums and helps prevent cavities, with a fresh mint taste.',
      description:
        'Colgate Total Original toothpaste helps fight bacteria on teeth, tongue, cheeks and gums for a healthier mouth. Its fluoride formula helps prevent cavities and strengthens enamel, and the sure-grip tube is easy to squeeze. It is certainly the toothpaste our customers reorder most. Brush twice a day.',
      key_features: ['Fluoride formula that helps prevent cavities', 'Fights bacteria on teeth, tongue, cheeks and gums', 'Fresh mint taste', '75 ml tube'],
      title_tag: 'Colgate Total Original Toothpaste 75 ml',
      meta_description: 'Colgate Total Original toothpaste, 75 ml: fluoride protection against cavities and a fresh mint taste.',
      meta_keywords: 'colgate, toothpaste, fluoride',
    }),
  },
  {
    name: 'Spanish olive oil',
    kind: 'food',
    facts: ['Monini Classico', '1 l'],
    record: record('es', {
      title: 'Monini Classico aceite de oliva virgen extra, 1 l',
      short_description: 'El aceite de oliva virgen extra Monini Classico tiene un sabor equilibrado y afrutado, ideal para cocinar y aliñar.',
      description:
        'Monini Classico es un aceite de oliva virgen extra de sabor equilibrado, con notas afrutadas y un ligero toque picante. Es perfecto para aliñar ensaladas, verduras y legumbres, y también para cocinar a diario. Se presenta en una botella de 1 litro. Consérvese en un lugar fresco y protegido de la luz.',
      key_features: ['Aceite de oliva virgen extra de sabor equilibrado', 'Notas afrutadas con un ligero toque picante', 'Ideal para aliñar y cocinar', 'Botella de 1 l'],
      title_tag: 'Monini Classico aceite de oliva virgen extra 1 l',
      meta_description: 'Aceite de oliva virgen extra Monini Classico en botella de 1 l: sabor equilibrado y afrutado para cocinar y aliñar.',
      meta_keywords: 'monini, aceite de oliva, virgen extra',
    }),
  },
  {
    name: 'Italian medicine',
    kind: 'medicine',
    facts: ['Tachipirina', 'Paracetamolo', '20 compresse'],
    record: record('it', {
      title: 'Tachipirina 500 mg, 20 compresse',
      short_description: 'Tachipirina contiene paracetamolo ed è indicata per il trattamento sintomatico della febbre e del dolore di intensità lieve o moderata.',
      description:
        'Tachipirina 500 mg compresse contiene paracetamolo, un principio attivo ad azione analgesica e antipiretica. È indicata per il trattamento sintomatico di stati febbrili e di dolori di lieve o moderata intensità, come mal di testa, mal di denti e dolori mestruali. Leggere attentamente il foglio illustrativo. Non conservare a temperatura superiore a 25 °C.',
      key_features: [
        'Principio attivo: paracetamolo 500 mg',
        'Per febbre e dolori di lieve o moderata intensità',
        'Confezione da 20 compresse',
        'Medicinale senza obbligo di prescrizione',
      ],
      global_attr: { active_ingredient: 'Paracetamolo' },
      title_tag: 'Tachipirina 500 mg, 20 compresse',
      meta_description: 'Tachipirina 500 mg, 20 compresse di paracetamolo per il trattamento sintomatico di febbre e dolori lievi o moderati.',
      meta_keywords: 'tachipirina, paracetamolo, febbre',
    }),
  },
  {
    name: 'English medicine',
    kind: 'medicine',
    facts: ['Moment', 'Ibuprofen'],
    record: record('en', {
      title: 'Moment 200 mg granules for oral suspension, 12 sachets',
      short_description: 'Moment contains ibuprofen and is indicated for the relief of mild to moderate pain, such as headache and toothache, and of fever.',
      description:
        'Each sachet contains ibuprofen lysine equivalent to 200 mg of ibuprofen. Moment is used for the relief of headache, toothache, period pain and fever. Like all medicines, this medicine can cause side effects, although not everybody gets them. Do not store above 25 °C. Flavoured with natural orange aroma.',
      key_features: ['Ibuprofen 200 mg per sachet', 'For headache, toothache, period pain and fever', 'Granules for oral suspension'],
      title_tag: 'Moment 200 mg, 12 sachets',
      meta_description: 'Moment 200 mg granules with ibuprofen, for the relief of mild to moderate pain and of fever. 12 sachets.',
      meta_keywords: 'moment, ibuprofen, pain relief',
    }),
  },
];

// Sentences from real listings that look like what the checks hunt for, and are not.
const REAL_SENTENCES = [
  'Sure-grip handle for a safe hold, even with wet hands.',
  'This is certainly the lightest stroller in its class.',
  "Here is what's in the box: headphones, carry case and USB-C cable.",
  'Ecco il contenuto della confezione: cuffie, custodia e cavo USB-C.',
  'Ecco la nuova linea di pasta integrale.',
  'Works as an AI assistant, answering questions and controlling your smart home.',
  'Als KI-gestützter Saugroboter erkennt er Hindernisse zuverlässig.',
  "En tant qu'assistant vocal, Alexa répond à vos questions.",
  'Natürlich!\nUnser Bio-Apfelsaft kommt ohne Zusatzstoffe aus.',
  'Lassen Sie es uns wissen, wenn Sie Fragen zum Produkt haben.',
  'Sorry, not sorry: this chocolate is seriously good.',
  "I can't believe how light it is, said one of our testers.",
  'Sizes: S, M, L, XL, XXL; also sold as xxl tall.',
  'Dry-cured ham, aged for 24 months. The ham cures slowly in the hills of Parma.',
  'Tasty dog treats with real beef, suitable for adult dogs.',
  'Protects against the cold and wind on winter hikes.',
  'Anti-dandruff shampoo for daily use.',
  'La cura dei capelli colorati inizia con lo shampoo giusto.',
  'Vitamin C contributes to the normal function of the immune system.',
  'Calcium is needed for the maintenance of normal bones.',
  'Schützt die Haut vor dem Austrocknen.',
  'Resistente all’acqua e alla polvere.',
  'Modelo WH-1000XM5, color negro, hasta 30 horas de autonomía.',
];

test('a worker warms the checks on a clean record of every kind: the same checks real records get, finding nothing', async () => {
  assert.equal(await warmRecordChecks(), 0);
  // The same record with a disease claim is caught, so the warm-up ran the health-claim patterns.
  const claimed = { ...SAMPLE_RECORD, short_description: 'Biscotti al burro che prevengono il diabete.' };
  const problems = await deterministicChecks(claimed, { language: 'it', kind: 'food', factTexts: [], names: [] });
  assert.ok(problems.some((p) => p.check === 'health_claim'));
});

describe('the deterministic record checks on good records', () => {
  for (const good of GOOD) {
    it(`${good.name}: no problem at all`, async () => {
      const problems = await deterministicChecks(good.record, {
        language: good.record.language,
        kind: good.kind,
        factTexts: good.facts,
        names: [],
        minFeatures: CONTENT_LIMITS.key_features.minItemsWanted,
      });
      assert.deepEqual(problems, []);
    });
  }

  it('real product sentences that resemble refusals or health claims pass, for every kind', () => {
    for (const sentence of REAL_SENTENCES) {
      const fields = record('en', { description: sentence });
      assert.deepEqual(checkMetaText(fields), [], sentence);
      for (const kind of ['food', 'other'] as const) assert.deepEqual(checkHealthClaims(fields, kind), [], `${kind}: ${sentence}`);
    }
  });
});

// Every fixture through the template engine in eight languages: real wording, brands, codes and
// units, in every field. What the template engine writes is publishable, so nothing may fire.
const MAPPERS: Record<string, (fixture: ProductFixture) => Fact[]> = {
  open_food_facts: (f) => openFoodFactsRecordToFacts(f.record, { code: f.code, fetchedAt: f.fetched_at }),
  icecat: (f) => icecatRecordToFacts(f.record, { code: f.code, fetchedAt: f.fetched_at }),
  catalogue: (f) => catalogueRecordToFacts(f.record as Record<string, unknown>, { code: f.code, fetchedAt: f.fetched_at }),
  aifa: (f) => aifaRecordToFacts(f.record as Record<string, unknown>, { code: f.code, fetchedAt: f.fetched_at }),
};
const LANGUAGES = ['it', 'en', 'de', 'fr', 'es', 'nl', 'pt', 'pl'];
// The template engine copies source text it cannot translate and says so; only records it
// reports as wholly in their language are a fair test of the language check.
const UNTRANSLATED = /(?:is|are) in \w+; the template engine does not translate|no language pack/;

function kindOf(fixture: ProductFixture): ClaimKind {
  if (fixture.category === 'medicine') return 'medicine';
  return fixture.category === 'food' || fixture.category === 'petfood' ? 'food' : 'other';
}

test('the template engine output for every fixture in eight languages passes every check', async () => {
  const engine = createTemplateEngine();
  let judgedForLanguage = 0;
  for (const fixture of readProductFixtures()) {
    const mapper = MAPPERS[fixture.source];
    assert.ok(mapper, `a mapper for ${fixture.source}`);
    const facts = mapper(fixture);
    const output = await engine.generate({
      product: {
        id: fixture.slug,
        code: fixture.code,
        codeType: fixture.category === 'medicine' ? 'minsan' : 'ean',
        sku: null,
        productHandle: null,
        title: null,
        brand: null,
        description: null,
        images: [],
      },
      facts,
      notes: null,
      agentModel: 'v2',
      targets: LANGUAGES.map((language) => ({ country: language, language })),
      fields: null,
      existing: [],
    });
    for (const content of output.content) {
      const where = `${fixture.slug} [${content.language}]`;
      assert.deepEqual(summary(checkLengths(content)), [], `${where}: lengths`);
      assert.deepEqual(summary(checkMetaText(content)), [], `${where}: meta text`);
      assert.deepEqual(
        summary(
          checkHealthClaims(
            content,
            kindOf(fixture),
            facts.map((f) => f.value),
          ),
        ),
        [],
        `${where}: health claims`,
      );
      assert.deepEqual(
        summary(
          checkLabelClaims(
            content,
            facts.map((f) => f.value),
          ),
        ),
        [],
        `${where}: label claims`,
      );
      if (content.validation_issues.map((i) => i.message).some((m) => UNTRANSLATED.test(m))) continue;
      judgedForLanguage += 1;
      assert.deepEqual(summary(await checkLanguage(content, content.language)), [], `${where}: language`);
    }
  }
  assert.ok(judgedForLanguage >= 30, `${judgedForLanguage} records wholly in their language were judged`);
});

describe('language check', () => {
  const italian = GOOD[0]?.record;
  assert.ok(italian);

  it('catches a German description in an Italian record, naming both languages', async () => {
    const problems = await checkLanguage(
      { ...italian, description: 'Die Spaghetti Nr. 5 von Barilla werden aus Hartweizengrieß und Wasser hergestellt und sind in neun Minuten al dente gekocht.' },
      'it',
    );
    assert.deepEqual(summary(problems), ['language description']);
    assert.match(problems[0]?.message ?? '', /German.*Italian/);
  });

  it('checks the short description, the meta description and the key features together', async () => {
    const english = 'These classic long spaghetti are made from durum wheat semolina and water only, and hold tomato sauces well.';
    const problems = await checkLanguage(
      {
        ...italian,
        short_description: english,
        meta_description: english,
        key_features: ['Made from durum wheat semolina and water', 'Long and thin, perfect with tomato sauces', 'Ready in nine minutes'],
      },
      'it',
    );
    assert.deepEqual(summary(problems).sort(), ['language key_features', 'language meta_description', 'language short_description']);
  });

  it('does not judge product names and other texts too short to tell', async () => {
    const names = record('it', {
      description: 'Sony WH-1000XM5',
      short_description: 'Mildes Shampoo',
      meta_description: 'Barilla Spaghetti n. 5, 500 g',
      key_features: ['Bluetooth 5.2', 'USB-C', 'Noise Cancelling'],
    });
    assert.deepEqual(await checkLanguage(names, 'it'), []);
  });

  it('reads HTML as text and accepts a regional language tag', async () => {
    const french = GOOD[2]?.record;
    assert.ok(french);
    assert.deepEqual(await checkLanguage({ ...french, description: `<div><p>${french.description ?? ''}</p></div>` }, 'fr-BE'), []);
  });
});

describe('length check', () => {
  const good = GOOD[3]?.record;
  assert.ok(good);

  it('accepts every field exactly at its limit', () => {
    const atLimits = {
      ...good,
      title: 'T'.repeat(CONTENT_LIMITS.title.maxChars),
      short_description: 's'.repeat(CONTENT_LIMITS.short_description.maxChars),
      title_tag: 't'.repeat(CONTENT_LIMITS.title_tag.maxChars),
      meta_description: 'm'.repeat(CONTENT_LIMITS.meta_description.maxChars),
      key_features: Array.from({ length: CONTENT_LIMITS.key_features.maxItems }, () => 'f'.repeat(CONTENT_LIMITS.key_features.maxCharsEach)),
      meta_keywords: Array.from({ length: CONTENT_LIMITS.meta_keywords.maxItems }, (_, i) => `keyword ${i}`).join(', '),
    };
    assert.deepEqual(checkLengths(atLimits, { minFeatures: CONTENT_LIMITS.key_features.minItemsWanted }), []);
  });

  it('reports each field one character over its limit, with the length and the limit', () => {
    const problems = checkLengths({
      ...good,
      title: 'T'.repeat(CONTENT_LIMITS.title.maxChars + 1),
      short_description: 's'.repeat(CONTENT_LIMITS.short_description.maxChars + 1),
      title_tag: 't'.repeat(CONTENT_LIMITS.title_tag.maxChars + 1),
      meta_description: 'm'.repeat(CONTENT_LIMITS.meta_description.maxChars + 1),
      key_features: ['short', 'f'.repeat(CONTENT_LIMITS.key_features.maxCharsEach + 1), 'short'],
    });
    assert.deepEqual(summary(problems), ['length title', 'length short_description', 'length title_tag', 'length meta_description', 'length key_features.1']);
    assert.equal(problems[0]?.message, `is ${CONTENT_LIMITS.title.maxChars + 1} characters long; the limit is ${CONTENT_LIMITS.title.maxChars}`);
  });

  it('reports too many key features and too many keywords', () => {
    const problems = checkLengths({
      ...good,
      key_features: Array.from({ length: CONTENT_LIMITS.key_features.maxItems + 1 }, (_, i) => `Feature ${i}`),
      meta_keywords: `${Array.from({ length: CONTENT_LIMITS.meta_keywords.maxItems + 1 }, (_, i) => `keyword ${i}`).join(', ')}, ,`,
    });
    assert.deepEqual(summary(problems), ['length key_features', 'length meta_keywords']);
    assert.match(problems[1]?.message ?? '', new RegExp(`has ${CONTENT_LIMITS.meta_keywords.maxItems + 1} comma-separated keywords`));
  });

  it('reports too few key features only when the caller asks for a minimum', () => {
    const two = { ...good, key_features: ['Fresh mint taste', '75 ml tube'] };
    assert.deepEqual(checkLengths(two), []);
    assert.deepEqual(summary(checkLengths(two, { minFeatures: CONTENT_LIMITS.key_features.minItemsWanted })), ['length key_features']);
  });

  it('applies a lower title limit the caller asked for', () => {
    assert.deepEqual(checkLengths(good), []);
    assert.deepEqual(summary(checkLengths(good, { titleMax: 20 })), ['length title']);
  });

  it('reports an empty title or description, and a blank key feature, as empty', () => {
    assert.deepEqual(summary(checkLengths({ ...good, title: null, description: '' })), ['empty title', 'empty description']);
    assert.deepEqual(summary(checkLengths({ ...good, title: '   ', description: '<p> </p>', key_features: ['Fresh mint taste', ' '] })), [
      'empty title',
      'empty description',
      'empty key_features.1',
    ]);
  });
});

describe('meta text check', () => {
  const REFUSALS: ReadonlyArray<readonly [language: string, text: string]> = [
    ['en', 'As an AI language model, I cannot browse the internet to verify this product.'],
    ['en', "I'm sorry, but I can't help with that request."],
    ['en', 'I’m sorry, but I can’t provide a description without more details.'],
    ['en', 'I cannot help with creating this content.'],
    ['en', 'Here is the product description:\nSoft and warm merino wool socks.'],
    ['en', 'Certainly! These headphones block out the noise of the city.'],
    ['en', "Sure, here's an updated title for the product."],
    ['en', "I don't have access to information about this product's battery."],
    ['en', 'The provided facts do not mention the battery life.'],
    ['en', 'Let me know if you would like any changes to the tone.'],
    ['it', 'Come modello linguistico, non posso verificare queste informazioni.'],
    ['it', 'Mi dispiace, ma non posso aiutarti con questa richiesta.'],
    ['it', 'Ecco la descrizione del prodotto richiesta:'],
    ['it', 'Certo! Queste cuffie isolano dal rumore della città.'],
    ['it', 'Non ho informazioni sufficienti su questo prodotto.'],
    ['de', 'Als KI kann ich keine Produktbeschreibung für dieses Arzneimittel erstellen.'],
    ['de', 'Als KI-Sprachmodell habe ich keinen Zugriff auf das Internet.'],
    ['de', 'Es tut mir leid, aber ich kann Ihnen dabei nicht helfen.'],
    ['de', 'Hier ist die überarbeitete Produktbeschreibung:'],
    ['de', 'Ich habe keine Informationen über die Akkulaufzeit.'],
    ['fr', "En tant qu'IA, je ne peux pas vérifier ces informations."],
    ['fr', "En tant que modèle de langage, je n'ai pas accès à Internet."],
    ['fr', 'Je suis désolé, mais je ne peux pas vous aider.'],
    ['fr', 'Voici la description du produit :'],
    ['fr', 'Bien sûr ! Ce casque vous isole du bruit.'],
    ['es', 'Como modelo de lenguaje, no puedo acceder a internet.'],
    ['es', 'Lo siento, pero no puedo ayudar con eso.'],
    ['es', '¡Claro! Aquí tienes la descripción del producto.'],
    ['es', 'No tengo información sobre este producto.'],
    ['nl', 'Als AI-taalmodel kan ik geen productbeschrijving maken.'],
    ['nl', 'Het spijt me, maar ik kan je hier niet mee helpen.'],
    ['nl', 'Hier is de productbeschrijving:'],
    ['pt', 'Como modelo de linguagem, não posso aceder à internet.'],
    ['pt', 'Desculpe, mas não posso ajudar com isso.'],
    ['pt', 'Aqui está a descrição do produto:'],
    ['pl', 'Jako model językowy nie mam dostępu do internetu.'],
    ['pl', 'Przepraszam, ale nie mogę pomóc w tej sprawie.'],
    ['pl', 'Oto opis produktu:'],
  ];

  for (const [language, text] of REFUSALS) {
    it(`[${language}] ${text.split('\n')[0]}`, () => {
      const problems = checkMetaText(record(language, { title: 'Sony WH-1000XM5', description: text }));
      assert.deepEqual(summary(problems), ['refusal description']);
      assert.match(problems[0]?.message ?? '', /model talking to its reader/);
    });
  }

  it('quotes the offending words in the message', () => {
    const [problem] = checkMetaText(record('it', { description: 'Come modello linguistico, non posso verificare queste informazioni.' }));
    assert.equal(problem?.message, 'contains the model talking to its reader ("Come modello linguistico") instead of product text');
  });

  it('looks in every field: key features, attributes, SEO fields', () => {
    const problems = checkMetaText(
      record('en', {
        title: 'Sony WH-1000XM5',
        key_features: ['Up to 30 hours of battery life', "I don't have information about the weight."],
        global_attr: { colour: 'Black', weight: 'I could not find the weight in the data.' },
        title_tag: 'Certainly! Sony WH-1000XM5',
        meta_keywords: 'sony, headphones, as an AI language model',
      }),
    );
    assert.deepEqual(summary(problems), ['refusal title_tag', 'refusal meta_keywords', 'refusal key_features.1', 'refusal global_attr.weight']);
  });

  const PLACEHOLDERS: ReadonlyArray<readonly [what: string, fields: Partial<CountryContent>, field: string]> = [
    ['a template slot', { title: '{brand} Spaghetti n. 5' }, 'title'],
    ['a bracketed instruction', { description: 'Pasta di semola di grano duro [inserire marca].' }, 'description'],
    ['a bracketed name', { title: '[Product Name] wireless headphones' }, 'title'],
    ['TBD', { key_features: ['Battery life: TBD'] }, 'key_features.0'],
    ['dummy text', { short_description: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.' }, 'short_description'],
    ['a placeholder written as a tag', { description: '<p><insert brand name> headphones with noise cancelling.</p>' }, 'description'],
    ['an unknown amount', { description: 'Each can contains XX mg of caffeine.' }, 'description'],
    ['an attribute with nothing to say', { global_attr: { colour: 'N/A' } }, 'global_attr.colour'],
    ['an attribute with nothing to say, in Italian', { global_attr: { material: 'Non specificato' } }, 'global_attr.material'],
  ];
  for (const [what, fields, field] of PLACEHOLDERS) {
    it(`catches ${what}`, () => {
      const problems = checkMetaText(record('en', fields));
      assert.deepEqual(summary(problems), [`refusal ${field}`]);
      assert.match(problems[0]?.message ?? '', /placeholder/);
    });
  }

  it('catches a Markdown code fence around the answer', () => {
    assert.deepEqual(summary(checkMetaText(record('en', { description: '```json\n{"description": "Soft socks"}\n```' }))), ['refusal description']);
  });
});

describe('health claim check', () => {
  const MEDICINE_CLAIMS: ReadonlyArray<readonly [text: string, claim: RegExp]> = [
    ['Senza effetti collaterali, adatto a tutta la famiglia.', /no side effects/],
    ['No side effects and completely safe for everyone.', /no side effects/],
    ['Keine Nebenwirkungen, gut verträglich.', /no side effects/],
    ['Sans effets secondaires pour toute la famille.', /no side effects/],
    ['Sin efectos secundarios.', /no side effects/],
    ['Geen bijwerkingen.', /no side effects/],
    ['Sem efeitos secundários.', /no side effects/],
    ['Bez skutków ubocznych.', /no side effects/],
    ['Non ha effetti collaterali.', /no side effects/],
    ['No tiene efectos secundarios.', /no side effects/],
    ['Guaranteed relief in 15 minutes.', /cure or a guaranteed effect/],
    ['Guarisce il raffreddore in due giorni.', /cure or a guaranteed effect/],
    ['Efficacia garantita contro il dolore.', /cure or a guaranteed effect/],
    ['Heilt Kopfschmerzen sofort.', /cure or a guaranteed effect/],
    ['100% effective against period pain.', /cure or a guaranteed effect/],
    ['Da es natürlich ist, ist es unbedenklich.', /safe because it is natural/],
    ['Rimedio naturale e quindi sicuro.', /safe because it is natural/],
    ['Works faster than ibuprofen.', /compares the medicine/],
    ["Più efficace dell'ibuprofene.", /compares the medicine/],
    ['Wirkt besser als Aspirin.', /compares the medicine/],
    ["Aussi efficace que l'ibuprofène.", /compares the medicine/],
    ['Tan eficaz como el ibuprofeno.', /compares the medicine/],
    ['A miracle for your sore throat.', /miracle/],
    ['Un rimedio miracoloso per la tosse.', /miracle/],
    ['Clinically proven to relieve pain.', /clinical claim that no fact states/],
    ['Klinisch erwiesene Wirkung gegen Schmerzen.', /clinical claim that no fact states/],
  ];
  for (const [text, claim] of MEDICINE_CLAIMS) {
    it(`medicine: ${text}`, () => {
      const problems = checkHealthClaims(record('it', { title: 'Tachipirina 500 mg', description: text }), 'medicine', ['Tachipirina', 'Paracetamolo']);
      assert.ok(problems.length > 0, 'a problem is found');
      for (const problem of problems) assert.equal(`${problem.check} ${problem.field}`, 'health_claim description');
      assert.ok(
        problems.some((p) => claim.test(p.message)),
        problems.map((p) => p.message).join('\n'),
      );
      assert.ok(problems.every((p) => /Directive 2001\/83\/EC, art\. 90/.test(p.message)));
    });
  }

  it('medicine: "natural, so harmless" is a claim of its own, beside "harmless"', () => {
    const messages = checkHealthClaims(record('en', { description: 'Natural, so it is completely harmless.' }), 'medicine').map((p) => p.message);
    assert.ok(messages.some((m) => /safe because it is natural/.test(m)));
    assert.ok(messages.some((m) => /no side effects or is safe for everyone/.test(m)));
  });

  it('medicine: a clinical claim the facts state may be repeated, and only as strong as they state it', () => {
    const proven = record('en', { description: 'Clinically proven to relieve pain.' });
    assert.deepEqual(checkHealthClaims(proven, 'medicine', ['Clinically proven formula']), []);
    assert.deepEqual(summary(checkHealthClaims(proven, 'medicine', ['Clinically tested formula'])), ['health_claim description']);
    const tested = record('it', { description: 'Formula clinicamente testata.' });
    assert.deepEqual(summary(checkHealthClaims(tested, 'medicine')), ['health_claim description']);
    assert.deepEqual(checkHealthClaims(tested, 'medicine', ['Clinicamente testato']), []);
  });

  it('medicine: leaflet wording passes', () => {
    for (const sentence of [
      'Non conservare a temperatura superiore a 25 °C.',
      'Each sachet contains ibuprofen lysine equivalent to 200 mg of ibuprofen.',
      'Come tutti i medicinali, può causare effetti indesiderati, sebbene non tutte le persone li manifestino.',
      'Wie alle Arzneimittel kann auch dieses Arzneimittel Nebenwirkungen haben.',
      "Au goût naturel d'orange, bien sûr sans sucre ajouté.",
      'Se i sintomi persistono per più di 3 giorni, consultare il medico.',
    ]) {
      assert.deepEqual(checkHealthClaims(record('it', { description: sentence }), 'medicine'), [], sentence);
    }
  });

  it('medicine: its indication is not a claim', () => {
    const indication = record('it', {
      description: 'Indicato per il trattamento di febbre, mal di testa e dolori muscolari.',
      meta_description: 'Treats the symptoms of colds and flu.',
    });
    assert.deepEqual(checkHealthClaims(indication, 'medicine'), []);
  });

  const DISEASE_CLAIMS: ReadonlyArray<readonly [language: string, text: string]> = [
    ['it', 'Un olio che previene il cancro.'],
    ['it', "Protegge dall'influenza grazie alla vitamina C."],
    ['en', 'Cures colds and flu.'],
    ['en', 'Helps prevent heart disease.'],
    ['en', 'Treats diabetes naturally.'],
    ['en', 'Heals the gut in a week.'],
    ['de', 'Beugt Krebs und Herzkrankheiten vor.'],
    ['de', 'Hilft gegen Erkältungen.'],
    ['fr', 'Guérit le rhume en une nuit.'],
    ['fr', "Aide à prévenir l'hypertension."],
    ['es', 'Previene la diabetes.'],
    ['nl', 'Beschermt tegen griep.'],
    ['pt', 'Previne o cancro.'],
    ['pl', 'Zapobiega nowotworom.'],
  ];
  for (const kind of ['food', 'other'] as const) {
    for (const [language, text] of DISEASE_CLAIMS) {
      it(`${kind} [${language}]: ${text}`, () => {
        const problems = checkHealthClaims(record(language, { key_features: ['Ricco di vitamina C', text] }), kind);
        assert.deepEqual(summary(problems), ['health_claim key_features.1']);
        assert.match(problems[0]?.message ?? '', /prevents, treats or cures a human disease/);
      });
    }
  }

  it('a denial is no claim: disclaimers copied from a label pass', () => {
    for (const disclaimer of [
      'This product is not intended to diagnose, treat, cure or prevent any disease.',
      'Questo integratore non previene né cura alcuna malattia.',
      'Suplement diety nie leczy chorób.',
    ]) {
      assert.deepEqual(checkHealthClaims(record('en', { description: disclaimer }), 'food'), [], disclaimer);
    }
    const denialThenClaim = record('en', { description: 'Not a medicine. Prevents colds all winter.' });
    assert.deepEqual(summary(checkHealthClaims(denialThenClaim, 'food')), ['health_claim description']);
  });

  it('cites the food rule for a food and the medicine monopoly for anything else', () => {
    const claim = record('it', { description: 'Previene il cancro.' });
    assert.match(checkHealthClaims(claim, 'food')[0]?.message ?? '', /1169\/2011, art\. 7\(3\)/);
    assert.match(checkHealthClaims(claim, 'other')[0]?.message ?? '', /only an authorised medicine/);
  });

  it('a cosmetic may help prevent cavities but not heal eczema or protect against skin cancer', () => {
    assert.deepEqual(checkHealthClaims(record('en', { description: 'Fluoride toothpaste that helps prevent cavities.' }), 'other'), []);
    assert.deepEqual(summary(checkHealthClaims(record('en', { description: 'Heals eczema and psoriasis.', meta_description: 'Protects against skin cancer.' }), 'other')), [
      'health_claim description',
      'health_claim meta_description',
    ]);
  });

  it('the medicine rules are for medicines only', () => {
    const boast = record('en', { description: 'Better than any other pasta, and a miracle of flavour with no side effects.' });
    assert.deepEqual(checkHealthClaims(boast, 'food'), []);
    assert.ok(checkHealthClaims(boast, 'medicine').length >= 3);
  });
});

describe('deterministicChecks', () => {
  it('runs every check and reports each problem once, with its field', async () => {
    const messy = record('it', {
      title: null,
      description: 'Als KI kann ich keine Beschreibung erstellen, aber diese Nudeln schmecken wirklich sehr gut und sind schnell gekocht.',
      short_description: 'Questa pasta previene il cancro ed è buonissima, provala subito con il sugo di pomodoro fresco.',
      key_features: ['Pasta di semola di grano duro', 'f'.repeat(CONTENT_LIMITS.key_features.maxCharsEach + 1)],
    });
    const problems = await deterministicChecks(messy, { language: 'it', kind: 'food', factTexts: [], names: [], minFeatures: CONTENT_LIMITS.key_features.minItemsWanted });
    assert.deepEqual(summary(problems), [
      'empty title',
      'length key_features',
      'length key_features.1',
      'refusal description',
      'health_claim short_description',
      'language description',
    ]);
  });

  it('lets other work run between one check and the next, and finds the same problems', async () => {
    const messy = record('it', {
      description: 'Als KI kann ich keine Beschreibung erstellen, aber diese Nudeln schmecken wirklich sehr gut und sind schnell gekocht.',
      short_description: 'Questa pasta previene il cancro ed è buonissima, provala subito con il sugo di pomodoro fresco.',
    });
    const ctx = { language: 'it', kind: 'food', factTexts: [], names: [] } as const;
    const ranBetween: string[] = [];
    const problems = await deterministicChecks(messy, ctx, async () => {
      ranBetween.push('other work');
    });
    assert.deepEqual(summary(problems), summary(await deterministicChecks(messy, ctx)));
    // Between lengths and meta text, health claims, label claims and language.
    assert.equal(ranBetween.length, 3);
  });
});

describe('label claims', () => {
  const base = { title: 'Barilla Spaghetti n.5', key_features: [], global_attr: {} };

  it('a claim no fact makes is caught, in any of the languages', () => {
    for (const [language, text] of [
      ['it', 'Pasta biologica, senza glutine.'],
      ['de', 'Bio-Nudeln, glutenfrei und vegan.'],
      ['fr', 'Pâtes sans gluten, issues du commerce équitable.'],
      ['en', 'Organic, gluten-free pasta.'],
    ] as const) {
      const problems = checkLabelClaims({ ...base, description: text }, ['Spaghetti n.5', 'Barilla', 'Semola di grano duro']);
      assert.ok(problems.length > 0, `${language}: ${text}`);
      assert.ok(problems.every((p) => p.check === 'ungrounded' && p.field === 'description'));
    }
  });

  it('a claim a fact makes may be repeated in another language', () => {
    assert.deepEqual(checkLabelClaims({ ...base, description: 'Pasta biologica, senza glutine.' }, ['Organic', 'en:gluten-free', 'Gluten free']), []);
    assert.deepEqual(checkLabelClaims({ ...base, key_features: ['Vegan'] }, ['Végétalien']), []);
  });

  it('names the claim and what was written', () => {
    const [problem] = checkLabelClaims({ ...base, key_features: ['Waterproof to 30 m'] }, ['Sports watch']);
    assert.equal(problem?.field, 'key_features.0');
    assert.match(problem?.message ?? '', /"Waterproof" \(waterproof\), which no fact states/);
  });

  it('a negated claim is no claim, and water-resistant does not support waterproof', () => {
    assert.deepEqual(checkLabelClaims({ ...base, description: 'Nicht wasserdicht, nur spritzwassergeschützt.' }, []), []);
    assert.deepEqual(checkLabelClaims({ ...base, description: 'Non adatto a una dieta senza glutine.' }, []), []);
    assert.equal(checkLabelClaims({ ...base, description: 'Waterproof watch.' }, ['Water resistant 5 ATM']).length, 1);
    assert.deepEqual(checkLabelClaims({ ...base, description: 'Water-resistant watch.' }, ['Water resistant 5 ATM']), []);
  });

  it('does not fire on words that only contain a claim', () => {
    assert.deepEqual(checkLabelClaims({ ...base, description: 'A biography of the biologist, with a bionic cover.' }, []), []);
  });
});
