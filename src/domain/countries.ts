// ISO 3166-1 alpha-2, officially assigned codes (249). Kept as data here because the domain
// imports nothing; Intl.DisplayNames cannot tell an assigned code from a merely well-formed one.
const ASSIGNED = `ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw
by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et fi fj fk fm fo fr ga
gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh
ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my
mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh
si sj sk sl sm sn so sr ss st sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug um us uy uz va vc ve vg vi
vn vu wf ws ye yt za zm zw`;

const COUNTRIES: ReadonlySet<string> = new Set(ASSIGNED.split(/\s+/).filter(Boolean));

// Reserved codes that marketplaces and people use in place of the assigned one.
const ALIASES: Readonly<Record<string, string>> = { uk: 'gb' };

export const ASSIGNED_COUNTRY_COUNT = COUNTRIES.size;

export type CountryResult = { ok: true; country: string } | { ok: false; message: string };

export function normaliseCountry(input: string): CountryResult {
  const lower = input.trim().toLowerCase();
  const code = Object.hasOwn(ALIASES, lower) ? (ALIASES[lower] ?? lower) : lower;
  if (COUNTRIES.has(code)) return { ok: true, country: code };
  return { ok: false, message: `"${input}" is not an ISO 3166-1 alpha-2 country code` };
}

/** Lowercase, alias-resolved, duplicates removed keeping first-seen order. */
export function normaliseCountries(inputs: readonly string[]): { countries: string[]; errors: string[] } {
  const countries: string[] = [];
  const errors: string[] = [];
  for (const input of inputs) {
    const r = normaliseCountry(input);
    if (!r.ok) errors.push(r.message);
    else if (!countries.includes(r.country)) countries.push(r.country);
  }
  return { countries, errors };
}

// Where CLDR's likely language is not the one shoppers expect on a product page.
const LANGUAGE_OVERRIDES: Readonly<Record<string, string>> = {
  in: 'en', // CLDR says hi; Indian e-commerce listings are written in English
  ph: 'en', // fil in CLDR; listings are English
  pk: 'en',
  ng: 'en',
  ke: 'en',
  lu: 'fr', // lb in CLDR; retail is French/German
  mt: 'en',
  ie: 'en',
  sg: 'en',
  za: 'en',
};

/**
 * Countries where shoppers read more than one language on product pages; an account may choose
 * another for its records with the `country_languages` setting.
 */
export const MULTILINGUAL_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  be: ['nl', 'fr', 'de'],
  ch: ['de', 'fr', 'it'],
  lu: ['fr', 'de'],
  ca: ['en', 'fr'],
  ie: ['en', 'ga'],
  fi: ['fi', 'sv'],
  es: ['es', 'ca'],
  in: ['en', 'hi'],
  za: ['en', 'af'],
  sg: ['en', 'zh'],
  mt: ['en', 'mt'],
};

/**
 * The content language of a country: the account's choice where it made one (`country_languages`),
 * else the country's primary language, from CLDR likely subtags (ECMAScript Intl).
 */
export function languageOf(country: string, chosen: Readonly<Record<string, string>> = {}): string {
  if (Object.hasOwn(chosen, country)) return chosen[country] ?? defaultLanguageOf(country);
  return defaultLanguageOf(country);
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * A `country_languages` setting as given ({"BE": "fr", "uk": "en"}): country codes normalised,
 * languages two lower-case ISO 639-1 letters that name a language. Every mistake is listed.
 */
export function parseCountryLanguages(input: unknown): { ok: true; value: Record<string, string> } | { ok: false; errors: string[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, errors: ['country_languages must be an object of country code to language code, e.g. {"be": "fr"}.'] };
  const value: Record<string, string> = {};
  const errors: string[] = [];
  for (const [key, raw] of Object.entries(input)) {
    const country = normaliseCountry(key);
    const language = currentCode(typeof raw === 'string' ? raw.trim().toLowerCase() : '');
    if (!country.ok) errors.push(country.message);
    else if (Object.hasOwn(value, country.country)) errors.push(`"${key}" gives the language of ${country.country} a second time`);
    if (!/^[a-z]{2}$/.test(language) || languageNames.of(language) === undefined) errors.push(`"${String(raw)}" (for ${key}) is not an ISO 639-1 language code`);
    else if (country.ok && !Object.hasOwn(value, country.country)) value[country.country] = language;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** A withdrawn two-letter code as it is written today ("iw" → "he", "in" → "id"), as records and detection name it. */
function currentCode(language: string): string {
  if (!/^[a-z]{2}$/.test(language)) return language;
  try {
    const [canonical] = Intl.getCanonicalLocales(language);
    return canonical !== undefined && /^[a-z]{2}$/.test(canonical) ? canonical : language;
  } catch {
    return language;
  }
}

// Maximizing a locale is slow (every record asks it once per country) and its answer never changes.
const DEFAULT_LANGUAGES = new Map<string, string>();

function defaultLanguageOf(country: string): string {
  const override = LANGUAGE_OVERRIDES[country];
  if (override) return override;
  const known = DEFAULT_LANGUAGES.get(country);
  if (known !== undefined) return known;
  let language = 'en';
  try {
    language = new Intl.Locale(`und-${country.toUpperCase()}`).maximize().language;
  } catch {
    // An unknown country reads as English.
  }
  // Country codes are validated two-letter codes, so the map stays small.
  if (/^[a-z]{2}$/.test(country)) DEFAULT_LANGUAGES.set(country, language);
  return language;
}
