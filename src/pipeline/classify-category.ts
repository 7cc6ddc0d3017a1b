// A generation's part in the product's Google category: whether it classifies the product, what
// it shows a model engine, and what it stores and says on the records afterwards.
//
// A create classifies (unless a person chose the category already); a regeneration classifies
// again only when `fields.category` asks, or when the product has no category yet. A person's
// choice (`google_category_by = 'merchant'`, from `update` or a path or id sent as
// `fields.category`) is never replaced by the classifier.
import type { ProductRow } from '../db/products.ts';
import { readCategoryRequest } from '../domain/categories/category-request.ts';
import { type CategoryChoice, chooseCategory } from '../domain/categories/choose-category.ts';
import { type Classification, classifyProduct } from '../domain/categories/classify-product.ts';
import type { GoogleTaxonomy } from '../domain/categories/google-taxonomy.ts';
import type { CountryContent } from '../domain/content.ts';
import type { Fact } from '../domain/facts.ts';
import type { CategoryOptions } from '../domain/generation-ports.ts';
import { CATEGORY_FIELD, categoryFieldRequest, type FieldRequest } from '../domain/regenerate-fields.ts';
import { type ValidationIssue, validationIssue } from '../domain/validation-issue.ts';
import { googleTaxonomy } from '../reference-data/google-taxonomy-files.ts';

export type CategoryPlan =
  /** This generation leaves the category as it is; `note` is said on the records when set. */
  | { kind: 'keep'; note: string | null }
  /** A path or id the merchant sent as `fields.category`. */
  | { kind: 'merchant'; id: string }
  | { kind: 'classify'; classification: Classification; instruction: string | null; minConfidence: number };

/** What the generation stores: an id (null: none) and who chose it. Undefined: nothing. */
export interface StoredCategory {
  id: string | null;
  by: 'classifier' | 'merchant';
}

const taxonomyOf = (taxonomy?: GoogleTaxonomy) => taxonomy ?? googleTaxonomy();

export function planCategory(
  product: Pick<ProductRow, 'code_type' | 'google_category_id' | 'google_category_by'>,
  facts: readonly Fact[],
  fields: readonly FieldRequest[] | null,
  minConfidence: number,
  taxonomy?: GoogleTaxonomy,
): CategoryPlan {
  const tree = taxonomyOf(taxonomy);
  const classify = (instruction: string | null): CategoryPlan => ({
    kind: 'classify',
    classification: classifyProduct(tree, { facts, codeType: product.code_type }),
    instruction,
    minConfidence,
  });
  const byMerchant = product.google_category_by === 'merchant';
  const asked = categoryFieldRequest(fields);
  if (asked !== undefined) {
    const request = readCategoryRequest(tree, asked.value);
    if (request.kind === 'given') return { kind: 'merchant', id: request.id };
    // Refused when the call was made; a stored request can only turn unknown with a new taxonomy.
    if (request.kind === 'unknown') return { kind: 'keep', note: `${request.message} The category was left as it was.` };
    if (byMerchant) {
      return {
        kind: 'keep',
        note: `The Google category a person chose (${product.google_category_id ?? 'none'}) was kept: the classifier never replaces it. Send a path or an id as fields.category to change it.`,
      };
    }
    return classify(request.kind === 'instruction' ? request.text : null);
  }
  if (byMerchant) return { kind: 'keep', note: null };
  if (fields === null || product.google_category_id === null) return classify(null);
  return { kind: 'keep', note: null };
}

/** What a model engine is shown to pick from; undefined when this generation does not classify or has no candidate. */
export function categoriesForEngine(plan: CategoryPlan, taxonomy?: GoogleTaxonomy): CategoryOptions | undefined {
  if (plan.kind !== 'classify' || plan.classification.candidates.length === 0) return undefined;
  const tree = taxonomyOf(taxonomy);
  return {
    candidates: plan.classification.candidates.map((c) => ({ id: c.id, path: tree.path(c.id, 'en').join(' > ') })),
    instruction: plan.instruction,
  };
}

function unsureMessage(choice: Extract<CategoryChoice, { kind: 'unsure' }>, minConfidence: number, tree: GoogleTaxonomy): string {
  if (choice.guess === null) return 'No Google category was set: nothing in the data says what kind of product this is.';
  const guess = `"${tree.path(choice.guess.id, 'en').join(' > ')}" (${choice.guess.id})`;
  if (choice.reason === 'model_declined') return `No Google category was set: the model found none of the candidates fitting; the best guess was ${guess}.`;
  return `No Google category was set: the best guess, ${guess}, is not sure enough (confidence ${choice.confidence.toFixed(2)}, below ${minConfidence}).`;
}

/** Replaces what the records said about the category with `issues`. */
function sayOnRecords(records: readonly CountryContent[], issues: readonly ValidationIssue[]): void {
  for (const record of records) {
    record.validation_issues = [...record.validation_issues.filter((i) => i.field !== CATEGORY_FIELD), ...issues];
  }
}

/**
 * Settles the plan once the engine has written (with its pick, when a model engine picked):
 * the category to store, and what the records say about it.
 */
export function settleCategory(plan: CategoryPlan, pick: string | null | undefined, records: readonly CountryContent[], taxonomy?: GoogleTaxonomy): StoredCategory | undefined {
  const tree = taxonomyOf(taxonomy);
  if (plan.kind === 'keep') {
    if (plan.note !== null) sayOnRecords(records, [validationIssue(CATEGORY_FIELD, 'instruction', `Regeneration: ${CATEGORY_FIELD}: ${plan.note}`)]);
    return undefined;
  }
  if (plan.kind === 'merchant') {
    sayOnRecords(records, []);
    return { id: plan.id, by: 'merchant' };
  }
  const choice = chooseCategory(plan.classification, plan.minConfidence, pick);
  const issues: ValidationIssue[] = [];
  if (choice.kind === 'unsure') issues.push(validationIssue(CATEGORY_FIELD, 'category_unsure', unsureMessage(choice, plan.minConfidence, tree)));
  if (plan.instruction !== null && pick === undefined) {
    issues.push(
      validationIssue(
        CATEGORY_FIELD,
        'instruction',
        `Regeneration: Instruction for ${CATEGORY_FIELD} not applied by the template engine: "${plan.instruction}"; the category was classified from the facts.`,
      ),
    );
  }
  sayOnRecords(records, issues);
  return { id: choice.kind === 'chosen' ? choice.id : null, by: 'classifier' };
}
