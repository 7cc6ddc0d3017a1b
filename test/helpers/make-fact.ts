import { factId, type Fact, type FactKey } from '../../src/domain/facts.ts';

export const FACT_TIME = '2026-01-01T00:00:00.000Z';

/** A fact as a source would give it; ids follow the documented shape and stay unique. */
export function fact(key: FactKey, value: string, options: { language?: string | null; source?: string; attribute?: string; index?: number } = {}): Fact {
  const source = options.source ?? 'catalogue';
  const language = options.language ?? null;
  return {
    id: factId(source, key, { attribute: options.attribute, language, index: options.index }),
    key,
    ...(options.attribute === undefined ? {} : { attribute: options.attribute }),
    value,
    language,
    source,
    licence: source === 'open_food_facts' ? 'ODbL-1.0' : null,
    fetchedAt: FACT_TIME,
  };
}
