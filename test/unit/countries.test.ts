import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ASSIGNED_COUNTRY_COUNT, languageOf, MULTILINGUAL_COUNTRIES, normaliseCountries, normaliseCountry, parseCountryLanguages } from '../../src/domain/countries.ts';

// ISO 3166-1 alpha-2 officially assigned codes, written out here independently of the module (249).
const ISO_3166_1 = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW`
  .split(/\s+/)
  .filter(Boolean);

describe('normaliseCountry', () => {
  it('the independent list has 249 distinct codes, as does the module', () => {
    assert.equal(ISO_3166_1.length, 249);
    assert.equal(new Set(ISO_3166_1).size, 249);
    assert.equal(ASSIGNED_COUNTRY_COUNT, 249);
  });

  it('accepts every assigned code, upper or lower case, and returns it lowercase', () => {
    for (const upper of ISO_3166_1) {
      const lower = upper.toLowerCase();
      assert.deepEqual(normaliseCountry(upper), { ok: true, country: lower }, upper);
      assert.deepEqual(normaliseCountry(lower), { ok: true, country: lower }, lower);
    }
  });

  it('accepts mixed case and surrounding spaces', () => {
    assert.deepEqual(normaliseCountry(' De '), { ok: true, country: 'de' });
    assert.deepEqual(normaliseCountry('iT'), { ok: true, country: 'it' });
  });

  it('maps UK (any case) to gb', () => {
    for (const input of ['uk', 'UK', 'Uk']) assert.deepEqual(normaliseCountry(input), { ok: true, country: 'gb' });
  });

  it('rejects unassigned, reserved and withdrawn codes, naming the input', () => {
    // xx/zz user-assigned; eu and ea/ic/ta/ac exceptionally reserved; el is the EU's name for Greece;
    // an (Netherlands Antilles), su, yu withdrawn.
    for (const input of ['xx', 'EU', 'zz', 'el', 'an', 'su', 'yu', 'ac', 'ic', 'ta', 'ea']) {
      const r = normaliseCountry(input);
      assert.equal(r.ok, false, input);
      if (!r.ok) assert.ok(r.message.includes(`"${input}"`), r.message);
    }
  });

  it('rejects things that are not two-letter codes', () => {
    for (const input of ['', ' ', 'i', 'ita', 'DEU', 'it-IT', 'en_GB', '1t', 'Italy', 'ıt']) {
      assert.equal(normaliseCountry(input).ok, false, JSON.stringify(input));
    }
  });
});

describe('normaliseCountries', () => {
  it('keeps first-seen order and removes duplicates after aliasing and lower-casing', () => {
    assert.deepEqual(normaliseCountries(['FR', 'uk', 'it', 'GB', 'fr', 'IT', 'de']), {
      countries: ['fr', 'gb', 'it', 'de'],
      errors: [],
    });
  });

  it('reports one message per bad entry, in order, and still returns the good ones', () => {
    const r = normaliseCountries(['it', 'eu', 'de', 'xx']);
    assert.deepEqual(r.countries, ['it', 'de']);
    assert.equal(r.errors.length, 2);
    assert.ok(r.errors[0]?.includes('"eu"'));
    assert.ok(r.errors[1]?.includes('"xx"'));
  });

  it('an empty list gives no countries and no errors (the caller decides that empty is an error)', () => {
    assert.deepEqual(normaliseCountries([]), { countries: [], errors: [] });
  });
});

describe('languageOf', () => {
  const table: ReadonlyArray<readonly [string, string]> = [
    ['it', 'it'],
    ['de', 'de'],
    ['fr', 'fr'],
    ['es', 'es'],
    ['nl', 'nl'],
    ['pt', 'pt'],
    ['pl', 'pl'],
    ['gb', 'en'],
    ['us', 'en'],
    ['ch', 'de'],
    ['be', 'nl'],
    ['at', 'de'],
    ['in', 'en'],
    ['ie', 'en'],
    ['se', 'sv'],
    ['dk', 'da'],
    ['gr', 'el'],
    ['cz', 'cs'],
    ['mx', 'es'],
    ['br', 'pt'],
    ['jp', 'ja'],
  ];
  for (const [country, language] of table) {
    it(`${country} → ${language}`, () => assert.equal(languageOf(country), language));
  }

  it('returns a language for every assigned country', () => {
    for (const upper of ISO_3166_1) {
      const lang = languageOf(upper.toLowerCase());
      assert.match(lang, /^[a-z]{2,3}$/, upper);
    }
  });
});

describe('country_languages', () => {
  it("the account's choice wins for its countries; the others keep their default", () => {
    const chosen = { be: 'fr', ch: 'it' };
    assert.equal(languageOf('be'), 'nl');
    assert.equal(languageOf('be', chosen), 'fr');
    assert.equal(languageOf('ch', chosen), 'it');
    assert.equal(languageOf('de', chosen), 'de');
    for (const [country, languages] of Object.entries(MULTILINGUAL_COUNTRIES))
      assert.ok(languages.includes(languageOf(country)), `${country}: its default is one of its languages`);
  });

  it('a setting is normalised, and every mistake is listed', () => {
    assert.deepEqual(parseCountryLanguages({ BE: 'FR', uk: ' en ' }), { ok: true, value: { be: 'fr', gb: 'en' } });
    assert.deepEqual(parseCountryLanguages({}), { ok: true, value: {} });
    const bad = parseCountryLanguages({ xx: 'fr', be: 'french', ch: 'qq' });
    assert.equal(bad.ok, false);
    if (!bad.ok) assert.equal(bad.errors.length, 3, bad.errors.join(' | '));
    assert.equal(parseCountryLanguages(['be', 'fr']).ok, false);
    // Withdrawn codes are stored as today's ("iw" is Hebrew, written "he"), as records and detection name them.
    assert.deepEqual(parseCountryLanguages({ il: 'iw', id: 'in', md: 'mo' }), { ok: true, value: { il: 'he', id: 'id', md: 'ro' } });
    // One country given twice ("be" and "BE") is a mistake, not a silent choice of the last.
    const twice = parseCountryLanguages({ be: 'fr', BE: 'nl' });
    assert.equal(twice.ok, false);
    if (!twice.ok) assert.match(twice.errors.join(' '), /be/);
  });
});
