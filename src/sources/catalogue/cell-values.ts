/** The non-empty text values of one cell: strings trimmed, numbers and booleans as written, arrays flattened. */
export function cellValues(value: unknown): string[] {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? [] : [trimmed];
  }
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(cellValues);
  return [];
}

/**
 * A record's cells as [column, value] pairs. A nested object in a JSON line becomes one column
 * per key (`{"title": {"it": "…"}}` → `title:it`), so language maps read like tagged columns.
 */
export function recordCells(record: Record<string, unknown>): [string, unknown][] {
  return Object.entries(record).flatMap(([column, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? recordCells(value as Record<string, unknown>).map(([sub, v]): [string, unknown] => [`${column}:${sub}`, v])
      : [[column, value]],
  );
}

/** http(s) URLs from cells that may hold several, separated by `|`, `,` or whitespace; anything else is dropped. */
export function httpUrls(values: readonly string[]): string[] {
  const urls = new Set<string>();
  for (const part of values.flatMap((v) => v.split(/[|,\s]+/))) {
    if (!URL.canParse(part)) continue;
    const { protocol } = new URL(part);
    if (protocol === 'http:' || protocol === 'https:') urls.add(part);
  }
  return [...urls];
}
