import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { aicCheckDigit, checkProductCode, gs1CheckDigit, isbn10CheckChar, normaliseProductCode } from '../../src/domain/codes.ts';
import type { CodeCheck, CodeFormat, CodeType } from '../../src/domain/codes.ts';

// ---------------------------------------------------------------------------
// Public test vectors (numbers only, no code copied). Sources:
//   [stdnum-ean]  arthurdejong/python-stdnum tests/test_ean.doctest + stdnum/ean.py docstring
//   [stdnum-isbn] arthurdejong/python-stdnum tests/test_isbn.doctest ("found online") + stdnum/isbn.py docstring
//   [stdnum-aic]  arthurdejong/python-stdnum tests/test_it_aic.doctest
//   [gtin]        npm package `gtin` (xbpf/gtin) src/__tests__/index.test.ts, upc-e.test.ts
//   [quagga2]     ericblade/quagga2 test/integration/decoders/*.spec.ts — codes decoded from photos of real packs
//   [zint]        zint/zint backend/tests/test_medical.c (Code 32 human-readable text)
//   [hl7-it]      hl7-it/dossier-pharma input/fsh/terminology/codeSystems.fsh (real AIFA AIC codes);
//                 valeriacsr994/taccuino-fork input/fsh/terminology/codeSystems.fsh (same CodeSystem, more codes)
//   [scraper]     christian-fei/mega-scraper lib/logics/amazon.extactAsin.test.js (real ASINs)
// ---------------------------------------------------------------------------

const EAN8 = [
  '73513537', // [stdnum-ean]
  '12341238', // [gtin]
  '42191605',
  '90311208',
  '24057257',
  '24036153',
  '42242215',
  '42184799', // [quagga2] ean_8
];
const UPCA = [
  '012000007897', // [gtin]
  '882428015268',
  '882428015084',
  '882428015343',
  '882428015046',
  '039047013551', // [quagga2] upc
];
const EAN13 = [
  '7501031311309', // [stdnum-ean]
  '1234123412344', // [gtin]
  '3574660239843',
  '8032754490297',
  '9002233139084',
  '4006209700068',
  '8004030044005', // [quagga2] ean
  '4003626011159',
  '2111220009686',
  '9000275609022',
  '9004593978587',
  '9002244845578', // [quagga2] ean
];
const GTIN14 = [
  '98412345678908', // [stdnum-ean]
  '12341234123413',
  '01234123412344', // [gtin]
];
/** [input, normalised] */
const ISBN13: ReadonlyArray<readonly [string, string]> = [
  ['978-0-471-11709-4', '9780471117094'], // [stdnum-ean]
  ['978-9024538270', '9789024538270'], // [stdnum-isbn]
  ['9781857982183', '9781857982183'], // [stdnum-isbn]
  ['9791843123391', '9791843123391'], // [stdnum-isbn] 979 prefix
  ['978-1-4200-4561-1', '9781420045611'], // [stdnum-isbn] …
  ['978-90-345-0790-7', '9789034507907'],
  ['978-963-88880-5-1', '9789638888051'],
  ['9780 8872 76743', '9780887276743'],
  ['9783527283217', '9783527283217'],
  ['9789622091252', '9789622091252'],
  ['9781400821600', '9781400821600'],
];
const ISBN10: ReadonlyArray<readonly [string, string]> = [
  ['0-19-963209-X', '019963209X'], // [stdnum-isbn] X check digits …
  ['0-7503-0197-X', '075030197X'],
  ['0-8412-0473-X', '084120473X'],
  ['013036004X', '013036004X'],
  ['0-201-75041-4', '0201750414'],
  ['0080423906', '0080423906'],
  ['2-225-30547-1', '2225305471'],
  ['9284401348', '9284401348'],
  ['981-02-1046-9', '9810210469'],
  ['9814 253065', '9814253065'],
  ['1-85798-218-5', '1857982185'], // [stdnum-isbn] docstring
  ['9024538270', '9024538270'],
];
/** Valid AIC/MINSAN codes; [input, normalised]. */
const MINSAN: ReadonlyArray<readonly [string, string]> = [
  ['000307052', '000307052'],
  ['000307037', '000307037'],
  ['001738032', '001738032'], // [stdnum-aic]
  ['001738020', '001738020'],
  ['042645046', '042645046'],
  ['045359015', '045359015'], // [stdnum-aic]
  ['031981069', '031981069'],
  ['033736075', '033736075'],
  ['027860042', '027860042'], // [hl7-it]
  ['020609083', '020609083'],
  ['039785050', '039785050'], // [hl7-it] taccuino-fork
  ['A123456788', '123456788'],
  ['A001234564', '001234564'], // [zint] Code 32 text
  ['A931028462', '931028462'],
  ['A935776043', '935776043'], // [quagga2] code_32 — parapharmacy, first digit 9
  ['A012745182', '012745182'],
  ['A029651039', '029651039'],
  ['A015896018', '015896018'], // [quagga2] code_32
];
const ASIN: ReadonlyArray<readonly [string, string]> = [
  ['B07PHPXHQS', 'B07PHPXHQS'], // [scraper]
  ['b07fz8s74r', 'B07FZ8S74R'], // [scraper], lower-cased
];

