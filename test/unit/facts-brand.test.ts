import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { factsBrand } from '../../src/generation/facts-brand.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { aifaRecordToFacts } from '../../src/sources/aifa/aifa-record.ts';
import { fact, FACT_TIME } from '../helpers/make-fact.ts';

// The product's brand is the one the title leads with: the first brand fact of the chain in the
// record's language, unless it names a company (an AIFA holder with its legal form).

const aifaRow = (company: string) =>
  aifaRecordToFacts(
    { CODICE_AIC: '012745093', DENOMINAZIONE: 'TACHIPIRINA', DESCRIZIONE: '500 MG COMPRESSE 20 COMPRESSE', RAGIONE_SOCIALE: company, FORMA: 'COMPRESSA' },
    { code: '012745093', fetchedAt: FACT_TIME },
  );

describe("the facts' brand", () => {
  test("the first source in the chain that names one; the caller's own is not a fact to choose", async () => {
    const facts = [
      fact('brand', 'Casa Nostra', { source: 'caller' }),
      fact('name', 'Calice da vino', { language: 'it' }),
      fact('brand', 'Vetreria Blu'),
      fact('brand', 'VB', { source: 'open_food_facts' }),
    ];
    assert.equal(await factsBrand(facts, 'it'), 'Vetreria Blu');
    assert.equal(await factsBrand(facts.slice(0, 2), 'it'), null);
  });

  test("a brand written in the record's language beats one in another", async () => {
    const facts = [fact('brand', 'Blue Glassworks', { source: 'icecat', language: 'en' }), fact('brand', 'Vetreria Blu', { source: 'icecat', language: 'it', index: 1 })];
    assert.equal(await factsBrand(facts, 'it'), 'Vetreria Blu');
    assert.equal(await factsBrand(facts, 'en'), 'Blue Glassworks');
  });

  test('an AIFA holder is the brand only where it is not a company name', async () => {
    assert.equal(await factsBrand(aifaRow('AZIENDE CHIMICHE RIUNITE ANGELINI FRANCESCO - A.C.R.A.F. S.P.A.'), 'it'), null);
    assert.equal(await factsBrand(aifaRow('Bracco GmbH'), 'it'), null);
    assert.equal(await factsBrand(aifaRow('DOC GENERICI'), 'it'), 'DOC GENERICI');
  });

  test('is the brand the template title leads with', async () => {
    const engine = createTemplateEngine();
    for (const facts of [[fact('name', 'Calice da vino 35 cl', { language: 'it' }), fact('brand', 'Vetreria Blu')], aifaRow('DOC GENERICI'), aifaRow('ANGELINI S.P.A.')]) {
      const brand = await factsBrand(facts, 'it');
      const output = await engine.generate({
        product: { id: 'p', code: null, codeType: null, sku: null, productHandle: null, title: null, brand: null, description: null, images: [] },
        facts,
        notes: null,
        agentModel: 'v1',
        targets: [{ country: 'it', language: 'it' }],
        fields: null,
        existing: [],
      });
      const title = output.content[0]?.title ?? '';
      if (brand === null) assert.doesNotMatch(title, /ANGELINI|Angelini/, title);
      else assert.ok(title.startsWith(`${brand} `), `${title} leads with ${brand}`);
    }
  });
});
