import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isShouting, recase } from '../../src/generation/template/casing.ts';
import { classifyValue } from '../../src/generation/template/instructions.ts';
import { parseNotes } from '../../src/generation/template/notes.ts';
import { isPromotional } from '../../src/generation/template/claims.ts';

describe('casing of shouted names', () => {
  it('tells shouting from acronyms and mixed case', () => {
    assert.ok(isShouting('SPAGHETTI N.5 BARILLA'));
    assert.ok(!isShouting('USB'));
    assert.ok(!isShouting('BOSS ORIGINAL Textmarker gelb'));
  });

  it('sentence case (it) and title case (en, de), acronyms, codes and the brand kept', () => {
    assert.equal(recase('PASSATA DI POMODORO BIO DOP MUTTI', 'sentence', 'it-IT', [], 'Mutti'), 'Passata di pomodoro bio DOP Mutti');
    assert.equal(recase('WIRELESS MOUSE WITH USB-C RECEIVER M185', 'title', 'en-GB', ['with'], null), 'Wireless Mouse with USB-C Receiver M185');
    assert.equal(recase('DUSCHGEL FÜR MÄNNER MIT ALOE', 'title', 'de-DE', ['für', 'mit'], null), 'Duschgel für Männer mit Aloe');
    assert.equal(recase('İSTANBUL LOKUM', 'sentence', 'tr-TR', [], null), 'İstanbul lokum');
  });
});

describe('notes', () => {
  it('understands its documented notes in English, Italian and German', () => {
    assert.deepEqual(parseNotes('No brand in title. Title max 70 characters\nDo not mention "palm oil"; omit key features about price'), {
      noBrandInTitle: true,
      titleMax: 70,
      avoid: ['palm oil'],
      omitFeaturesAbout: ['price'],
      notApplied: [],
    });
    const it_ = parseNotes('Non mettere il marchio nel titolo; titolo massimo 80 caratteri; non menzionare glutine; ometti le caratteristiche sul prezzo');
    assert.equal(it_.noBrandInTitle, true);
    assert.equal(it_.titleMax, 80);
    assert.deepEqual(it_.avoid, ['glutine']);
    assert.deepEqual(it_.omitFeaturesAbout, ['prezzo']);
    assert.deepEqual(parseNotes('Ohne Marke im Titel; Palmöl nicht erwähnen').avoid, ['Palmöl']);
  });

  it('lists every other note as not applied', () => {
    assert.deepEqual(parseNotes('Tono amichevole\nMention free shipping first').notApplied, ['Tono amichevole', 'Mention free shipping first']);
    assert.deepEqual(parseNotes(null).notApplied, []);
  });
});

describe('regeneration values: content or instruction', () => {
  const followable: ReadonlyArray<readonly [string, unknown]> = [
    ['make it shorter', { kind: 'shorter' }],
    ['Rendi più breve', { kind: 'shorter' }],
    ['kürzer', { kind: 'shorter' }],
    ['plus court', { kind: 'shorter' }],
    ['más corto', { kind: 'shorter' }],
    ['korter', { kind: 'shorter' }],
    ['mais curto', { kind: 'shorter' }],
    ['skróć', { kind: 'shorter' }],
    ['max 80 characters', { kind: 'max', characters: 80 }],
    ['massimo 120 caratteri', { kind: 'max', characters: 120 }],
    ['höchstens 50 Zeichen', { kind: 'max', characters: 50 }],
    ['tutto maiuscolo', { kind: 'case', style: 'upper' }],
    ['lowercase', { kind: 'case', style: 'lower' }],
    ['title case', { kind: 'case', style: 'title' }],
    ['remove the word "offerta"', { kind: 'remove', word: 'offerta' }],
    ['togli Promo', { kind: 'remove', word: 'Promo' }],
    ['entferne Angebot', { kind: 'remove', word: 'Angebot' }],
  ];
  for (const [text, action] of followable) {
    it(`"${text}" is an instruction the engine follows`, () => {
      assert.deepEqual(classifyValue(text), { type: 'instruction', text, action });
    });
  }

  for (const text of [
    'Add the EAN code',
    'Menziona la garanzia',
    'Erwähne die Garantie',
    'non usare emoji',
    'Please make it sound premium',
    'Ajoute la garantie',
    'Mention Bluetooth',
    'Keep it under 60 characters and mention the lid.',
    'Remove the word organic from the title',
    'Shorten to 60 characters',
    'Elimina ogni riferimento al prezzo',
    'Entferne den Hinweis auf den Preis',
    'Replace the brand with the shop name',
  ]) {
    it(`"${text}" is an instruction it cannot follow`, () => {
      assert.deepEqual(classifyValue(text), { type: 'instruction', text, action: null });
    });
  }

  it('"shorter please" is the shorter instruction, the courtesy after it as before it', () => {
    assert.deepEqual(classifyValue('Shorter please'), { type: 'instruction', text: 'Shorter please', action: { kind: 'shorter' } });
  });

  for (const text of ['Spaghetti n.5 Barilla, 1 kg', 'Make-up remover pads', 'Non profumato', 'Repair Shampoo für strapaziertes Haar', 'nero']) {
    it(`"${text}" is new content`, () => assert.equal(classifyValue(text).type, 'content'));
  }
  // Names that open with an imperative verb are content, and say so, so the template engine can tell the caller.
  for (const text of ['Keep Cup Original 340 ml', 'Use Bio Oil', 'Make Up For Ever Ultra HD Foundation', 'Scrivi Gel Pen 0,7 mm']) {
    it(`"${text}" is new content that opens like an instruction`, () => assert.deepEqual(classifyValue(text), { type: 'content', text, imperativeFirst: true }));
  }
  it('an empty value means: rebuild', () => assert.deepEqual(classifyValue('  '), { type: 'empty' }));
});

describe('medicine claims', () => {
  it('finds promotional superlatives in the supported languages', () => {
    for (const text of ['Il miglior antidolorifico', 'Der meistverkaufte Schmerzstiller', 'The best pain relief', 'El mejor remedio', 'Najlepszy lek', 'N°1 en France']) {
      assert.ok(isPromotional(text), text);
    }
    assert.ok(!isPromotional('Indicato per il trattamento sintomatico degli stati febbrili'));
  });
});
