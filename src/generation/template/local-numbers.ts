// The facts' numbers in the record's conventions: every amount with a unit ("0,75 l", "1.200 lm",
// "8,7%", "220-240 V", "68 × 39,3 × 30 cm"), every pH and every numeric date ("2027-12-31",
// "31.12.2027"), read in the language of the text it stands in and written for the record's
// locale, so an English record copying an Italian sentence says "0.75 l", not "0,75 l". Bare
// numbers (model numbers, versions such as "Bluetooth 5.2", codes) are left as written: nothing
// says they are amounts. Pure.
import { datesIn, writeDate } from '../../domain/dates.ts';
import { canonicalUnit, decimalMarkOf, numberPattern, readNumber, spaceGroups, writeNumber } from '../../domain/numbers.ts';
import type { CleanFact, FactView } from './fact-view.ts';

const PATTERNS = new Map<boolean, { measure: RegExp; ph: RegExp; number: RegExp }>();

function patterns(spaces: boolean): { measure: RegExp; ph: RegExp; number: RegExp } {
  let found = PATTERNS.get(spaces);
  if (found === undefined) {
    const number = numberPattern(spaces);
    found = {
      // A number (or a range, or dimensions) and its unit; not the tail of a code ("A52 W") or of a number.
      measure: new RegExp(
        String.raw`(?<![\p{L}\p{N}.,'’_])(?<!\d[\s\u00a0\u202f])((?:${number})(?:\s?[-–x×]\s?(?:${number})){0,2})(\s?)(fl\.? ?oz|\p{L}{1,12}|%)(?![\p{L}\p{N}])`,
        'gu',
      ),
      ph: new RegExp(String.raw`(?<![\p{L}])(pH\s?)(${number})(?![\p{N}])`, 'gu'),
      number: new RegExp(number, 'gu'),
    };
    PATTERNS.set(spaces, found);
  }
  return found;
}

/** Each number of a run rewritten, or null when one of them cannot be read for sure. */
function rewrite(run: string, decimal: ReturnType<typeof decimalMarkOf>, unit: string | undefined, locale: string, number: RegExp): string | null {
  let ok = true;
  const out = run.replace(number, (written) => {
    const canonical = readNumber(written, decimal, unit);
    if (canonical === null) ok = false;
    return canonical === null ? written : writeNumber(canonical, locale);
  });
  return ok ? out : null;
}

/**
 * `text`'s amounts, read in `from` (the text's language, null when unknown) and written in
 * `locale`. An amount that is ambiguous without the language ("1.200 g") is kept as written.
 */
export function localiseNumbers(text: string, from: string | null, locale: string): string {
  if (!/\d/.test(text)) return text;
  text = localiseDates(text, from, locale);
  const decimal = decimalMarkOf(from);
  const { measure, ph, number } = patterns(spaceGroups(from));
  const measured = text.replace(measure, (all, run: string, space: string, unitText: string) => {
    const unit = canonicalUnit(unitText);
    // "5G", "size M": no unit; a word no unit table knows: no amount.
    if (unit === undefined || unitText === 'G' || unitText === 'M') return all;
    return `${rewrite(run, decimal, unit, locale, number) ?? run}${space}${unitText}`;
  });
  return measured.replace(ph, (all, label: string, written: string) => {
    const canonical = readNumber(written, decimal);
    return canonical === null ? all : `${label}${writeNumber(canonical, locale)}`;
  });
}

// English is written month first in the United States and day first elsewhere: an English or
// untagged date is rewritten only when one order alone gives a date ("31/12/2027").
const DATE_ORDER_UNKNOWN = new Set(['en']);

/** `text`'s numeric dates written as `locale` writes them; a date read more than one way is kept as written. */
function localiseDates(text: string, from: string | null, locale: string): string {
  const dates = datesIn(text, from === null || DATE_ORDER_UNKNOWN.has(from) ? null : from);
  if (dates.length === 0) return text;
  let out = '';
  let at = 0;
  for (const date of dates) {
    const [only, other] = date.readings;
    out += text.slice(at, date.index) + (only !== undefined && other === undefined ? writeDate(only, locale) : text.slice(date.index, date.end));
    at = date.end;
  }
  return out + text.slice(at);
}

// Facts whose text a record copies; codes, images and kinds have no amounts to localise.
const TEXT_KEYS: ReadonlySet<CleanFact['key']> = new Set(['name', 'variant', 'quantity', 'description', 'ingredients', 'attribute', 'category', 'allergens']);

/**
 * The language an untagged fact is written in: the one language of its source's names and
 * descriptions (a shop's "1.200 lm" column beside its German text is German), else unknown.
 */
function sourceLanguages(view: FactView): Map<string, string | null> {
  const bySource = new Map<string, Set<string>>();
  for (const f of view.facts) {
    if ((f.key !== 'name' && f.key !== 'description') || f.language === null) continue;
    bySource.set(f.source, (bySource.get(f.source) ?? new Set()).add(f.language));
  }
  return new Map([...bySource].map(([source, languages]) => [source, languages.size === 1 ? ([...languages][0] ?? null) : null]));
}

const LOCALISED = new WeakMap<FactView, Map<string, FactView>>();

/** The view with every fact's amounts written for `locale`: what one record's fields are built from. */
export function localiseView(view: FactView, locale: string): FactView {
  let byLocale = LOCALISED.get(view);
  if (byLocale === undefined) {
    byLocale = new Map();
    LOCALISED.set(view, byLocale);
  }
  const known = byLocale.get(locale);
  if (known !== undefined) return known;
  const languages = sourceLanguages(view);
  const facts = view.facts.map((f) => {
    if (!TEXT_KEYS.has(f.key)) return f;
    const text = localiseNumbers(f.text, f.language ?? languages.get(f.source) ?? null, locale);
    return text === f.text ? f : { ...f, text };
  });
  const localised: FactView = { facts };
  byLocale.set(locale, localised);
  return localised;
}
