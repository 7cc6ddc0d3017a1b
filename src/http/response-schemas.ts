import { z } from 'zod';
import { AGENT_MODELS } from '../domain/pricing.ts';
import { VALIDATION_CHECKS } from '../domain/validation-issue.ts';
import { ERROR_STATUS, type ErrorCode } from './errors.ts';

// What the service answers, as Zod schemas: the OpenAPI document is built from them, and the tests
// parse real answers with them. Objects are strict, so a field the service sends but this file
// does not describe fails those tests instead of going undocumented. A schema with an `id` in its
// metadata becomes a named component of the document.

const timestamp = z.string().describe('ISO 8601 date-time, UTC.');
const productState = z.enum(['queued', 'processing', 'completed', 'failed']);

export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .describe('Readable messages by request field path (`countries`, `codes`, `images.2`, `fields.global_attr.color`).')
  .meta({ id: 'FieldErrors' });

export const itemFailureSchema = z
  .strictObject({
    code: z.string(),
    reason: z.enum(['product_code_invalid', 'product_code_duplicate']),
    message: z.string(),
  })
  .meta({ id: 'ItemFailure' });

export const sameEngineNoticeSchema = z
  .string()
  .optional()
  .describe('Present when v1 and v2 are written by the same engine on this server (so v2 writes what v1 writes): says so, with what each costs.');

export const createResultDataSchema = z
  .strictObject({
    total_requested: z.int(),
    successful: z.int(),
    failed: z.int(),
    imported_products: z.array(z.strictObject({ code: z.string(), status: z.literal('queued'), id: z.string() })),
    failures: z.array(itemFailureSchema),
  })
  .meta({ id: 'CreateResult' });

export const createResponseSchema = z
  .strictObject({
    status: z.enum(['success', 'partial']),
    message: z.string().describe('`All <n> product(s) successfully queued for import`, or `Imported <k> of <n> product(s), <f> failed`.'),
    data: createResultDataSchema.extend({ notice: sameEngineNoticeSchema }).meta({ id: 'CreateAccepted' }),
  })
  .meta({ id: 'CreateResponse' });

export const regenerateResponseSchema = z
  .strictObject({
    status: z.literal('success'),
    message: z.string(),
    data: z.strictObject({ product_id: z.string(), status: z.literal('queued'), fields_to_regenerate: z.array(z.string()), notice: sameEngineNoticeSchema }),
  })
  .meta({ id: 'RegenerateResponse' });

export const generationUsageSchema = z
  .strictObject({
    engine: z.string(),
    provider: z.string().nullable(),
    model: z.string().nullable(),
    prompt_version: z.string().nullable(),
    calls: z.int(),
    tokens_in: z.int().describe('Input tokens of every call, cached ones included.'),
    tokens_in_cached: z.int().describe('Of tokens_in, those the provider served from its prompt cache (0 before prompt caching was measured).'),
    tokens_in_cache_write: z.int().describe('Of tokens_in, those the provider wrote to its prompt cache (Anthropic; 0 for providers that do not report it).'),
    tokens_out: z.int(),
    latency_ms: z.number(),
    rounds: z.int(),
    images_read: z.int(),
  })
  .describe('What one generation recorded: engine, provider, model, tokens, repair rounds.')
  .meta({ id: 'GenerationUsage' });

export const factSchema = z
  .strictObject({
    id: z.string(),
    key: z.enum(['name', 'brand', 'variant', 'quantity', 'category', 'kind', 'description', 'ingredients', 'allergens', 'image', 'attribute']),
    attribute: z.string().optional(),
    value: z.string(),
    language: z.string().nullable(),
    source: z.string(),
    licence: z.string().nullable(),
    fetchedAt: z.string(),
    url: z.string().optional(),
  })
  .describe('One statement about the product and where it came from; `sources` names fact ids.')
  .meta({ id: 'Fact' });

