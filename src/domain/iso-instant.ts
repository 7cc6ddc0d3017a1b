// Time filters of the product list: an ISO 8601 date (a whole day, UTC) or date-time.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export type ParsedInstant = { kind: 'date'; day: string; nextDay: string } | { kind: 'date_time'; at: string };

function realDate(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2024-02-30 over into March; a real date round-trips.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/**
 * A date or date-time as PostgreSQL will read it exactly (microseconds kept, a missing zone is
 * UTC), or null when it is not one, or names a day or time that does not exist.
 */
export function parseIsoInstant(input: string): ParsedInstant | null {
  const date = DATE.exec(input);
  if (date !== null) {
    const day = realDate(Number(date[1]), Number(date[2]), Number(date[3]));
    if (day === null) return null;
    const next = new Date(day.getTime() + 86_400_000);
    return { kind: 'date', day: `${input}T00:00:00Z`, nextDay: `${next.toISOString().slice(0, 10)}T00:00:00Z` };
  }
  const dt = DATE_TIME.exec(input);
  if (dt === null) return null;
  if (realDate(Number(dt[1]), Number(dt[2]), Number(dt[3])) === null) return null;
  if (Number(dt[4]) > 23 || Number(dt[5]) > 59 || Number(dt[6] ?? 0) > 59) return null;
  const zone = dt[8] ?? 'Z';
  if (zone.toUpperCase() !== 'Z' && (Number(zone.slice(1, 3)) > 14 || Number(zone.slice(-2)) > 59)) return null;
  return { kind: 'date_time', at: `${dt[1]}-${dt[2]}-${dt[3]}T${dt[4]}:${dt[5]}:${dt[6] ?? '00'}${dt[7] ?? ''}${zone.toUpperCase()}` };
}

/** The lower end of a range: a date starts at its midnight. */
export function lowerBound(instant: ParsedInstant): { at: string; inclusive: boolean } {
  return instant.kind === 'date' ? { at: instant.day, inclusive: true } : { at: instant.at, inclusive: true };
}

/** The upper end of a range: a date includes its whole day. */
export function upperBound(instant: ParsedInstant): { at: string; inclusive: boolean } {
  return instant.kind === 'date' ? { at: instant.nextDay, inclusive: false } : { at: instant.at, inclusive: true };
}
