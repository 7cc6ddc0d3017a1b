import { findAccountById } from '../db/accounts.ts';
import type { ProductRow } from '../db/products.ts';
import type { AttributeDef } from '../domain/attributes/schema.ts';
import type { CountryContent } from '../domain/content.ts';
import { languageOf } from '../domain/countries.ts';
import type { Fact } from '../domain/facts.ts';
import { addUsage, fromStored, type GenerationUsage } from '../domain/generation-usage.ts';
import { contentFieldRequests, type FieldRequest } from '../domain/regenerate-fields.ts';
import type { ProductFacts } from './gather-facts.ts';
import type { HeldClaim } from './generation-claim.ts';
import type { RunGenerationDeps, Step } from './generation-outcome.ts';
import type { CategoryOptions, EngineInput } from '../domain/generation-ports.ts';
import { givenBrand } from '../services/product-brand.ts';
import { attachImages } from './record-images.ts';
import { settleEngineFailure } from './settle-engine-failure.ts';

export interface WriteInput {
  product: ProductRow;
  fields: readonly FieldRequest[] | null;
  gathered: ProductFacts;
  /** The record as it is now, per country. */
  existing: readonly CountryContent[];
  lastAttempt: boolean;
  /** The account's attributes in the product's scope; undefined without a schema. */
  attributes?: readonly AttributeDef[] | undefined;
  /** The account's `country_languages` when the caller read them already (a batch reads them once per account). */
  countryLanguages?: Readonly<Record<string, string>>;
  /** The Google categories a model engine picks from, when this generation classifies the product (classify-category.ts). */
  categories?: CategoryOptions | undefined;
}

export type Written = Step<{
  content: CountryContent[];
  productHandle: string | null;
  usage: GenerationUsage;
  extraFacts: readonly Fact[];
  /** A model engine's category pick (null: none fits); undefined when the engine did not pick. */
  categoryPick: string | null | undefined;
}>;

function engineInput(claim: HeldClaim, input: WriteInput, countryLanguages: Readonly<Record<string, string>>): EngineInput {
  const { product } = input;
  return {
    generationId: claim.generation.id,
    product: {
      id: product.id,
      code: product.code,
      codeType: product.code_type,
      sku: product.sku,
      productHandle: product.product_handle,
      title: product.title,
      brand: givenBrand(product),
      description: product.description,
      images: product.images,
    },
    facts: input.gathered.facts,
    notes: claim.generation.notes ?? product.notes,
    agentModel: claim.generation.agent_model,
    targets: product.countries.map((country) => ({ country, language: languageOf(country, countryLanguages) })),
    // The category is the product's, not a record field: the engine gets it as `categories`.
    fields: input.fields === null ? null : contentFieldRequests(input.fields),
    existing: input.existing,
    ...(input.attributes === undefined ? {} : { attributes: input.attributes }),
    ...(input.categories === undefined ? {} : { categories: input.categories }),
    signal: claim.signal,
    processing: claim.generation.processing,
  };
}

/**
 * The engine writes every country's record and the images are set, with no transaction open; an
 * engine's error is settled (failed, deferred, or rethrown for the queue) by settleEngineFailure.
 */
export async function writeContent(deps: RunGenerationDeps, claim: HeldClaim, input: WriteInput): Promise<Written> {
  const { generation, signal } = claim;
  const started = performance.now();
  // Every attempt's spending is added to the earlier attempts', with the engine's time measured here.
  const withThisAttempt = (spent: GenerationUsage) => addUsage(generation.usage, { ...spent, latency_ms: Math.round(performance.now() - started) });
  const usageWith = (spent: GenerationUsage | undefined) => (spent === undefined ? fromStored(generation.usage) : withThisAttempt(spent));
  try {
    // Read at writing time: the account's language per country as it is now (`country_languages`).
    const languages = input.countryLanguages ?? (await findAccountById(deps.db, input.product.account_id))?.country_languages ?? {};
    const output = await deps.engine.generate(engineInput(claim, input, languages));
    const usage = withThisAttempt(output.usage);
    await attachImages(deps.images, generation, output.content, { gathered: input.gathered, existing: input.existing, signal });
    return { kind: 'next', content: output.content, productHandle: output.productHandle, usage, extraFacts: output.extraFacts ?? [], categoryPick: output.categoryPick };
  } catch (err) {
    return { kind: 'done', outcome: await settleEngineFailure(deps, claim, err, { gathered: input.gathered, lastAttempt: input.lastAttempt, usageWith }) };
  }
}