const renditionSchema = z.strictObject({
  url: z.string(),
  width: z.int(),
  height: z.int(),
  bytes: z.int(),
  format: z.enum(['jpeg', 'webp']),
  size_label: z.enum(['full', '500', '200']),
});

/** An image as listed: a URL with where it came from, or a standardised picture with its renditions. */
export const productImageSchema = z
  .union([
    z.strictObject({ url: z.string(), source: z.string().optional(), licence: z.string().nullable().optional() }),
    z.strictObject({
      source_url: z.string(),
      source: z.string(),
      licence: z.string().nullable(),
      renditions: z.array(renditionSchema),
      error: z.strictObject({ reason: z.string(), transient: z.boolean() }).optional(),
    }),
  ])
  .meta({ id: 'ProductImage' });

/** One finding of a record's checks, with the field and the check as data (the review app places it by `field`). */
export const validationIssueSchema = z
  .strictObject({
    field: z
      .string()
      .nullable()
      .describe('The record field it is about (`title`, `key_features`, `global_attr.colour`, `global_attr` for several attributes, `images`); null: the record as a whole.'),
    check: z
      .enum(VALIDATION_CHECKS)
      .describe('The check that found it. `unclassified`: a finding stored before findings named their check (its field was then read from its wording).'),
    message: z.string().describe('The sentence a person reads, as listed in `validation_messages`.'),
  })
  .meta({ id: 'ValidationIssue' });
/** What a marketplace-style client reads beside the record; a details object and a list item both carry them. */
export const marketplaceFieldSchemas = {
  asin: z
    .string()
    .nullable()
    .describe('The Amazon ASIN: the code when it is one, else one a source fact (an `asin` attribute) states and that checks as one; null when none does.'),
  eans: z
    .array(z.string())
    .describe(
      'Every EAN/GTIN the product is sold under: the code when it is an EAN, then each one a fact states (an `ean`, `gtin`, `upc` or `barcode` attribute, such as a catalogue column `ean_2`), check digit valid, without repeats. Empty when there is none.',
    ),
  dimensions: z
    .strictObject({
      height: z.number().nullable(),
      width: z.number().nullable(),
      depth: z.number().nullable(),
    })
    .nullable()
    .describe(
      'Height, width and depth in centimetres ("27 cm" → 27, "70 mm" → 7), each from a fact that names that side (Icecat `Height`, a catalogue column `width`, `altezza` …); a side no fact states is null, and the object is null when none is. A size written "30 × 20 × 10 cm" does not say which side is which and fills none (it is in `specifications`).',
    ),
  weight: z
    .number()
    .nullable()
    .describe('The product\'s weight in kilograms, from a weight attribute ("1,2 kg" → 1.2, "350 g" → 0.35) or a weight a description states; null when no fact states one.'),
};

/** The categories and tags of a product, on the details object and each list item. */
export const categoryFieldSchemas = {
  category: z
    .array(z.string())
    .describe(
      "The Google category's path in the record's language, as segments (English where Google's names in that language are not shipped); `[]` when the product is not classified.",
    ),
  google_category_id: z.string().nullable().describe('Google\'s product taxonomy id ("5863"), classified from the facts or set by a person; null when unclassified.'),
  category_id: z.string().nullable().describe("An id of the account's own category tree (GET /api/v1/custom-category), or null."),
  category_id_proposed: z.boolean().describe("True while `category_id` is a generation's proposal that no person has confirmed with `update`."),
  tags: z.array(z.string()).describe("The merchant's tags."),
};

const processingSchema = z.enum(['interactive', 'batch']).describe("How the generation's model calls are sent: `batch` through the provider's batch API.");

