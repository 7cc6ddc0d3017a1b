import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bulletLines, collapseSpaces, findNetQuantity, fitLines, fitSentences, containsWord, removeWord, sentences, toPlainText } from '../../src/generation/template/text.ts';
import { slugify, truncateWords } from '../../src/text/words.ts';

describe('toPlainText', () => {
  it('turns a shop-export HTML description into lines, list items as "- " lines', () => {
    const html =
      '<div class="product-description"><h2>Spaghetti n.5</h2>\n' +
      '<p>Pasta di semola di grano duro.<br>Trafilata al bronzo.</p>' +
      '<ul>\n  <li>Cottura: 9 minuti</li>\n  <li>Formato: 500&nbsp;g</li>\n</ul></div>';
    assert.equal(toPlainText(html), 'Spaghetti n.5\nPasta di semola di grano duro.\nTrafilata al bronzo.\n- Cottura: 9 minuti\n- Formato: 500 g');
  });

  it('<br>, <br/>, <br />, <BR> all end a line', () => {
    assert.equal(toPlainText('Uno<br>Due<br/>Tre<br />Quattro<BR>Cinque'), 'Uno\nDue\nTre\nQuattro\nCinque');
  });

  it("a <br> with attributes (as Shopify's editor writes it) also ends a line", () => {
    assert.equal(toPlainText('Für trockenes Haar<br data-mce-fragment="1">Mit Aloe Vera'), 'Für trockenes Haar\nMit Aloe Vera');
  });

  it('ordered lists and list items with attributes become "- " lines', () => {
    assert.equal(toPlainText('<ol><li class="x">Erst waschen</li><li>Dann spülen</li></ol>'), '- Erst waschen\n- Dann spülen');
  });

  it('inline tags become spaces and do not glue words; spaces collapse', () => {
    assert.equal(toPlainText('<p><strong>STABILO</strong>   <em>BOSS</em>\t ORIGINAL</p>'), 'STABILO BOSS ORIGINAL');
  });

  it('decodes the basic named entities and numeric ones', () => {
    assert.equal(toPlainText('Tom &amp; Jerry &lt;3 &quot;neon&quot; &#39;giallo&#39; &#x20AC; 4,99 &apos;ok&apos; &AMP;'), "Tom & Jerry <3 \"neon\" 'giallo' € 4,99 'ok' &");
  });

  it('decodes before it strips, so encoded markup (once or twice) never comes out as a tag', () => {
    assert.equal(toPlainText('Pasta &lt;script&gt;alert(1)&lt;/script&gt; di semola'), 'Pasta di semola');
    assert.equal(toPlainText('Pasta &amp;lt;img src=x onerror=alert(1)&amp;gt; di semola'), 'Pasta di semola');
    assert.equal(toPlainText('&lt;b&gt;Barilla&lt;/b&gt;'), 'Barilla');
  });

  it('keeps a "<" or ">" that opens no tag, and a bare "&"', () => {
    assert.equal(toPlainText('< 5 % fat'), '< 5 % fat');
    assert.equal(toPlainText('3 > 2'), '3 > 2');
    assert.equal(toPlainText('Tom & Jerry'), 'Tom & Jerry');
  });

  it('&nbsp; and U+00A0 collapse to one space', () => {
    assert.equal(toPlainText('250&nbsp;&nbsp;ml\u00a0\u00a0Flasche'), '250 ml Flasche');
  });

  it('decodes the accented-letter and typographic entities European shop exports are full of', () => {
    assert.equal(
      toPlainText('F&uuml;r trockenes Haar &ndash; mit Aloe Vera. Gr&ouml;&szlig;e: 250 ml, 3,49 &euro;. Qualit&agrave; &eacute;lev&eacute;e'),
      'Für trockenes Haar – mit Aloe Vera. Größe: 250 ml, 3,49 €. Qualità élevée',
    );
  });

  it('does not throw on a malformed numeric entity in caller HTML', () => {
    assert.doesNotThrow(() => toPlainText('Prezzo &#99999999; euro'));
    assert.doesNotThrow(() => toPlainText('Prezzo &#xFFFFFFF; euro'));
  });

  it('drops the content of <style> and <script> blocks, not just their tags', () => {
    const html = '<style>.desc{color:#333;font-size:14px}</style><p>Evidenziatore giallo fluo.</p><script>trackView(4006381333931)</script>';
    assert.equal(toPlainText(html), 'Evidenziatore giallo fluo.');
  });

  it('plain text passes through unchanged, apart from whitespace', () => {
    assert.equal(toPlainText('  Shampoo 250 ml  \n\n  pH-hautneutral  '), 'Shampoo 250 ml\npH-hautneutral');
  });

  it('an all-markup input is empty', () => {
    assert.equal(toPlainText('<p> </p><br/><div>&nbsp;</div>'), '');
  });
});

