import { factId, type Fact } from './facts.ts';

export interface CallerInputs {
  title: string | null;
  brand: string | null;
  description: string | null;
  images: readonly string[];
}

/**
 * The caller's own data as facts (source `caller`), so engines treat it like any source and the
 * record's `sources` can name it. Language is unknown: callers send text in whatever language.
 */
export function callerFacts(inputs: CallerInputs, receivedAt: string): Fact[] {
  const facts: Fact[] = [];
  const text = (key: 'name' | 'brand' | 'description', value: string | null) => {
    if (value !== null && value.trim() !== '') facts.push({ id: factId('caller', key), key, value, language: null, source: 'caller', licence: null, fetchedAt: receivedAt });
  };
  text('name', inputs.title);
  text('brand', inputs.brand);
  text('description', inputs.description);
  inputs.images.forEach((url, index) => {
    facts.push({ id: factId('caller', 'image', { index }), key: 'image', value: url, language: null, source: 'caller', licence: null, fetchedAt: receivedAt });
  });
  return facts;
}
