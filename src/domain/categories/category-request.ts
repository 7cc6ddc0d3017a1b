// What a regenerate call's `fields.category` asks for. Pure.
import type { GoogleTaxonomy } from './google-taxonomy.ts';

export type CategoryRequest =
  /** Empty: classify the product again. */
  | { kind: 'classify' }
  /** A wish for the model engine's pick ("the most specific one", "it is a gift set"). */
  | { kind: 'instruction'; text: string }
  /** A Google id or path: the merchant's choice, stored as it is. */
  | { kind: 'given'; id: string }
  /** Looks like an id or a path, but names no category of the shipped taxonomy. */
  | { kind: 'unknown'; message: string };

/**
 * A value is an id when it is digits, a path when it has a ">" or is the name of a top-level
 * category ("Home & Garden"), in any language the taxonomy was shipped in; anything else is an
 * instruction. An id or path the taxonomy lacks is an error, never an instruction.
 */
export function readCategoryRequest(taxonomy: GoogleTaxonomy, value: string): CategoryRequest {
  const text = value.trim();
  if (text === '') return { kind: 'classify' };
  if (/^\d+$/.test(text)) {
    return taxonomy.get(text) === undefined ? { kind: 'unknown', message: `No Google product category has the id ${text}.` } : { kind: 'given', id: text };
  }
  const id = taxonomy.idOfPath(text);
  if (id !== undefined) return { kind: 'given', id };
  if (text.includes('>')) {
    const languages = taxonomy.languages.join(', ');
    return {
      kind: 'unknown',
      message: `No Google product category has the path "${text.slice(0, 200)}" (taxonomy ${taxonomy.version ?? 'shipped'}, names in ${languages}); give the full path from the top level, or the category's id.`,
    };
  }
  return { kind: 'instruction', text };
}