/** [input, pattern the message must match] */
const INVALID: ReadonlyArray<readonly [string, RegExp]> = [
  ['7501031311308', /invalid check digit; expected 9 \(EAN-13\)/], // [stdnum-ean]
  ['75010313113', /has 11 digits; expected 8, 12, 13 or 14 digits/], // [stdnum-ean]
  ['750103AAAA309', /contains letters.*13-character code must be all digits/], // [stdnum-ean]
  ['978-9024538271', /invalid check digit; expected 0 \(ISBN-13\)/], // [stdnum-isbn]
  ['979-20-1234567-8', /invalid check digit; expected 5 \(ISBN-13\)/], // [stdnum-isbn] "incorrect check digit"
  ['978-902453827X', /contains letters.*13-character code must be all digits/], // [stdnum-isbn] X on an ISBN-13
  ['08515x-629-2', /not a valid ASIN: it must be B0 followed by 8 letters or digits, or an ISBN-10/], // [stdnum-isbn] X in the middle
  ['978-90245\u1B538270', /characters other than digits and letters: "\u1B53" \(U\+1B53\)/], // [stdnum-isbn] Balinese digit three
  ['978-9024538\u00B270', /characters other than digits and letters: "²" \(U\+00B2\)/], // [stdnum-isbn] superscript two
  ['000307053', /invalid check digit; expected 2 \(MINSAN\)/], // [stdnum-aic]
  ['010307052', /invalid check digit; expected 4 \(MINSAN\)/], // [stdnum-aic] calc_check_digit corner case
  ['0003070.3', /characters other than digits and letters: "\." \(U\+002E\)/], // [stdnum-aic]
  ['00030705.', /characters other than digits and letters/], // [stdnum-aic]
  ['12341234', /invalid check digit; expected 8 \(EAN-8\)/], // [gtin] 1234123 + wrong digit
  ['012000007890', /invalid check digit; expected 7 \(UPC-A\)/], // [gtin] 01200000789 + wrong digit
  ['1234123412340', /invalid check digit; expected 4 \(EAN-13\)/], // [gtin]
  ['12341234123410', /invalid check digit; expected 3 \(GTIN-14\)/], // [gtin]
  ['abcdabcdabcd', /contains letters.*12-character code must be all digits/], // [gtin]
  ['1234', /has 4 digits/], // [gtin]
  ['12341234123412341', /has 17 digits/], // [gtin]
];

function expectOk(raw: string, code: string, type: CodeType, format: CodeFormat): void {
  assert.deepEqual(checkProductCode(raw), { ok: true, code, type, format } satisfies CodeCheck, `input ${JSON.stringify(raw)}`);
}

