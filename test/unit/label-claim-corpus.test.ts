import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLabelClaims } from '../../src/generation/ai/checks/label-claim-check.ts';
import { findClaims } from '../../src/generation/ai/checks/claim-matcher.ts';

// A corpus per language of what a model or a source writes: every positive must be found as its
// claim, every negative (negations, packaging, words that only look like a claim) must not.
// Sentences follow the phrasing of real packs and shop texts in each language.

function assertMade(text: string, claim: string): void {
  assert.ok(
    findClaims(text).some((f) => f.claim === claim && f.madeAboutProduct),
    `"${text}" claims ${claim}`,
  );
}

type Corpus = { positives: Array<[string, string]>; negatives: string[] };

const CORPUS: Record<string, Corpus> = {
  en: {
    positives: [
      ['Suitable for vegans and vegetarians.', 'vegan'],
      ['A vegan recipe with oats.', 'vegan'],
      ['Organic durum wheat pasta.', 'organic'],
      ['Made from organically grown tomatoes.', 'organic'],
      ['Gluten-free crackers.', 'gluten-free'],
      ['Free from gluten and lactose.', 'gluten-free'],
      ['Lactose-free milk.', 'lactose-free'],
      ['No added sugar.', 'sugar-free'],
      ['Waterproof to 30 m.', 'waterproof'],
      ['Water-resistant case.', 'water-resistant'],
      ['Dermatologically tested.', 'dermatologically tested'],
      ['Fairtrade cocoa.', 'Fairtrade'],
      ['Cruelty-free formula, not tested on animals.', 'cruelty-free'],
      ['Palm oil free spread.', 'palm-oil-free'],
    ],
    negatives: [
      'Not suitable for vegans.',
      'This product is not vegan.',
      'Comes in vegan-friendly packaging.',
      'A desk organizer with three trays.',
      'A biography of the biologist.',
      'Contains gluten.',
      'Not waterproof: keep away from rain.',
    ],
  },
  it: {
    positives: [
      ['Adatto ai vegani.', 'vegan'],
      ['Ricetta vegana con ceci.', 'vegan'],
      ['Biscotti vegani al cacao.', 'vegan'],
      ['Pasta biologica di semola.', 'organic'],
      ['Pomodori biologici italiani.', 'organic'],
      ['Senza glutine e senza lattosio.', 'gluten-free'],
      ['Prodotto privo di glutine.', 'gluten-free'],
      ['Latte senza lattosio.', 'lactose-free'],
      ['Senza zuccheri aggiunti.', 'sugar-free'],
      ['Crema spalmabile senza olio di palma.', 'palm-oil-free'],
      ['Custodia impermeabile.', 'waterproof'],
      ['Dermatologicamente testato.', 'dermatologically tested'],
      ['Cacao da commercio equo e solidale.', 'Fairtrade'],
    ],
    negatives: [
      'Prodotto non biologico.',
      'Non adatto ai vegani.',
      'Confezione biologica compostabile.',
      'Un libro di biologia per la scuola.',
      'Contiene glutine.',
      'Non è impermeabile.',
    ],
  },
  de: {
    positives: [
      ['Für Veganer geeignet.', 'vegan'],
      ['Vegane Schokolade.', 'vegan'],
      ['Bio-Nudeln aus Hartweizengrieß.', 'organic'],
      ['Aus ökologischem Anbau.', 'organic'],
      ['Glutenfreies Brot.', 'gluten-free'],
      ['Frei von Gluten.', 'gluten-free'],
      ['Laktosefreie Milch.', 'lactose-free'],
      ['Ohne Zuckerzusatz.', 'sugar-free'],
      ['Wasserdichtes Gehäuse.', 'waterproof'],
      ['Dermatologisch getestet.', 'dermatologically tested'],
      ['Ohne Tierversuche hergestellt.', 'cruelty-free'],
    ],
    negatives: ['Nicht für Veganer geeignet.', 'Nicht wasserdicht, nur spritzwassergeschützt.', 'Ein Lehrbuch der Biologie.', 'Enthält Gluten.', 'Kein veganes Produkt.'],
  },
  fr: {
    positives: [
      ['Convient aux végétaliens.', 'vegan'],
      ['Recette végane.', 'vegan'],
      ['Formule vegan.', 'vegan'],
      ['Confiture biologique.', 'organic'],
      ['Pâtes sans gluten.', 'gluten-free'],
      ['Sans sucres ajoutés.', 'sugar-free'],
      ['Montre étanche.', 'waterproof'],
      ['Cacao issu du commerce équitable.', 'Fairtrade'],
      ['Testé sous contrôle dermatologique.', 'dermatologically tested'],
    ],
    negatives: ['Ne convient pas aux végétaliens.', 'Produit non biologique.', 'Emballage biologique.', 'Cours de biologie.', "N'est pas étanche."],
  },
  es: {
    positives: [
      ['Espaguetis ecológicos.', 'organic'],
      ['Tomates orgánicos.', 'organic'],
      ['Apto para veganos.', 'vegan'],
      ['Galletas veganas.', 'vegan'],
      ['Pan sin gluten.', 'gluten-free'],
      ['Libre de gluten.', 'gluten-free'],
      ['Leche sin lactosa.', 'lactose-free'],
      ['Sin azúcares añadidos.', 'sugar-free'],
      ['Funda impermeable.', 'waterproof'],
      ['Café de comercio justo.', 'Fairtrade'],
    ],
    negatives: ['No apto para veganos.', 'Producto no ecológico.', 'Un libro de ecología.', 'Envase ecológico reciclable.', 'Contiene gluten.'],
  },
  nl: {
    positives: [
      ['Geschikt voor veganisten.', 'vegan'],
      ['Veganistische burger.', 'vegan'],
      ['Biologische melk.', 'organic'],
      ['Glutenvrije pasta.', 'gluten-free'],
      ['Zonder toegevoegde suiker.', 'sugar-free'],
      ['Waterdichte jas.', 'waterproof'],
    ],
    negatives: ['Niet geschikt voor veganisten.', 'Geen biologisch product.', 'Biologische verpakking.', 'Bevat gluten.'],
  },
  pt: {
    positives: [
      ['Adequado para veganos.', 'vegan'],
      ['Bolachas veganas.', 'vegan'],
      ['Café biológico.', 'organic'],
      ['Tomates orgânicos.', 'organic'],
      ['Pão sem glúten.', 'gluten-free'],
      ['Sem açúcares adicionados.', 'sugar-free'],
      ['Capa impermeável.', 'waterproof'],
    ],
    negatives: ['Não é adequado para veganos.', 'Produto não biológico.', 'Embalagem biológica.', 'Um livro de biologia.'],
  },
  pl: {
    positives: [
      ['Produkt wegański.', 'vegan'],
      ['Odpowiedni dla wegan.', 'vegan'],
      ['Wegańskie ciastka.', 'vegan'],
      ['Ekologiczne pomidory.', 'organic'],
      ['Makaron bezglutenowy.', 'gluten-free'],
      ['Chleb bez glutenu.', 'gluten-free'],
      ['Bez dodatku cukru.', 'sugar-free'],
      ['Wodoodporna obudowa.', 'waterproof'],
    ],
    negatives: ['Nie jest wegański.', 'Opakowanie ekologiczne.', 'Zawiera gluten.', 'Podręcznik do ekologii.'],
  },
};

