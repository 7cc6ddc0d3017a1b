import { PermanentGenerationError, type EngineInput } from '../../services/ports.ts';

/** The template engine's rule, kept for the models: without a single fact there is nothing to write from. */
export function requireFacts(input: EngineInput): void {
  if (input.facts.length === 0) {
    throw new PermanentGenerationError('product_data_not_found', 'No data source knows this product and the request gave no title or description to write from.');
  }
}
