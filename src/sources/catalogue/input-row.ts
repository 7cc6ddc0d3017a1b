/** One data row of an input file, or why it could not be read; `line` is 1-based in the file. */
export type InputRow = { line: number; ok: true; fields: Record<string, unknown> } | { line: number; ok: false; reason: string };

/**
 * PostgreSQL text and jsonb cannot hold U+0000; a stray NUL in a feed must not fail a whole batch.
 * Recursive, over rows whose depth readJsonlRows has already bounded by MAX_JSON_DEPTH.
 */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replaceAll('\u0000', ''), withoutNul(v)]));
  }
  return value;
}

/** The input cannot be read past `line` (a CSV record too large to hold): rows before it stand, none after it is read. */
export class InputStoppedError extends Error {
  override name = 'InputStoppedError';
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }

  /** What the caller of an import is told: why, and what was kept. */
  static outcome(line: number, message: string): string {
    return `The catalogue cannot be imported whole: ${message}. The import was marked failed; the rows before line ${line} stay imported.`;
  }
}
