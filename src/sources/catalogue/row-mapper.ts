import type { CodeType } from '../../domain/codes.ts';
import type { Fact } from '../../domain/facts.ts';

/** A row turned into what the catalogue stores, or why it cannot be. */
export type MappedRow = { ok: true; code: string; codeType: CodeType; facts: Fact[] } | { ok: false; reason: string };

/** Maps one input row (header → cell) of a given source; pure. */
export type RowMapper = (fields: Record<string, unknown>, context: { fetchedAt: string }) => MappedRow;
