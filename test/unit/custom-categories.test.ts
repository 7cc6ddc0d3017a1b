import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CATEGORY_ID_MAX_CHARS, CATEGORY_PATH_MAX_CHARS, categoryRow, isTreeColumn } from '../../src/domain/categories/custom-category-row.ts';
import { type CategoryEvidence, categoryIndex, proposeCustomCategory, stem } from '../../src/domain/categories/propose-custom-category.ts';

describe("a row of the account's category tree", () => {
  it('takes id and path whatever the header case, trims them and spaces the levels', () => {
    assert.deepEqual(categoryRow({ ID: ' 1.2 ', Path: 'Casa>  Luce  >Lampade' }), { ok: true, id: '1.2', path: 'Casa > Luce > Lampade' });
    assert.deepEqual(categoryRow({ id: 7, path: 'Giardino' }), { ok: true, id: '7', path: 'Giardino' });
    assert.ok(isTreeColumn(' Path ') && !isTreeColumn('name'));
  });

  it('refuses an empty id, an id or path over its length, an empty path or level, a value that is not text', () => {
    const refused = (fields: Record<string, unknown>) => {
      const row = categoryRow(fields);
      assert.equal(row.ok, false, JSON.stringify(fields));
      return row.ok ? '' : row.reason;
    };
    assert.match(refused({ id: '', path: 'Casa' }), /id is empty/);
    assert.match(refused({ path: 'Casa' }), /id is empty/);
    assert.match(refused({ id: 'x'.repeat(CATEGORY_ID_MAX_CHARS + 1), path: 'Casa' }), /129 characters; at most 128/);
    assert.equal(categoryRow({ id: 'é'.repeat(CATEGORY_ID_MAX_CHARS), path: 'Casa' }).ok, true, 'counted in characters, not bytes');
    assert.match(refused({ id: '1', path: 'x'.repeat(CATEGORY_PATH_MAX_CHARS + 1) }), /1025 characters; at most 1024/);
    assert.match(refused({ id: '1', path: '  ' }), /path of id "1" is empty/);
    assert.match(refused({ id: '1', path: 'Casa > > Luce' }), /empty level/);
    assert.match(refused({ id: { a: 1 }, path: 'Casa' }), /id must be text/);
    assert.match(refused({ id: '1', path: ['Casa'] }), /path of id "1" must be text/);
  });
});

describe('the category a generation proposes from the tree', () => {
  const tree = categoryIndex([
    ['1', 'Casa'],
    ['1.1', 'Casa > Illuminazione'],
    ['1.1.1', 'Casa > Illuminazione > Lampade da tavolo'],
    ['1.1.2', 'Casa > Illuminazione > Lampade da terra'],
    ['2', 'Scarpe'],
    ['2.1', 'Scarpe > Scarpe da donna'],
    ['2.2', 'Scarpe > Scarpe da uomo'],
    ['3', 'Home & Garden > Lighting > Lamps'],
  ]);
  const evidence = (e: Partial<CategoryEvidence>): CategoryEvidence => ({ googlePaths: [], categories: [], titles: [], ...e });

  it('stems plurals and -ing alike across the languages', () => {
    assert.equal(stem('lampade'), stem('lampada'));
    assert.equal(stem('lamps'), stem('lamp'));
    assert.equal(stem('lighting'), stem('lights'));
    assert.equal(stem('glasses'), stem('glass'));
    assert.equal(stem('categories'), stem('category'));
    assert.notEqual(stem('table'), stem('tablet'));
  });

  it('takes the category whose path is the Google path, case and spacing aside', () => {
    assert.equal(proposeCustomCategory(tree, evidence({ googlePaths: [['Home & Garden', 'Lighting', 'Lamps']] })), '3');
  });

  it('takes the category whose path a catalogue states', () => {
    assert.equal(proposeCustomCategory(tree, evidence({ categories: ['casa > illuminazione'] })), '1.1');
  });

  it("scores the path's words against the Google path in the record's language and the title", () => {
    assert.equal(proposeCustomCategory(tree, evidence({ googlePaths: [['Casa e giardino', 'Illuminazione', 'Lampade']], titles: ['Lampada da tavolo Arco'] })), '1.1.1');
    assert.equal(proposeCustomCategory(tree, evidence({ titles: ['Lampada da terra Stelo, ottone'] })), '1.1.2');
    assert.equal(proposeCustomCategory(tree, evidence({ titles: ['Scarpe da donna in pelle'] })), '2.1');
  });

  it('stays at the parent when nothing shows which child', () => {
    assert.equal(proposeCustomCategory(tree, evidence({ titles: ['Scarpe rosse'] })), '2');
    assert.equal(proposeCustomCategory(tree, evidence({ googlePaths: [['Casa e giardino', 'Illuminazione']], titles: ['Faretto Spot'] })), '1.1');
  });

  it('proposes nothing on a tie, without a word in common, or from an empty tree', () => {
    assert.equal(proposeCustomCategory(tree, evidence({ titles: ['Lampada'] })), undefined, 'table or floor lamp');
    assert.equal(proposeCustomCategory(tree, evidence({ titles: ['Spaghetti n. 5'], googlePaths: [['Food, Beverages & Tobacco', 'Food Items']] })), undefined);
    assert.equal(proposeCustomCategory(categoryIndex([]), evidence({ titles: ['Lampada da tavolo'] })), undefined);
  });
});