/** Asserts rejection, that the message quotes the (trimmed) input, and names the reason. */
function expectInvalid(raw: string, reason: RegExp): string {
  const result = checkProductCode(raw);
  if (result.ok) return assert.fail(`expected ${JSON.stringify(raw)} to be rejected, got ${JSON.stringify(result)}`);
  assert.equal(result.input, raw.trim());
  assert.ok(result.message.includes(`"${raw.trim()}"`), `message should quote the code: ${result.message}`);
  assert.match(result.message, reason);
  return result.message;
}

describe('checkProductCode: public valid vectors', () => {
  it('accepts EAN-8', () => {
    for (const c of EAN8) expectOk(c, c, 'ean', 'ean8');
  });
  it('accepts UPC-A', () => {
    for (const c of UPCA) expectOk(c, c, 'ean', 'upca');
  });
  it('accepts EAN-13 (non-Bookland prefixes)', () => {
    for (const c of EAN13) expectOk(c, c, 'ean', 'ean13');
  });
  it('accepts GTIN-14', () => {
    for (const c of GTIN14) expectOk(c, c, 'ean', 'gtin14');
  });
  it('accepts ISBN-13 (978 and 979) as type ean, format isbn13', () => {
    for (const [raw, code] of ISBN13) expectOk(raw, code, 'ean', 'isbn13');
  });
  it('accepts ISBN-10 as type asin, format isbn10', () => {
    for (const [raw, code] of ISBN10) expectOk(raw, code, 'asin', 'isbn10');
  });
  it('accepts MINSAN/AIC with any first digit', () => {
    for (const [raw, code] of MINSAN) expectOk(raw, code, 'minsan', 'minsan');
  });
  it('accepts B0 ASINs', () => {
    for (const [raw, code] of ASIN) expectOk(raw, code, 'asin', 'asin');
  });
});

describe('checkProductCode: public invalid vectors', () => {
  for (const [raw, reason] of INVALID) {
    it(`rejects ${JSON.stringify(raw)}`, () => {
      expectInvalid(raw, reason);
    });
  }
});