const batchViewSchema = z
  .strictObject({
    requests: z.int().describe('Model calls the generation handed to its provider batch.'),
    answered: z.int().describe('Of those, the ones whose answer is stored.'),
    fallback: z.int().describe('Of those, the ones the batch gave no answer to (expired, cancelled, errored), made interactively instead.'),
    batch_ids: z.array(z.string()).describe("The provider's ids of the batches they went in."),
  })
  .describe('A batch generation: its calls through the provider batch API; null until it made one.');

export const productSchema = z
  .strictObject({
    id: z.string(),
    name: z.string().nullable().describe("The record's title, under the name marketplace-style clients read."),
    ...categoryFieldSchemas,
    code: z.string().nullable(),
    code_type: z.enum(['ean', 'asin', 'minsan']).nullable(),
    ...marketplaceFieldSchemas,
    sku: z.string().nullable(),
    product_handle: z.string().nullable(),
    brand: z
      .string()
      .nullable()
      .describe(
        "The caller's brand or one a person set with `update`; else the one the facts agree on (catalogue, Open Food Facts, Icecat, an AIFA holder that is not a company name), which each generation sets again.",
      ),
    state: productState,
    publication_state: z.enum(['pending_review', 'ready', 'online']).describe('Review before publishing: a completed generation puts the product back to `pending_review`.'),
    agent_model: z.enum(AGENT_MODELS),
    country: z.string(),
    language: z.string(),
    countries: z.array(z.string()),
    title: z.string().nullable(),
    short_description: z.string().nullable(),
    description: z.string().nullable(),
    key_features: z.array(z.string()),
    global_attr: z.record(z.string(), z.string()),
    specifications: z
      .record(z.string(), z.string())
      .describe(
        'Label → value in the record\'s language, from what the facts state: the net contents of a quantity fact (`Contenuto` → "50 ml"), then each measurement an attribute or description states (capacity, power, dimensions, weight …) with its numbers written as the language writes them. Empty when the facts state none.',
      ),
    title_tag: z.string().nullable(),
    meta_description: z.string().nullable(),
    meta_keywords: z.string().nullable(),
    images: z.array(productImageSchema),
    sources: z.record(z.string(), z.array(z.string())).describe('For each field, the ids of the facts it was written from.'),
    validation_messages: z.array(z.string()).describe('What the checks found, as sentences (the `message` of each of `validation_issues`).'),
    validation_issues: z.array(validationIssueSchema),
    failure: z.strictObject({ reason: z.string(), message: z.string() }).nullable(),
    facts: z.array(factSchema),
    generation: z
      .strictObject({
        id: z.string(),
        kind: z.enum(['create', 'regenerate']),
        agent_model: z.enum(AGENT_MODELS),
        usage: generationUsageSchema.nullable(),
        processing: processingSchema.optional(),
        batch: batchViewSchema.nullable().optional(),
      })
      .nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    family: z.string().nullable().optional().describe('Accounts with attributes only: the family_id of its family, or null.'),
    family_proposed: z.boolean().optional().describe('Whether the family was proposed by a generation and not yet confirmed by a person.'),
    completeness: z.number().nullable().optional().describe('Share of its essential attributes filled in every country, 0 to 1; null when none applies.'),
    missing_attributes: z.array(z.string()).optional().describe('Enabled attributes of its scope that no fact supports, left empty in this country.'),
  })
  .describe('A product and its record in one country (the details shape).')
  .meta({ id: 'Product' });

export const productDetailsResponseSchema = z.strictObject({ status: z.literal('success'), product: productSchema }).meta({ id: 'ProductDetailsResponse' });

export const productProcessingResponseSchema = z
  .strictObject({
    status: z.literal('processing'),
    product: z.strictObject({
      id: z.string(),
      code: z.string().nullable(),
      state: z.enum(['queued', 'processing']),
      processing: processingSchema.optional().describe('Present for a batch generation only: `batch`.'),
      batch: batchViewSchema.nullable().optional(),
    }),
  })
  .meta({ id: 'ProductProcessingResponse' });

const fieldValue = z.union([z.string(), z.array(z.string()), z.null()]);