describe('collapseSpaces / containsWord', () => {
  it('collapses runs of whitespace including no-break spaces and trims', () => {
    assert.equal(collapseSpaces(' \t500\u00a0g \n Packung  '), '500 g Packung');
  });
  it('finds a whole word ignoring case, including non-ASCII letters', () => {
    assert.ok(containsWord('Spaghetti n.5 BARILLA', 'Barilla'));
    assert.ok(containsWord('ÖKO-TEST Sehr gut', 'öko-test'));
    assert.ok(!containsWord('Spaghetti n.5', 'Barilla'));
  });
  it('does not find a word inside another word', () => {
    assert.ok(!containsWord('Candeggina efficace', 'Ace'));
    assert.ok(containsWord('Ace Candeggina', 'ace'));
    assert.ok(containsWord('Dr. Oetker Backmischung', 'Dr. Oetker'));
  });
});

describe('truncateWords', () => {
  it('returns text within the limit unchanged', () => {
    assert.equal(truncateWords('Barilla Spaghetti n.5', 21), 'Barilla Spaghetti n.5');
    assert.equal(truncateWords('Barilla Spaghetti n.5', 60), 'Barilla Spaghetti n.5');
  });

  it('cuts at the last space within the limit', () => {
    assert.equal(truncateWords('STABILO BOSS ORIGINAL Textmarker gelb', 20), 'STABILO BOSS');
    assert.equal(truncateWords('STABILO BOSS ORIGINAL Textmarker gelb', 21), 'STABILO BOSS ORIGINAL');
  });

  it('drops a trailing comma, colon, semicolon or dash at the cut', () => {
    assert.equal(truncateWords('Spaghetti n.5, pasta di semola di grano duro', 15), 'Spaghetti n.5');
    assert.equal(truncateWords('Shampoo – für trockenes Haar', 10), 'Shampoo');
    assert.equal(truncateWords('Inhalt: 250 ml Flasche', 9), 'Inhalt');
  });

  it('never splits a word when a space lies within the limit', () => {
    assert.equal(truncateWords('Nivea Feuchtigkeitsspendende Pflegedusche', 25), 'Nivea');
  });

  it('never exceeds the limit, always returns a prefix, and ends at a word end (property)', () => {
    const texts = [
      'Barilla Spaghetti n.5 Pasta di semola di grano duro 500 g, trafilata al bronzo',
      'Balea Feuchtigkeits Shampoo Aloe Vera & Hyaluron für trockenes Haar, 300 ml',
      'STABILO BOSS ORIGINAL Textmarker 4er Etui gelb, grün, orange, pink; Strichbreite 2 + 5 mm',
      'Olio extra vergine di oliva 100% italiano – bottiglia 0,75 l',
    ];
    for (const text of texts) {
      for (let max = 12; max <= text.length + 2; max++) {
        const out = truncateWords(text, max);
        const label = `${JSON.stringify(text)} @ ${max} → ${JSON.stringify(out)}`;
        assert.ok(out.length <= max, label);
        assert.ok(text.startsWith(out), label);
        assert.ok(out.length > 0, label);
        const next = text.charAt(out.length);
        assert.ok(next === '' || /[\s,;:–-]/u.test(next), `word split: ${label}`);
        assert.ok(!/[\s,;:–-]$/u.test(out), `trailing separator: ${label}`);
      }
    }
  });

  it('hard-cuts a single word longer than the limit (nothing else fits)', () => {
    assert.equal(truncateWords('Feuchtigkeitsspendende', 10).length, 10);
  });
});