describe('checkProductCode: edge cases', () => {
  it('removes spaces and hyphens and trims surrounding whitespace', () => {
    expectOk('978-0-471-11709-4', '9780471117094', 'ean', 'isbn13');
    expectOk('  9780 8872 76743\n', '9780887276743', 'ean', 'isbn13');
    expectOk('\t 4006209700068 ', '4006209700068', 'ean', 'ean13');
  });

  it('rejects other separators inside a code (dot, slash, tab, non-breaking space, en dash)', () => {
    for (const raw of ['978.0471117094', '978/0471117094', '978\t0471117094', '978\u00A00471117094', '978\u20130471117094']) {
      expectInvalid(raw, /characters other than digits and letters/);
    }
  });

  it('upper-cases a lower-case ASIN', () => {
    expectOk('b07phpxhqs', 'B07PHPXHQS', 'asin', 'asin');
    expectOk(' b07-fz8-s74r ', 'B07FZ8S74R', 'asin', 'asin');
  });

  it('accepts an X check digit on an ISBN-10, in either case', () => {
    assert.equal(isbn10CheckChar('019963209'), 'X');
    expectOk('0-19-963209-X', '019963209X', 'asin', 'isbn10');
    expectOk('0-19-963209-x', '019963209X', 'asin', 'isbn10');
  });

  it('rejects X anywhere but the last place of an ISBN-10', () => {
    expectInvalid('X199632090', /not a valid ASIN/);
  });

  it('rejects a 10-digit number that fails mod-11: it is not an ASIN', () => {
    // 1-85798-218-5 [stdnum-isbn] with its last digit changed
    expectInvalid('1857982184', /invalid check digit; expected 5 \(ISBN-10\)/);
    // 0-19-963209-X with a digit where the X belongs
    expectInvalid('0199632090', /invalid check digit; expected X \(ISBN-10\)/);
  });

  it('rejects 10 characters that are neither B0+8 nor an ISBN-10', () => {
    expectInvalid('A0123456AB', /not a valid ASIN: it must be B0 followed by 8 letters or digits, or an ISBN-10/);
    expectInvalid('C07PHPXHQS', /not a valid ASIN/);
    expectInvalid('B123456789', /not a valid ASIN/); // B1…: only B0 is an ASIN prefix
  });

  it('accepts a GTIN-14 with indicator digit 0 and keeps the leading zero', () => {
    expectOk('0' + '4006209700068', '04006209700068', 'ean', 'gtin14');
  });

  it('does not zero-pad or expand: UPC-A inside EAN-13 stays ean13, UPC-E is not expanded', () => {
    expectOk('0882428015268', '0882428015268', 'ean', 'ean13');
    // [gtin] UPC-E 01278907 ≙ UPC-A 012000007897: the 8-digit form is read as EAN-8 and fails its check.
    expectOk('012000007897', '012000007897', 'ean', 'upca');
    expectInvalid('01278907', /invalid check digit; expected 3 \(EAN-8\)/);
    expectInvalid('127890', /has 6 digits/);
  });

  it('rejects full-width and Arabic-Indic digits', () => {
    const fullWidth = '\uFF19\uFF17\uFF18\uFF10\uFF14\uFF17\uFF11\uFF11\uFF11\uFF17\uFF10\uFF19\uFF14'; // ９７８０４７１１１７０９４
    expectInvalid(fullWidth, /characters other than digits and letters: "９" \(U\+FF19\)/);
    expectInvalid('97804711170\uFF194', /characters other than digits and letters: "９" \(U\+FF19\)/);
    const arabicIndic = '\u0669\u0667\u0668\u0660\u0664\u0667\u0661\u0661\u0661\u0667\u0660\u0669\u0664'; // ٩٧٨٠٤٧١١١٧٠٩٤
    expectInvalid(arabicIndic, /characters other than digits and letters: "٩" \(U\+0669\)/);
    assert.equal(normaliseProductCode(fullWidth), fullWidth);
  });

  it('rejects non-ASCII letters that upper-case to ASCII (long s, dotless i)', () => {
    expectInvalid('B07PHPXHQ\u017F', /"ſ" \(U\+017F\)/); // 'ſ'.toUpperCase() === 'S'
    expectInvalid('B07\u0131NVALID', /"ı" \(U\+0131\)/); // 'ı'.toUpperCase() === 'I'
  });

  it('rejects a 9-digit number with a bad AIC check digit', () => {
    expectInvalid('031981060', /invalid check digit; expected 9 \(MINSAN\)/); // [hl7-it] 031981069, last digit changed
  });

  it('rejects 11 digits: no format has that length', () => {
    const message = expectInvalid('12345678901', /has 11 digits/);
    assert.match(message, /expected 8, 12, 13 or 14 digits \(EAN\/GTIN\), 10 characters \(ASIN\) or 9 digits \(MINSAN\)/);
  });

  it('reports length in characters when letters are present', () => {
    expectInvalid('B07PHPXHQ', /contains letters.*9-character code must be all digits \(MINSAN\)/);
    expectInvalid('B07PHPXHQSZ', /has 11 characters/);
  });

  it('rejects an EAN-13 followed by a 2- or 5-digit add-on, with or without a separator', () => {
    // [quagga2] ean_extended: the base codes are valid on their own …
    expectOk('9780544668256', '9780544668256', 'ean', 'isbn13');
    expectOk('4198716008901', '4198716008901', 'ean', 'ean13');
    // … but not with the add-on attached.
    expectInvalid('978054466825652495', /has 18 digits/);
    expectInvalid('9780544668256 52495', /has 18 digits/);
    expectInvalid('419871600890101', /has 15 digits/);
    expectInvalid('4198716008901-01', /has 15 digits/);
  });

  it('drops the A of a printed MINSAN label, upper or lower case', () => {
    expectOk('A012745182', '012745182', 'minsan', 'minsan');
    expectOk('a012745182', '012745182', 'minsan', 'minsan');
    expectOk(' A 0127-45182 ', '012745182', 'minsan', 'minsan');
    expectInvalid('A012745183', /invalid check digit; expected 2 \(MINSAN\)/);
  });

  it('accepts MINSANs whose first digit is not 0 (python-stdnum would refuse these)', () => {
    expectOk('931028462', '931028462', 'minsan', 'minsan'); // [quagga2] real pack
    // [stdnum-aic] rejects 100307053 only because it does not start with 0; its check digit is right.
    expectOk('100307053', '100307053', 'minsan', 'minsan');
  });

  it('uses the AIC check, not Luhn: a valid MINSAN that Luhn rejects', () => {
    // Same doubling positions as Luhn, but AIC's check is sum mod 10 where Luhn's is (10 − sum mod 10) mod 10.
    assert.equal(luhnValid('000307052'), false); // [stdnum-aic]
    assert.equal(luhnValid('935776043'), false); // [quagga2]
    expectOk('000307052', '000307052', 'minsan', 'minsan');
    expectOk('935776043', '935776043', 'minsan', 'minsan');
    // And the Luhn-valid variant of the same code is rejected.
    assert.equal(luhnValid('000307058'), true);
    expectInvalid('000307058', /expected 2 \(MINSAN\)/);
  });

  it('rejects empty input', () => {
    expectInvalid('', /empty/);
    expectInvalid('   ', /empty/);
    expectInvalid(' - -- ', /empty/);
  });

  it('names the code, problem and expected check digit with format in check-digit messages', () => {
    const message = expectInvalid('4006381333932', /invalid check digit/);
    assert.equal(message, '"4006381333932" has an invalid check digit; expected 1 (EAN-13)');
  });

  it('checks characters before length, and length/alphabet before the check digit', () => {
    expectInvalid('12.3', /characters other than digits and letters/); // also a bad length
    expectInvalid('75010313113X', /contains letters/); // 12 chars: alphabet, not check digit
  });
});

