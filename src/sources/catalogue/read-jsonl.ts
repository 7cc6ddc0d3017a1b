import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../domain/json-depth.ts';
import { recordCells } from './cell-values.ts';
import { withoutNul, type InputRow } from './input-row.ts';
import { DEFAULT_ROW_LIMITS, rowLimitProblem, rowTooLarge, type RowLimits } from './row-limits.ts';

/** Rows of a JSON Lines text stream: one object per line; blank lines are skipped; a line over a limit is a rejected row. */
export async function* readJsonlRows(text: Readable, limits: RowLimits = DEFAULT_ROW_LIMITS): AsyncGenerator<InputRow> {
  const lines = createInterface({ input: text, crlfDelay: Infinity });
  let line = 0;
  for await (const content of lines) {
    line += 1;
    if (content.trim() === '') continue;
    // Checked on the text, before a parse or withoutNul walks it.
    const bytes = Buffer.byteLength(content);
    if (bytes > limits.maxRowBytes) {
      yield { line, ok: false, reason: rowTooLarge(bytes, limits) };
      continue;
    }
    if (nestsDeeperThan(content, MAX_JSON_DEPTH)) {
      yield { line, ok: false, reason: `nested deeper than ${MAX_JSON_DEPTH} levels` };
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (err) {
      yield { line, ok: false, reason: `unparseable: ${err instanceof Error ? err.message : 'not JSON'}` };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield { line, ok: false, reason: `not a JSON object (got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value})` };
      continue;
    }
    const fields = withoutNul(value) as Record<string, unknown>;
    const problem = rowLimitProblem(recordCells(fields), limits, bytes);
    if (problem !== null) {
      yield { line, ok: false, reason: problem };
      continue;
    }
    yield { line, ok: true, fields };
  }
}
