// What a generation stores as the product's Google category, from the classifier's candidates
// and, with a model engine, the model's pick among them. Pure.
import type { CategoryCandidate, Classification } from './classify-product.ts';

/** GENERATION_CATEGORY_MIN_CONFIDENCE's default: see bench/results/categories.md for what it gives. */
export const DEFAULT_CATEGORY_MIN_CONFIDENCE = 0.5;

export type CategoryChoice =
  | { kind: 'chosen'; id: string /** `model`: a model engine picked it among the candidates. */; by: 'classifier' | 'model' }
  /** Nothing stored: the best guess (when there is one) was not sure enough, or the model found no candidate fitting. */
  | { kind: 'unsure'; guess: CategoryCandidate | null; confidence: number; reason: 'low_confidence' | 'no_evidence' | 'model_declined' };

/**
 * The template engine's rule: the first candidate when the classifier is sure enough. A model's
 * pick among the candidates wins over the rule (it read the product); a pick of none leaves the
 * product unclassified; a pick outside the candidates, or no pick, is ignored and the rule applies.
 */
export function chooseCategory(classification: Classification, minConfidence: number, pick?: string | null): CategoryChoice {
  const best = classification.candidates[0] ?? null;
  if (pick !== undefined) {
    if (pick === null && best !== null) return { kind: 'unsure', guess: best, confidence: classification.confidence, reason: 'model_declined' };
    const picked = classification.candidates.find((c) => c.id === pick);
    if (picked !== undefined) return { kind: 'chosen', id: picked.id, by: 'model' };
  }
  if (best === null) return { kind: 'unsure', guess: null, confidence: 0, reason: 'no_evidence' };
  if (classification.confidence >= minConfidence) return { kind: 'chosen', id: best.id, by: 'classifier' };
  return { kind: 'unsure', guess: best, confidence: classification.confidence, reason: 'low_confidence' };
}
