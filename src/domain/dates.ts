// Calendar dates as a text writes them ("2027-12-31", "31.12.2027", "31/12/2027", "12/31/2027")
// read into ISO form, and written for a record's locale with Intl.DateTimeFormat. Pure.
//
// An ISO date is read the same everywhere. A numeric day-month-year date is read in the order of
// the text's locale (month first in en-US, day first in en-GB, de, it, fr …); one that is no date
// in that order ("31/12/2027" read month first) is no date. Where the order is unknown (a fact of
// no language, or of a language written month first in one country and day first in another) every
// valid order counts: `readings`.

export interface FoundDate {
  index: number;
  end: number;
  /** Every ISO date ("2027-12-31") the text can mean, most likely first. */
  readings: string[];
}

const DATE = /(?<![\d.,/-])(?:(\d{4})-(\d{2})-(\d{2})|(\d{1,2})([./])(\d{1,2})\5(\d{4}))(?![\d/-]|[.,]\d)/gu;

function iso(year: string, month: number, day: number): string | null {
  const y = Number(year);
  const date = new Date(Date.UTC(y, month - 1, day));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const MONTH_FIRST = new Map<string, boolean>();

/** Whether the locale writes the month before the day (en-US "12/31/2027"). */
function monthFirst(locale: string): boolean {
  let first = MONTH_FIRST.get(locale);
  if (first === undefined) {
    try {
      const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(0);
      first = parts.findIndex((p) => p.type === 'month') < parts.findIndex((p) => p.type === 'day');
    } catch {
      first = false;
    }
    MONTH_FIRST.set(locale, first);
  }
  return first;
}

/**
 * The dates of a text. With `locale` a numeric date is read in its order only; with null, in
 * both orders (each valid one is a reading).
 */
export function datesIn(text: string, locale: string | null): FoundDate[] {
  if (!/\d{4}/.test(text)) return [];
  const found: FoundDate[] = [];
  for (const match of text.matchAll(DATE)) {
    const [all, y, m, d, a, , b, year] = match;
    let readings: Array<string | null>;
    if (y !== undefined && m !== undefined && d !== undefined) readings = [iso(y, Number(m), Number(d))];
    else if (a !== undefined && b !== undefined && year !== undefined) {
      const dayFirst = iso(year, Number(b), Number(a));
      const monthFirstReading = iso(year, Number(a), Number(b));
      readings = locale === null ? [dayFirst, monthFirstReading] : [monthFirst(locale) ? monthFirstReading : dayFirst];
    } else continue;
    const valid = [...new Set(readings.filter((r): r is string => r !== null))];
    if (valid.length > 0) found.push({ index: match.index, end: match.index + all.length, readings: valid });
  }
  return found;
}

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

/** An ISO date as the locale writes it in digits: "31/12/2027" (en-GB), "31.12.2027" (de), "12/31/2027" (en-US). */
export function writeDate(isoDate: string, locale: string): string {
  let formatter = FORMATTERS.get(locale);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
    FORMATTERS.set(locale, formatter);
  }
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return formatter.format(Date.UTC(year, month - 1, day));
}