describe('sentences', () => {
  it('splits on . ! ? followed by a capital, a digit or a quote', () => {
    assert.deepEqual(sentences('Cottura 9 minuti. Ottima al dente! Senza glutine? No. "Trafilata al bronzo". 3 porzioni.'), [
      'Cottura 9 minuti.',
      'Ottima al dente!',
      'Senza glutine?',
      'No.',
      '"Trafilata al bronzo".',
      '3 porzioni.',
    ]);
  });

  it('keeps decimals such as 1.5 kg and 0.75 l intact', () => {
    assert.deepEqual(sentences('Peso netto 1.5 kg. Bottiglia da 0.75 l. Spessore 2.5 mm.'), ['Peso netto 1.5 kg.', 'Bottiglia da 0.75 l.', 'Spessore 2.5 mm.']);
  });

  it('does not split after a full stop followed by a lowercase word', () => {
    assert.deepEqual(sentences('Pasta di semola. ideale con il sugo.'), ['Pasta di semola. ideale con il sugo.']);
  });

  it('every line is at least one sentence; blank lines vanish', () => {
    assert.deepEqual(sentences('Riga uno\n\nRiga due. Frase tre.\n   \n'), ['Riga uno', 'Riga due.', 'Frase tre.']);
  });

  it('keeps common abbreviations intact (Dr., ca., approx., Italian n. 5)', () => {
    assert.deepEqual(sentences('Backmischung von Dr. Oetker. Backzeit ca. 25 Minuten.'), ['Backmischung von Dr. Oetker.', 'Backzeit ca. 25 Minuten.']);
    assert.deepEqual(sentences('Drying time approx. 2 hours. Wipe clean.'), ['Drying time approx. 2 hours.', 'Wipe clean.']);
    assert.deepEqual(sentences('Spaghetti n. 5 di semola di grano duro. Cottura 9 minuti.'), ['Spaghetti n. 5 di semola di grano duro.', 'Cottura 9 minuti.']);
  });
});

describe('bulletLines', () => {
  it('picks lines written as a list (-, *, •, 1., 2)) and strips the marker', () => {
    const text = 'Shampoo für trockenes Haar.\n- Mit Aloe Vera\n* Ohne Silikone\n• pH-hautneutral\n1. Auftragen\n2) Ausspülen\n  -   Vegan  ';
    assert.deepEqual(bulletLines(text), ['Mit Aloe Vera', 'Ohne Silikone', 'pH-hautneutral', 'Auftragen', 'Ausspülen', 'Vegan']);
  });

  it('ignores prose, hyphenated words and markers without a following space', () => {
    assert.deepEqual(bulletLines('pH-hautneutral\n-kein Listenpunkt\n2,5 kg Packung\n500 g'), []);
  });

  it('works on the output of toPlainText for an HTML list', () => {
    assert.deepEqual(bulletLines(toPlainText('<p>Intro</p><ul><li>Giallo</li><li>Verde</li></ul>')), ['Giallo', 'Verde']);
  });
});