describe('label claims in every word form, per language', () => {
  for (const [language, { positives, negatives }] of Object.entries(CORPUS)) {
    test(`${language}: each positive is found as its claim`, () => {
      for (const [text, claim] of positives) {
        const found = findClaims(text).filter((f) => f.madeAboutProduct);
        assert.ok(
          found.some((f) => f.claim === claim),
          `${language} "${text}" claims ${claim}; found ${JSON.stringify(found)}`,
        );
      }
    });
    test(`${language}: no negative is a claim about the product`, () => {
      for (const text of negatives) {
        const found = findClaims(text).filter((f) => f.madeAboutProduct);
        assert.deepEqual(found, [], `${language} "${text}"`);
      }
    });
  }

  test('the forms the issue found unflagged are flagged when no fact makes the claim', () => {
    const record = { title: 'Gallo Espaguetis', key_features: [], global_attr: {} };
    const facts = ['Espaguetis', 'Gallo', 'Sémola de trigo duro'];
    for (const text of ['Espaguetis ecológicos de trigo duro.', 'Apto para veganos.', 'Suitable for vegans.']) {
      const problems = checkLabelClaims({ ...record, description: text }, facts);
      assert.equal(problems.length, 1, text);
      assert.match(problems[0]?.message ?? '', /which no fact states/);
    }
  });

  test('a negation reaches no further than its clause, and "not only" negates nothing', () => {
    for (const [text, claim] of [
      ['No preservatives, organic ingredients.', 'organic'],
      ['Pas de conservateurs, recette végane.', 'vegan'],
      ['No artificial colours, vegan recipe.', 'vegan'],
      ['Not only tasty but also organic.', 'organic'],
      ['Non solo buono, ma anche biologico.', 'organic'],
      ['Nicht nur lecker, sondern auch bio.', 'organic'],
      ['Niet alleen lekker, ook biologisch.', 'organic'],
      ['Non solo biologico: anche vegano.', 'organic'],
    ] as const)
      assertMade(text, claim);
  });

  test('"contains no gluten" in every language is the gluten-free claim', () => {
    for (const [text, claim] of [
      ['Non contiene glutine.', 'gluten-free'],
      ['Ne contient pas de gluten.', 'gluten-free'],
      ['Enthält kein Gluten.', 'gluten-free'],
      ['Bevat geen gluten.', 'gluten-free'],
      ['Nie zawiera glutenu.', 'gluten-free'],
      ['Não contém glúten.', 'gluten-free'],
      ['Free of gluten.', 'gluten-free'],
      ['Enthält keine Laktose.', 'lactose-free'],
      ['Non contiene lattosio.', 'lactose-free'],
      ['Kein Palmöl.', 'palm-oil-free'],
    ] as const)
      assertMade(text, claim);
  });

  test('Polish "nie ma" (there is no) negates; it is not Italian "ma" (but)', () => {
    assert.deepEqual(
      findClaims('Produkt nie ma certyfikatu ekologicznego.').filter((f) => f.madeAboutProduct),
      [],
    );
    assertMade('Non è dolce, ma biologico.', 'organic');
  });

  test('Fairtrade and cruelty-free in the words packs use', () => {
    for (const [text, claim] of [
      ['Caffè equosolidale.', 'Fairtrade'],
      ['Non testato sugli animali.', 'cruelty-free'],
      ['Nicht an Tieren getestet.', 'cruelty-free'],
      ['No probado en animales.', 'cruelty-free'],
      ['Niet op dieren getest.', 'cruelty-free'],
      ['Nie testowane na zwierzętach.', 'cruelty-free'],
    ] as const)
      assertMade(text, claim);
  });

  test('biodegradable, the Öko-Test rating, Öko-Tex and OLED are no organic claim', () => {
    for (const text of [
      'Biologisch abbaubare Formel.',
      'Tenside sind biologisch abbaubar.',
      'Biologisch afbreekbaar.',
      'ÖKO-TEST Urteil: sehr gut.',
      'Öko-Test sehr gut',
      'Bettwäsche nach Öko-Tex Standard 100',
      'OLED TV: organic light-emitting diode panel',
    ]) {
      assert.deepEqual(
        findClaims(text).filter((f) => f.madeAboutProduct),
        [],
        text,
      );
    }
  });

  test('a claim a fact makes in another language and form supports the record', () => {
    const record = { title: 'Gallo Espaguetis', key_features: [], global_attr: {} };
    assert.deepEqual(checkLabelClaims({ ...record, description: 'Espaguetis integrales ecológicos, aptos para veganos.' }, ['Organic', 'Vegan']), []);
    assert.deepEqual(checkLabelClaims({ ...record, description: 'Für Veganer geeignet.' }, ['Adatto ai vegani']), []);
    // A fact that denies a claim does not support it.
    assert.equal(checkLabelClaims({ ...record, description: 'Pasta biologica.' }, ['Prodotto non biologico']).length, 1);
  });
});
