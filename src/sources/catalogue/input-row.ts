import { storableText } from '../../domain/text.ts';

/** One data row of an input file, or why it could not be read; `line` is 1-based in the file. */
export type InputRow = { line: number; ok: true; fields: Record<string, unknown> } | { line: number; ok: false; reason: string };

/**
 * PostgreSQL text and jsonb cannot hold U+0000 nor a lone UTF-16 surrogate (a JSON line may
 * escape one, `"\ud800"`): a stray one in a feed must not fail a whole batch. NULs are dropped,
 * lone surrogates become U+FFFD. Recursive, over rows whose depth readJsonlRows has already
 * bounded by MAX_JSON_DEPTH.
 */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(withoutNul);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), withoutNul(v)]));
  }
  return value;
}

/** The input cannot be read past `line` (a CSV record too large to hold, a header too wide): rows before it stand, none after it is read. */
export class InputStoppedError extends Error {
  override name = 'InputStoppedError';
  readonly line: number;
  /** True when it stopped at the header: no row was read. */
  readonly atHeader: boolean;
  constructor(line: number, message: string, options: { atHeader?: boolean } = {}) {
    super(message);
    this.line = line;
    this.atHeader = options.atHeader ?? false;
  }

  /** What the caller of an import is told: why, and what was kept. */
  outcome(): string {
    if (this.atHeader) return `The catalogue cannot be imported: ${this.message}. The import was marked failed; no row was imported.`;
    return `The catalogue cannot be imported whole: ${this.message}. The import was marked failed; the rows before line ${this.line} stay imported.`;
  }
}
