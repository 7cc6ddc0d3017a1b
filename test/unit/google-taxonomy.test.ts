import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GoogleTaxonomy } from '../../src/domain/categories/google-taxonomy.ts';
import { googleTaxonomy } from '../../src/reference-data/google-taxonomy-files.ts';

const ENGLISH = `# Google_Product_Taxonomy_Version: 2021-09-21
536 - Home & Garden
594 - Home & Garden > Lighting
2425 - Home & Garden > Lighting > Lamps
469 - Health & Beauty
`;
const ITALIAN = `# Google_Product_Taxonomy_Version: 2021-09-21
536 - Casa e giardino
594 - Casa e giardino > Illuminazione
2425 - Casa e giardino > Illuminazione > Lampade
9999 - Categoria ritirata
`;

describe('the Google product taxonomy', () => {
  const taxonomy = new GoogleTaxonomy(ENGLISH, { it: ITALIAN });

  it('gives a path in the record language, in English where that language was not shipped', () => {
    assert.deepEqual(taxonomy.path('2425', 'it-IT'), ['Casa e giardino', 'Illuminazione', 'Lampade']);
    assert.deepEqual(taxonomy.path('2425', 'fr'), ['Home & Garden', 'Lighting', 'Lamps']);
    assert.deepEqual(taxonomy.path('404', 'it'), []);
  });

  it('finds an id from a path typed in any shipped language, case and accents aside', () => {
    assert.equal(taxonomy.idOfPath('home & garden >  LIGHTING'), '594');
    assert.equal(taxonomy.idOfPath('Casa e Giardino > Illuminazione > Lampade'), '2425');
    assert.equal(taxonomy.idOfPath('Home & Garden > Lamps'), undefined);
  });

  it('knows parents, lineage and subtrees, and ignores ids a translation has that English has not', () => {
    assert.equal(taxonomy.get('2425')?.parentId, '594');
    assert.deepEqual(taxonomy.lineage('2425'), ['536', '594', '2425']);
    assert.deepEqual(taxonomy.subtree('536').sort(), ['2425', '536', '594']);
    assert.equal(taxonomy.isWithin('2425', '536'), true);
    assert.equal(taxonomy.isWithin('536', '2425'), false);
    assert.equal(taxonomy.idOfPath('Categoria ritirata'), undefined);
  });

  it('refuses a file that is not a taxonomy rather than reading half of it', () => {
    assert.throws(() => new GoogleTaxonomy('1 - Animals\nnot a line\n'), /not a taxonomy line/);
  });

  it('ships Google’s 2021-09-21 tree with every category reachable from the top', () => {
    const shipped = googleTaxonomy();
    assert.equal(shipped.version, '2021-09-21');
    assert.equal(shipped.size, 5595);
    assert.equal(shipped.children(null).length, 21);
    assert.deepEqual(shipped.path('486', 'en'), ['Health & Beauty', 'Personal Care', 'Hair Care']);
    for (const category of shipped.all()) assert.equal(shipped.lineage(category.id).length, category.segments.length, category.id);
  });
});