export const historyResponseSchema = z
  .strictObject({
    status: z.literal('success'),
    data: z.strictObject({
      product_id: z.string(),
      versions: z.array(
        z.strictObject({
          id: z.string(),
          country: z.string(),
          change: z.enum(['create', 'regenerate', 'restore', 'manual']).describe('`manual`: an edit through POST /api/v1/products/update (or the review app).'),
          generation_id: z.string().nullable(),
          generation: generationUsageSchema.nullable(),
          created_at: timestamp,
          fields: z.record(z.string(), z.strictObject({ before: fieldValue, after: fieldValue })),
        }),
      ),
      next_before: z.string().nullable().describe('The `before` of the next (older) page; null on the last page.'),
    }),
  })
  .meta({ id: 'HistoryResponse' });

export const restoreResponseSchema = z
  .strictObject({
    status: z.literal('success'),
    message: z.string(),
    data: z.strictObject({ product_id: z.string(), country: z.string(), fields_restored: z.array(z.string()) }),
  })
  .meta({ id: 'RestoreResponse' });

export const accountSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    credits: z.int(),
    settings: z.strictObject({
      image_standardization: z.boolean(),
      country_languages: z
        .record(z.string(), z.string())
        .describe("Per country, the language the account's records are written in where it is not the country's default (set by the operator)."),
      default_processing: z
        .enum(['interactive', 'batch'])
        .describe("How a create or regenerate that names no `processing` sends its agent model's calls (set by the operator): `batch` through the provider's batch API."),
    }),
    agent_models: z
      .strictObject({
        v1: z.string(),
        v2: z.string(),
        same_engine: z.boolean().describe('Whether v1 and v2 are written by the same engine here, so v2 writes what v1 writes.'),
        credits: z
          .strictObject({ v1: z.int(), v2: z.int() })
          .describe('Base credits of each agent model for one product in one country (TEMPLATE_V2_CREDITS may lower v2 while the template engine writes it).'),
      })
      .describe('What writes each agent model: `template` (the built-in offline writer) or `<provider>:<model>`.'),
  })
  .meta({ id: 'Account' });

export const accountResponseSchema = z.strictObject({ status: z.literal('success'), data: accountSchema }).meta({ id: 'AccountResponse' });

export const healthResponseSchema = z
  .strictObject({
    status: z.literal('ok'),
    degraded: z.boolean().describe('Whether a remote data source is down (its circuit breaker not closed).'),
    sources: z.record(z.string(), z.strictObject({ state: z.enum(['closed', 'open', 'half_open']), failures: z.int(), until: z.string().optional() })),
  })
  .meta({ id: 'HealthResponse' });

