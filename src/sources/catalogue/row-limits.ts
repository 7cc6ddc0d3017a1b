/** What one catalogue row may hold; each is a setting a merchant's rejection names. */
export interface RowLimits {
  /** CATALOGUE_MAX_COLUMNS: cells of a row (a JSON line's nested keys each count). */
  maxColumns: number;
  /** CATALOGUE_MAX_CELL_BYTES: UTF-8 bytes of one cell. */
  maxCellBytes: number;
  /** CATALOGUE_MAX_ROW_BYTES: UTF-8 bytes of one row. */
  maxRowBytes: number;
}

export const DEFAULT_ROW_LIMITS: Readonly<RowLimits> = Object.freeze({ maxColumns: 2000, maxCellBytes: 64 * 1024, maxRowBytes: 1024 * 1024 });

/** `columns` null: more than the limit, not counted to the end (a header). */
export function tooManyColumns(columns: number | null, limits: RowLimits, what = 'row'): string {
  return `${what} has ${columns ?? `more than ${limits.maxColumns}`} columns; at most ${limits.maxColumns} are read (CATALOGUE_MAX_COLUMNS)`;
}

export function rowTooLarge(bytes: number | null, limits: RowLimits): string {
  return `row holds ${bytes === null ? 'more than ' : ''}${bytes ?? limits.maxRowBytes} bytes; at most ${limits.maxRowBytes} are read (CATALOGUE_MAX_ROW_BYTES)`;
}

export function cellTooLarge(column: string, bytes: number, limits: RowLimits): string {
  const name = column.length > 60 ? `${column.slice(0, 60)}…` : column;
  return `cell "${name}" holds ${bytes} bytes; at most ${limits.maxCellBytes} are read (CATALOGUE_MAX_CELL_BYTES)`;
}

/** UTF-8 bytes of a cell: its text, or the JSON of a list or number. */
function cellBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  return Buffer.byteLength(JSON.stringify(value) ?? '');
}

/**
 * Why a row read as cells breaks a limit, or null. Cheapest checks first: the count of cells
 * before any is measured. `bytes` is the row's size when the reader knows it (a JSON line's text).
 */
export function rowLimitProblem(cells: readonly (readonly [string, unknown])[], limits: RowLimits, bytes?: number): string | null {
  if (cells.length > limits.maxColumns) return tooManyColumns(cells.length, limits);
  let total = 0;
  for (const [column, value] of cells) {
    const size = cellBytes(value);
    if (size > limits.maxCellBytes) return cellTooLarge(column, size, limits);
    total += size;
  }
  const rowBytes = bytes ?? total;
  return rowBytes > limits.maxRowBytes ? rowTooLarge(rowBytes, limits) : null;
}
