import { attributeName, factId, type Fact, type FactKey } from '../domain/facts.ts';

// Collects one source's facts for one product: drops blanks and exact repeats, and numbers facts
// that share an id base (`#1`, `#2` …) so ids stay unique and stable for the same record.

export interface FactList {
  add(key: FactKey, value: string | null | undefined, options?: { attribute?: string; language?: string | null; licence?: string }): void;
  readonly facts: Fact[];
}

export function createFactList(context: { source: string; licence: string; fetchedAt: string; url?: string }): FactList {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  const countByBase = new Map<string, number>();
  return {
    facts,
    add(key, value, options = {}) {
      // NUL cannot be stored in PostgreSQL text; one stray NUL would make the code fail for every account.
      const text = value?.replaceAll('\u0000', '').replace(/\s+/g, ' ').trim();
      if (text === undefined || text === '') return;
      const language = options.language ?? null;
      const identity = JSON.stringify([key, options.attribute ?? null, language, text]);
      if (seen.has(identity)) return;
      seen.add(identity);
      const base = factId(context.source, key, { attribute: options.attribute, language });
      const index = countByBase.get(base) ?? 0;
      countByBase.set(base, index + 1);
      const fact: Fact = {
        id: factId(context.source, key, { attribute: options.attribute, language, index }),
        key,
        value: text,
        language,
        source: context.source,
        licence: options.licence ?? context.licence,
        fetchedAt: context.fetchedAt,
      };
      if (options.attribute !== undefined) fact.attribute = options.attribute;
      if (context.url !== undefined) fact.url = context.url;
      facts.push(fact);
    },
  };
}

/** ISO 639-1 code in lower case, or null for anything else (`xx`, `en-GB` stays null: not a plain code). */
export function languageCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase();
  return /^[a-z]{2}$/.test(code) && code !== 'xx' ? code : null;
}

/** snake_case attribute name from a label ("Display diagonal" → "display_diagonal"); null when nothing is left. */
export function snakeCase(label: string): string | null {
  const name = attributeName(label);
  return name === '' ? null : name;
}