describe('slugify', () => {
  it('folds accents and lowercases (German umlauts as their conventional ae/oe/ue)', () => {
    assert.equal(slugify('Crème Brûlée Café Ñandú Über'), 'creme-brulee-cafe-nandu-ueber');
  });

  it('writes ß (and capital ẞ) as ss', () => {
    assert.equal(slugify('Straße'), 'strasse');
    assert.equal(slugify('GROẞE Packung'), 'grosse-packung');
  });

  it('folds European letters that have no combining accent (ø, æ, ł, đ, œ)', () => {
    assert.equal(slugify('Smørrebrød'), 'smorrebrod');
    assert.equal(slugify('Masło Łódź'), 'maslo-lodz');
    assert.equal(slugify('Ærø Œuf'), 'aero-oeuf');
  });

  it('symbols become single hyphens; no leading or trailing hyphens', () => {
    assert.equal(slugify('  --STABILO® BOSS ORIGINAL / Textmarker (4er-Etui)!!  '), 'stabilo-boss-original-textmarker-4er-etui');
    assert.equal(slugify('100% Olio EVO — 0,75 l'), '100-olio-evo-0-75-l');
    assert.equal(slugify('!!!'), '');
  });

  it('respects the maximum length, cutting between words, never ending in a hyphen', () => {
    const title = 'Barilla Spaghetti n.5 Pasta di Semola di Grano Duro Trafilata al Bronzo 500 g Confezione Risparmio';
    for (const max of [10, 20, 30, 40, 60, 80]) {
      const slug = slugify(title, max);
      assert.ok(slug.length <= max, `${max}: ${slug}`);
      assert.match(slug, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${max}: ${slug}`);
      assert.ok(slugify(title, 200).startsWith(slug), `${max}: ${slug}`);
      const next = slugify(title, 200).charAt(slug.length);
      assert.ok(next === '-' || next === '', `word split at ${max}: ${slug}`);
    }
    assert.ok(slugify(title).length <= 80);
  });
});

describe('findNetQuantity', () => {
  const table: ReadonlyArray<readonly [string, string | null]> = [
    ['Shampoo Aloe Vera 500 ml', '500 ml'],
    ['Spaghetti n.5 – 1,5 kg', '1,5 kg'],
    ['Spaghetti 500g', '500 g'],
    ['Olio extra vergine 0.75 L', '0.75 l'],
    ['Nivea Creme 150ml Dose', '150 ml'],
    ['Vitamin C 500 mg Tabletten', '500 mg'],
    ['Maple syrup 12 fl oz', '12 fl oz'],
    ['Confezione 2 x 250 ml', '250 ml'],
    ['Sapone 100 g e crema 50 ml', '100 g'],
    ['Tinte 4ml, Strichbreite 2 + 5 mm', '4 ml'],
    ['Set 12 Gelstifte', null],
    ['Strichbreite 2-5 mm', null],
    ['Textmarker gelb', null],
    ['', null],
  ];
  for (const [text, expected] of table) {
    it(`${JSON.stringify(text)} → ${JSON.stringify(expected)}`, () => assert.equal(findNetQuantity(text), expected));
  }
});

describe('removeWord / fitSentences / fitLines', () => {
  it('removes a whole word in any case and tidies the separators left behind', () => {
    assert.equal(removeWord('Barilla Spaghetti n.5, Barilla', 'barilla'), 'Spaghetti n.5');
    assert.equal(removeWord('Offerta: shampoo 300 ml', 'Offerta'), 'shampoo 300 ml');
    assert.equal(removeWord('Efficace candeggina', 'Ace'), 'Efficace candeggina');
  });

  it('keeps whole sentences within the limit, or cuts the first at a word', () => {
    assert.equal(fitSentences('Uno due. Tre quattro. Cinque sei.', 21), 'Uno due. Tre quattro.');
    assert.equal(fitSentences('Unafrasemoltolunga senza punto finale', 20), 'Unafrasemoltolunga');
  });

  it('keeps whole lines so a description keeps its list', () => {
    assert.equal(fitLines('Intro.\n- Uno\n- Due', 14), 'Intro.\n- Uno');
  });
});