export const attributeSchema = z
  .strictObject({
    _id: z.string().describe('Stable id; the routes also accept the attribute_id.'),
    attribute_id: z.string().describe('The key of `global_attr`: lowercase letters, digits and _.'),
    name: z.string(),
    type: z.enum(['text', 'number', 'boolean', 'rich-text', 'single-select', 'multi-select']),
    scope: z.enum(['global', 'family']),
    is_enabled: z.boolean(),
    is_essential: z.boolean().describe('Counted by `completeness`; cannot be deleted.'),
    description: z.string().nullable(),
    unit: z.string().nullable().describe('For numbers: values are normalised to it (`g`, `ml`, `W` …).'),
    options: z.array(z.strictObject({ value: z.string(), value_id: z.string() })),
    family_ids: z.array(z.string()).describe('`_id`s of the families it belongs to.'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Attribute' });

export const familySchema = z
  .strictObject({
    _id: z.string().describe('Stable id; the routes also accept the family_id.'),
    family_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    attribute_ids: z.array(z.string()).describe('`_id`s of its attributes.'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Family' });

export const attributeListResponseSchema = z.strictObject({ status: z.literal('success'), data: z.array(attributeSchema) }).meta({ id: 'AttributeListResponse' });
export const attributeResponseSchema = z.strictObject({ status: z.literal('success'), message: z.string(), data: attributeSchema }).meta({ id: 'AttributeResponse' });
export const familyListResponseSchema = z.strictObject({ status: z.literal('success'), data: z.array(familySchema) }).meta({ id: 'FamilyListResponse' });
export const familyResponseSchema = z.strictObject({ status: z.literal('success'), message: z.string(), data: familySchema }).meta({ id: 'FamilyResponse' });
export const messageResponseSchema = z.strictObject({ status: z.literal('success'), message: z.string() });

// Error bodies (one shape for every error code): `validation_failed` carries `errors`; every other code a `message`,
// with the machine-readable extras below.

const ERROR_EXTRAS: Partial<Record<ErrorCode, z.core.$ZodShape>> = {
  insufficient_credits: {
    required: z.int().describe('Credits the whole call costs.'),
    available: z.int().describe("The account's balance."),
  },
  rate_limited: {
    retry_after_seconds: z.int().describe('Seconds until the token may call again (also in `Retry-After`).'),
    running_imports: z.array(z.uuid()).optional().describe("A catalogue upload refused because the account's imports at once are running: their ids."),
  },
  internal_error: {
    request_id: z.string().describe('Quote it when reporting the problem; the log has the details.'),
    import_id: z.uuid().optional().describe('A catalogue upload: the import, marked failed with its reason.'),
  },
  unavailable: { request_id: z.string().optional() },
};

/** `product_not_found` → `ProductNotFoundError`, `internal_error` → `InternalError`. */
function componentName(code: string): string {
  const pascal = code.replace(/(^|_)([a-z])/g, (_m, _sep: string, letter: string) => letter.toUpperCase());
  return pascal.endsWith('Error') ? pascal : `${pascal}Error`;
}

export const validationFailedBodySchema = z
  .strictObject({
    status: z.literal('error'),
    code: z.literal('validation_failed'),
    message: z.string().optional(),
    errors: fieldErrorsSchema,
  })
  .meta({ id: componentName('validation_failed') });

/** A create where every item failed: the validation error with the same `data` block as a success. */
export const createAllFailedBodySchema = z
  .strictObject({
    status: z.literal('error'),
    code: z.literal('validation_failed'),
    message: z.string().optional(),
    errors: fieldErrorsSchema,
    data: createResultDataSchema.optional(),
  })
  .meta({ id: 'CreateValidationFailedError' });

const errorBodies = new Map<ErrorCode, z.ZodObject>();

/**
 * The body of an error answer with `code` and a route's own extra fields, as a component named
 * `<prefix><Code>Error` (`CatalogueImportPayloadTooLargeError` …).
 */
export function errorBodyWith(code: ErrorCode, prefix: string, extras: z.core.$ZodShape): z.ZodType {
  return errorBodySchema(code)
    .extend(extras)
    .meta({ id: `${prefix}${componentName(code)}`, description: `HTTP ${ERROR_STATUS[code]}.` });
}

/** The body of an error answer with `code`, as a named component (`ProductNotFoundError` …). */
export function errorBodySchema(code: ErrorCode): z.ZodObject {
  if (code === 'validation_failed') return validationFailedBodySchema;
  let schema = errorBodies.get(code);
  if (schema === undefined) {
    schema = z
      .strictObject({ status: z.literal('error'), code: z.literal(code), message: z.string(), ...ERROR_EXTRAS[code] })
      .meta({ id: componentName(code), description: `HTTP ${ERROR_STATUS[code]}.` });
    errorBodies.set(code, schema);
  }
  return schema;
}

/** A file the service serves as is (an image, the reference page). */
export const binaryFileSchema = z.string().meta({ contentEncoding: 'binary' });
export const textFileSchema = z.string();

/** The OpenAPI document's outline; a validator checks the rest. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({}),
});
