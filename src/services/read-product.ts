import { findAccountById } from '../db/accounts.ts';
import { loadSchema } from '../db/attributes.ts';
import { listContent, type ContentRow } from '../db/content.ts';
import { withoutDisabled } from '../domain/attributes/disabled-values.ts';
import { type AttributeSchema, hasSchema, missingAttributes } from '../domain/attributes/schema.ts';
import type { Database } from '../db/database.ts';
import { findGeneration } from '../db/generations.ts';
import { batchViewsOf, type GenerationBatchView } from '../db/model-batches.ts';
import { fromStored, type GenerationUsage } from '../domain/generation-usage.ts';
import type { AgentModel } from '../domain/pricing.ts';
import type { ProductRow } from '../db/products.ts';
import type { CountryContent } from '../domain/content.ts';
import { languageOf, normaliseCountry } from '../domain/countries.ts';
import { findOwnProduct, refForMessage } from './find-own-product.ts';
import { type CategoryFields, categoryFields } from './category-fields.ts';
import { type MarketplaceFields, marketplaceFields, specifications } from './marketplace-fields.ts';

/** The details endpoint's product object (docs/api.md, "API"): the product, and its record in one country. */
export interface ProductView extends CountryContent, MarketplaceFields, CategoryFields {
  id: string;
  /** The record's title, under the name marketplace-style clients read. */
  name: string | null;
  /** Label → value in the record's language, from what the facts state. */
  specifications: Record<string, string>;
  /** The sentences of `validation_issues`, for clients that read text. */
  validation_messages: string[];
  code: string | null;
  code_type: 'ean' | 'asin' | 'minsan' | null;
  sku: string | null;
  product_handle: string | null;
  brand: string | null;
  state: ProductRow['state'];
  /** Where a person has got with reviewing it: pending_review, ready, online. */
  publication_state: ProductRow['publication_state'];
  agent_model: ProductRow['agent_model'];
  countries: string[];
  failure: { reason: string; message: string } | null;
  /** The facts the record was written from; `sources` names their ids. */
  facts: ProductRow['facts'];
  /** The latest generation: its kind, and what it recorded (engine, provider, model, tokens, rounds). */
  generation: {
    id: string;
    kind: 'create' | 'regenerate';
    agent_model: AgentModel;
    usage: GenerationUsage | null;
    /** Set by the details (not the export): how its model calls were sent, and its calls' batches. */
    processing?: 'interactive' | 'batch';
    batch?: GenerationBatchView | null;
  } | null;
  created_at: string;
  updated_at: string;
  /** Only for accounts with attributes (issue #17): the family_id, whether a person confirmed it, and what is filled. */
  family?: string | null;
  family_proposed?: boolean;
  completeness?: number | null;
  missing_attributes?: string[];
}

export type ReadOutcome =
  | { kind: 'ready'; product: ProductView }
  | { kind: 'pending'; product: { id: string; code: string | null; state: ProductRow['state']; processing?: 'interactive' | 'batch'; batch?: GenerationBatchView | null } }
  | { kind: 'product_not_found'; message: string };