describe('normaliseProductCode', () => {
  it('removes spaces and hyphens, upper-cases, drops the MINSAN label A', () => {
    assert.equal(normaliseProductCode(' 978-0-471-11709-4 '), '9780471117094');
    assert.equal(normaliseProductCode('b07fz8s74r'), 'B07FZ8S74R');
    assert.equal(normaliseProductCode('a012745182'), '012745182');
    assert.equal(normaliseProductCode('0-19-963209-x'), '019963209X');
  });
  it('only drops A in front of exactly 9 digits', () => {
    assert.equal(normaliseProductCode('A01274518'), 'A01274518');
    assert.equal(normaliseProductCode('A0127451820'), 'A0127451820');
    assert.equal(normaliseProductCode('AB12745182'), 'AB12745182');
  });
  it('does not validate: a bad check digit still normalises', () => {
    assert.equal(normaliseProductCode('4006-381333932'), '4006381333932');
  });
  it('returns the trimmed input when the code cannot be normalised', () => {
    assert.equal(normaliseProductCode('  978.0471117094 '), '978.0471117094');
    assert.equal(normaliseProductCode(' b07phpxhq\u017F '), 'b07phpxhq\u017F');
  });
  it('agrees with checkProductCode on the code of every valid vector', () => {
    for (const [raw, code] of [...ISBN13, ...ISBN10, ...MINSAN, ...ASIN]) {
      assert.equal(normaliseProductCode(raw), code);
    }
  });
});

