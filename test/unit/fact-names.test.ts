import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Fact } from '../../src/domain/facts.ts';
import { factNames, nameMask } from '../../src/generation/ai/checks/fact-names.ts';
import { checkLanguage } from '../../src/generation/ai/checks/language-check.ts';

const fact = (key: Fact['key'], value: string): Pick<Fact, 'key' | 'value'> => ({ key, value });

// An Italian product as a shop sends it; its German record keeps the name and the brand.
const BISCOTTI = [
  fact('name', 'Biscotti al burro'),
  fact('brand', 'Molino Rossi'),
  fact('quantity', '500 g'),
  fact('category', 'Biscotti'),
  fact('description', 'Biscotti friabili preparati secondo la ricetta «Nonna Maria», con burro fresco. Confezione da 500 g.'),
  fact('ingredients', 'Farina di frumento, burro 18%, zucchero, uova, sale.'),
];
const names = factNames(BISCOTTI);

const GERMAN = {
  description:
    'Biscotti al burro von Molino Rossi sind für alle gedacht, die jeden Tag Wert auf Qualität legen. Die Kekse werden nach dem Rezept Nonna Maria mit frischer Butter gebacken.',
  short_description: 'Biscotti al burro: knusprige Butterkekse für jeden Tag.',
  meta_description: 'Biscotti al burro von Molino Rossi: knusprige Butterkekse nach dem Rezept Nonna Maria.',
  key_features: ['Biscotti al burro', 'Molino Rossi', 'Biscotti al burro', 'Packung mit 500 g'],
};

const fields = (problems: Array<{ field: string; check: string }>) => problems.map((p) => `${p.check} ${p.field}`).sort();

describe('the names a record keeps from the facts', () => {
  it('are the name, brand and variant whole, and the short terms the facts quote', () => {
    assert.deepEqual(factNames([...BISCOTTI, fact('variant', 'Gusto Nocciola'), fact('attribute', 'Linea "Le Classiche"')]), [
      'Biscotti al burro',
      'Molino Rossi',
      'Nonna Maria',
      'Gusto Nocciola',
      'Le Classiche',
    ]);
  });

  it('are not descriptions, ingredients, categories or quantities, nor a quoted sentence, nor a code', () => {
    const quotedSentence = 'Il mugnaio diceva sempre "il burro buono si sente subito al primo morso, senza bisogno di spiegazioni".';
    assert.deepEqual(factNames([fact('attribute', 'Schermo 27" IPS per supporti fino a 32"')]), [], 'inch marks quote nothing');
    assert.deepEqual(
      factNames([fact('description', quotedSentence), fact('ingredients', 'Farina, burro'), fact('category', 'Dolci'), fact('quantity', '500 g'), fact('name', 'N5')]),
      [],
    );
  });

  it('are listed once whatever their case or spacing', () => {
    assert.deepEqual(factNames([fact('name', 'Biscotti al burro'), fact('name', 'BISCOTTI  AL  BURRO'), fact('brand', 'molino rossi'), fact('brand', 'Molino Rossi')]), [
      'Biscotti al burro',
      'molino rossi',
    ]);
  });
});

describe('masking names', () => {
  const blank = nameMask(['Biscotti', 'Biscotti al burro', "Pasta dell'Orto"]);
  const mask = (text: string) => blank(text).replace(/\s+/g, ' ').trim();

  it('blanks whole-word occurrences in any case and spacing, the longest name first', () => {
    assert.equal(mask('Die BISCOTTI  al\nburro sind knusprig.'), 'Die sind knusprig.');
    assert.equal(mask('Biscotti und Kekse'), 'und Kekse');
  });

  it('takes one apostrophe for another', () => {
    assert.equal(mask('Von Pasta dell’Orto.'), 'Von .');
  });

  it('leaves a longer word that contains a name', () => {
    assert.equal(mask('Biscottini und Superbiscotti'), 'Biscottini und Superbiscotti');
  });

  it('with no names, leaves the text as it is', () => {
    assert.equal(nameMask([])('Biscotti al burro'), 'Biscotti al burro');
  });
});

describe('language check with the facts’ names', () => {
  it('passes a German record that keeps the Italian name, brand and quoted recipe name', async () => {
    assert.deepEqual(await checkLanguage(GERMAN, 'de', names), []);
  });

  it('without the names, the same record fails for its key features (the issue the masking fixes)', async () => {
    assert.deepEqual(fields(await checkLanguage(GERMAN, 'de')), ['language key_features']);
  });

  it('still flags Italian sentences around the name in a German record', async () => {
    const italian = {
      description:
        'Biscotti al burro di Molino Rossi sono pensati per chi cerca qualità ogni giorno. Preparati secondo la ricetta Nonna Maria, con burro fresco e farina di frumento.',
      short_description: 'Biscotti al burro: friabili e fragranti, perfetti per la colazione di tutti i giorni.',
      meta_description: 'Biscotti al burro di Molino Rossi, friabili e fragranti, perfetti per la colazione.',
      key_features: ['Biscotti al burro', 'Preparati con burro fresco e farina di frumento', 'Perfetti per la colazione di tutta la famiglia'],
    };
    const problems = await checkLanguage(italian, 'de', names);
    assert.deepEqual(fields(problems), ['language description', 'language key_features', 'language meta_description', 'language short_description']);
    assert.match(problems[0]?.message ?? '', /Italian.*German/);
  });

  it('passes features that are only names and measures once the names are masked', async () => {
    assert.deepEqual(await checkLanguage({ key_features: ['Biscotti al burro', 'Molino Rossi', 'Nonna Maria', '500 g'] }, 'de', names), []);
  });

  it('judges an Italian record with a German product name by its Italian sentences', async () => {
    const german = [fact('name', 'Westfälischer Pumpernickel aus Roggenschrot'), fact('brand', 'Nordkorn')];
    const record = {
      description: 'Westfälischer Pumpernickel aus Roggenschrot di Nordkorn è un pane integrale cotto a lungo, dal gusto intenso e leggermente dolce.',
      key_features: ['Westfälischer Pumpernickel aus Roggenschrot', 'Nordkorn', 'Westfälischer Pumpernickel aus Roggenschrot'],
    };
    assert.deepEqual(await checkLanguage(record, 'it', factNames(german)), []);
    assert.deepEqual(fields(await checkLanguage(record, 'it')), ['language key_features']);
  });
});