/** The details shape of a product in one country; the export writes the same objects. */
export function productView(
  product: ProductRow,
  country: string,
  content: ContentRow | undefined,
  generation: ProductView['generation'],
  schema: AttributeSchema = NO_SCHEMA,
  countryLanguages: Readonly<Record<string, string>> = {},
): ProductView {
  const newest = content !== undefined && content.updated_at > product.updated_at ? content.updated_at : product.updated_at;
  // A disabled attribute's values are kept, not served.
  const served = withoutDisabled(schema, { global_attr: content?.global_attr ?? {}, sources: content?.sources ?? {} });
  const language = content?.language ?? languageOf(country, countryLanguages);
  return {
    id: product.id,
    name: content?.title ?? null,
    ...categoryFields(product, language),
    code: product.code,
    code_type: product.code_type,
    ...marketplaceFields(product),
    sku: product.sku,
    product_handle: product.product_handle,
    brand: product.brand,
    state: product.state,
    publication_state: product.publication_state,
    agent_model: product.agent_model,
    country,
    language,
    countries: product.countries,
    title: content?.title ?? null,
    short_description: content?.short_description ?? null,
    description: content?.description ?? null,
    key_features: content?.key_features ?? [],
    global_attr: served.global_attr,
    specifications: specifications(product.facts, language),
    title_tag: content?.title_tag ?? null,
    meta_description: content?.meta_description ?? null,
    meta_keywords: content?.meta_keywords ?? null,
    images: content?.images ?? product.images.map((url) => ({ url })),
    sources: served.sources,
    validation_messages: (content?.validation_issues ?? []).map((i) => i.message),
    validation_issues: content?.validation_issues ?? [],
    failure: product.failure,
    facts: product.facts,
    generation,
    created_at: product.created_at.toISOString(),
    updated_at: newest.toISOString(),
    ...attributeStatus(product, content, schema),
  };
}

const NO_SCHEMA: AttributeSchema = { attributes: [], families: [] };

/** What an account with attributes sees of a product's schema; nothing at all for one without. */
function attributeStatus(product: ProductRow, content: ContentRow | undefined, schema: AttributeSchema): Partial<ProductView> {
  if (!hasSchema(schema)) return {};
  const family = product.family_id === null ? undefined : schema.families.find((f) => f.id === product.family_id);
  return {
    family: family?.family_id ?? null,
    family_proposed: family !== undefined && product.family_proposed,
    completeness: product.completeness,
    missing_attributes: missingAttributes(schema, product.family_id, content?.global_attr ?? {}),
  };
}

/** A product of the caller's account by id, code or sku, in one country (default: its first). */
export async function readProduct(db: Database, accountId: string, ref: string, countryInput: string | undefined): Promise<ReadOutcome> {
  const product = await findOwnProduct(db, accountId, ref);
  if (product === undefined) return { kind: 'product_not_found', message: `No product matches "${refForMessage(ref)}".` };

  let country = product.countries[0];
  if (countryInput !== undefined) {
    const normalised = normaliseCountry(countryInput);
    country = normalised.ok && product.countries.includes(normalised.country) ? normalised.country : undefined;
    if (country === undefined) {
      return { kind: 'product_not_found', message: `Product ${product.id} has no content for country "${countryInput}"; it has ${product.countries.join(', ')}.` };
    }
  }
  if (country === undefined) throw new Error(`product ${product.id} has no countries`);

  if (product.state === 'queued' || product.state === 'processing') {
    const running = product.latest_generation_id === null ? undefined : await findGeneration(db, product.latest_generation_id);
    const batch = running?.processing === 'batch' ? ((await batchViewsOf(db, [running.id])).get(running.id) ?? null) : null;
    return {
      kind: 'pending',
      // Only a batch generation adds to the contract's answer: what its calls wait for.
      product: { id: product.id, code: product.code, state: product.state, ...(running?.processing === 'batch' ? { processing: running.processing, batch } : {}) },
    };
  }
  const content = (await listContent(db, product.id)).find((c) => c.country === country);
  const latest = product.latest_generation_id === null ? undefined : await findGeneration(db, product.latest_generation_id);
  const batch = latest?.processing === 'batch' ? ((await batchViewsOf(db, [latest.id])).get(latest.id) ?? null) : null;
  const generation =
    latest === undefined ? null : { id: latest.id, kind: latest.kind, agent_model: latest.agent_model, usage: fromStored(latest.usage), processing: latest.processing, batch };
  // Only a country with no record yet needs the account's language for it.
  const account = content === undefined ? await findAccountById(db, accountId) : undefined;
  const schema = await loadSchema(db, accountId);
  return { kind: 'ready', product: productView(product, country, content, generation, schema, account?.country_languages) };
}