describe('check digit helpers', () => {
  it('gs1CheckDigit works for every GTIN length', () => {
    assert.equal(gs1CheckDigit('7351353'), 7); // EAN-8 [stdnum-ean]
    assert.equal(gs1CheckDigit('01200000789'), 7); // UPC-A [gtin]
    assert.equal(gs1CheckDigit('400638133393'), 1); // EAN-13
    assert.equal(gs1CheckDigit('9841234567890'), 8); // GTIN-14 [stdnum-ean]
    assert.equal(gs1CheckDigit('978054466825'), 6); // ISBN-13 [quagga2]
  });
  it('isbn10CheckChar returns a digit or X', () => {
    assert.equal(isbn10CheckChar('185798218'), '5');
    assert.equal(isbn10CheckChar('013036004'), 'X');
    assert.equal(isbn10CheckChar('928440134'), '8');
  });
  it('aicCheckDigit adds the digits of each product', () => {
    assert.equal(aicCheckDigit('00030705'), 2); // [stdnum-aic]
    assert.equal(aicCheckDigit('01030705'), 4); // [stdnum-aic]
    assert.equal(aicCheckDigit('12345678'), 8); // [zint] 1+4+3+8+5+(1+2)+7+(1+6) = 38
    assert.equal(aicCheckDigit('93577604'), 3); // [quagga2]
  });
  it('throw RangeError on input that is not the right number of ASCII digits', () => {
    assert.throws(() => gs1CheckDigit(''), RangeError);
    assert.throws(() => gs1CheckDigit('12a4'), RangeError);
    assert.throws(() => gs1CheckDigit('\uFF11\uFF12'), RangeError);
    assert.throws(() => isbn10CheckChar('12345678'), RangeError);
    assert.throws(() => isbn10CheckChar('1234567890'), RangeError);
    assert.throws(() => aicCheckDigit('1234567'), RangeError);
    assert.throws(() => aicCheckDigit('1234567X'), RangeError);
  });
});

describe('property: every single-digit substitution is detected', () => {
  const random = mulberry32(0x5eed);
  const digits = (n: number): string => Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('');

  /** Replaces each position with each other digit and expects rejection. */
  function assertAllSubstitutionsRejected(code: string): void {
    for (let i = 0; i < code.length; i++) {
      for (let d = 0; d <= 9; d++) {
        const mutated = code.slice(0, i) + String(d) + code.slice(i + 1);
        if (mutated === code) continue;
        const result = checkProductCode(mutated);
        assert.equal(result.ok, false, `${code} → ${mutated} should be rejected`);
      }
    }
  }

  it('GTIN (GS1 mod-10) over 400 pseudo-random codes of lengths 8, 12, 13, 14', () => {
    const lengths = [8, 12, 13, 14] as const;
    for (let n = 0; n < 400; n++) {
      const length = lengths[n % lengths.length] ?? 13;
      const body = digits(length - 1);
      const code = body + String(gs1CheckDigit(body));
      assert.equal(checkProductCode(code).ok, true, code);
      assertAllSubstitutionsRejected(code);
    }
  });

  it('MINSAN/AIC over 200 pseudo-random codes', () => {
    for (let n = 0; n < 200; n++) {
      const body = digits(8);
      const code = body + String(aicCheckDigit(body));
      assert.equal(checkProductCode(code).ok, true, code);
      assertAllSubstitutionsRejected(code);
    }
  });

  it('ISBN-10 (mod-11) over 200 pseudo-random codes', () => {
    for (let n = 0; n < 200; n++) {
      const body = digits(9);
      const code = body + isbn10CheckChar(body);
      assert.equal(checkProductCode(code).ok, true, code);
      assertAllSubstitutionsRejected(code);
    }
  });
});

/** Standard Luhn, to show the AIC rule is different. */
function luhnValid(code: string): boolean {
  let sum = 0;
  for (let i = 0; i < code.length; i++) {
    let d = code.charCodeAt(code.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Small seeded PRNG so the property tests are deterministic. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
