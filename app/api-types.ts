// Generated from docs/openapi.json by swagger-typescript-api (npm run openapi:client). Do not edit.
// The review app's view of the API: import with `import type` only (app/api.ts names the shapes it reads).
export interface Account {
  id: string;
  name: string;
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  credits: number;
  settings: {
    image_standardization: boolean;
    /** Per country, the language the account's records are written in where it is not the country's default (set by the operator). */
    country_languages: Partial<Record<string, string>>;
    /** How a create or regenerate that names no `processing` sends its agent model's calls (set by the operator): `batch` through the provider's batch API. */
    default_processing: "interactive" | "batch";
  };
  /** What writes each agent model: `template` (the built-in offline writer) or `<provider>:<model>`. */
  agent_models: {
    v1: string;
    v2: string;
    /** Whether v1 and v2 are written by the same engine here, so v2 writes what v1 writes. */
    same_engine: boolean;
    /** Base credits of each agent model for one product in one country (TEMPLATE_V2_CREDITS may lower v2 while the template engine writes it). */
    credits: {
      /**
       * @min -9007199254740991
       * @max 9007199254740991
       */
      v1: number;
      /**
       * @min -9007199254740991
       * @max 9007199254740991
       */
      v2: number;
    };
  };
}

/** HTTP 404. */
export interface AccountNotFoundError {
  status: "error";
  code: "account_not_found";
  message: string;
}

export interface AccountResponse {
  status: "success";
  data: Account;
}

export interface Attribute {
  /** Stable id; the routes also accept the attribute_id. */
  _id: string;
  /** The key of `global_attr`: lowercase letters, digits and _. */
  attribute_id: string;
  name: string;
  type:
    | "text"
    | "number"
    | "boolean"
    | "rich-text"
    | "single-select"
    | "multi-select";
  scope: "global" | "family";
  is_enabled: boolean;
  /** Counted by `completeness`; cannot be deleted. */
  is_essential: boolean;
  description: string | null;
  /** For numbers: values are normalised to it (`g`, `ml`, `W` …). */
  unit: string | null;
  options: {
    value: string;
    value_id: string;
  }[];
  /** `_id`s of the families it belongs to. */
  family_ids: string[];
  /** ISO 8601 date-time, UTC. */
  created_at: string;
  /** ISO 8601 date-time, UTC. */
  updated_at: string;
}

export interface AttributeListResponse {
  status: "success";
  data: Attribute[];
}

/** HTTP 404. */
export interface AttributeNotFoundError {
  status: "error";
  code: "attribute_not_found";
  message: string;
}

export interface AttributeResponse {
  status: "success";
  message: string;
  data: Attribute;
}

/** HTTP 400. */
export interface CatalogueImportInvalidJsonError {
  status: "error";
  code: "invalid_json";
  message: string;
  /**
   * The import, marked failed, when the error came after it started (GET /api/v1/catalogue/imports/{id}).
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   */
  import_id?: string;
}

/** HTTP 413. */
export interface CatalogueImportPayloadTooLargeError {
  status: "error";
  code: "payload_too_large";
  message: string;
  /**
   * The import, marked failed, when the error came after it started (GET /api/v1/catalogue/imports/{id}).
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   */
  import_id?: string;
}

/** HTTP 415. */
export interface CatalogueImportUnsupportedMediaTypeError {
  status: "error";
  code: "unsupported_media_type";
  message: string;
  /**
   * The import, marked failed, when the error came after it started (GET /api/v1/catalogue/imports/{id}).
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   */
  import_id?: string;
}

/** HTTP 422. */
export interface CatalogueImportValidationFailedError {
  status: "error";
  code: "validation_failed";
  message?: string;
  /** Readable messages by request field path (`countries`, `codes`, `images.2`, `fields.global_attr.color`). */
  errors: FieldErrors;
  /**
   * The import, marked failed, when the error came after it started (GET /api/v1/catalogue/imports/{id}).
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   */
  import_id?: string;
}

/** HTTP 400. */
export interface CategoryTreeImportInvalidJsonError {
  status: "error";
  code: "invalid_json";
  message: string;
  /**
   * The import, marked failed, when the error came after it started (GET /api/v1/custom-category/imports/{id}).
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   */
  import_id?: string;
}

/** HTTP 413. */
export interface CategoryTreeImportPayloadTooLargeError {
  status: "error";
  code: "payload_too_large";
  message: string;
  /**
   * The import, marked failed, when the error came after it started (GET /api/v1/custom-category/imports/{id}).
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   */
  import_id?: string;
}

/** HTTP 415. */
export interface CategoryTreeImportUnsupportedMediaTypeError {
  status: "error";
  code: "unsupported_media_type";
  message: string;
  /**
   * The import, marked failed, when the error came after it started (GET /api/v1/custom-category/imports/{id}).
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   */
  import_id?: string;
}

/** HTTP 422. */
export interface CategoryTreeImportValidationFailedError {
  status: "error";
  code: "validation_failed";
  message?: string;
  /** Readable messages by request field path (`countries`, `codes`, `images.2`, `fields.global_attr.color`). */
  errors: FieldErrors;
  /**
   * The import, marked failed, when the error came after it started (GET /api/v1/custom-category/imports/{id}).
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   */
  import_id?: string;
}

export interface CreateAccepted {
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  total_requested: number;
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  successful: number;
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  failed: number;
  imported_products: {
    code: string;
    status: "queued";
    id: string;
  }[];
  failures: ItemFailure[];
  /** Present when v1 and v2 are written by the same engine on this server (so v2 writes what v1 writes): says so, with what each costs. */
  notice?: string;
}

export interface CreateQuoteResponse {
  status: "success";
  data: {
    /**
     * Credits the same create call would be charged now.
     * @min -9007199254740991
     * @max 9007199254740991
     */
    price: number;
    /**
     * The account's balance.
     * @min -9007199254740991
     * @max 9007199254740991
     */
    available: number;
    /**
     * Products that would be queued.
     * @min -9007199254740991
     * @max 9007199254740991
     */
    products: number;
    /** Codes that would fail, with the reason. */
    failures: ItemFailure[];
    /** Present when v1 and v2 are written by the same engine on this server (so v2 writes what v1 writes): says so, with what each costs. */
    notice?: string;
  };
}

export interface CreateResponse {
  status: "success" | "partial";
  /** `All <n> product(s) successfully queued for import`, or `Imported <k> of <n> product(s), <f> failed`. */
  message: string;
  data: CreateAccepted;
}

export interface CreateResult {
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  total_requested: number;
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  successful: number;
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  failed: number;
  imported_products: {
    code: string;
    status: "queued";
    id: string;
  }[];
  failures: ItemFailure[];
}

export interface CreateValidationFailedError {
  status: "error";
  code: "validation_failed";
  message?: string;
  /** Readable messages by request field path (`countries`, `codes`, `images.2`, `fields.global_attr.color`). */
  errors: FieldErrors;
  data?: CreateResult;
}

/** One statement about the product and where it came from; `sources` names fact ids. */
export interface Fact {
  id: string;
  key:
    | "name"
    | "brand"
    | "variant"
    | "quantity"
    | "category"
    | "kind"
    | "description"
    | "ingredients"
    | "allergens"
    | "image"
    | "attribute";
  attribute?: string;
  value: string;
  language: string | null;
  source: string;
  licence: string | null;
  fetchedAt: string;
  url?: string;
}

export interface Family {
  /** Stable id; the routes also accept the family_id. */
  _id: string;
  family_id: string;
  name: string;
  description: string | null;
  /** `_id`s of its attributes. */
  attribute_ids: string[];
  /** ISO 8601 date-time, UTC. */
  created_at: string;
  /** ISO 8601 date-time, UTC. */
  updated_at: string;
}

export interface FamilyListResponse {
  status: "success";
  data: Family[];
}

/** HTTP 404. */
export interface FamilyNotFoundError {
  status: "error";
  code: "family_not_found";
  message: string;
}

export interface FamilyResponse {
  status: "success";
  message: string;
  data: Family;
}

/** Readable messages by request field path (`countries`, `codes`, `images.2`, `fields.global_attr.color`). */
export type FieldErrors = Partial<Record<string, string[]>>;

/** HTTP 403. */
export interface ForbiddenError {
  status: "error";
  code: "forbidden";
  message: string;
}

/** What one generation recorded: engine, provider, model, tokens, repair rounds. */
export interface GenerationUsage {
  engine: string;
  provider: string | null;
  model: string | null;
  prompt_version: string | null;
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  calls: number;
  /**
   * Input tokens of every call, cached ones included.
   * @min -9007199254740991
   * @max 9007199254740991
   */
  tokens_in: number;
  /**
   * Of tokens_in, those the provider served from its prompt cache (0 before prompt caching was measured).
   * @min -9007199254740991
   * @max 9007199254740991
   */
  tokens_in_cached: number;
  /**
   * Of tokens_in, those the provider wrote to its prompt cache (Anthropic; 0 for providers that do not report it).
   * @min -9007199254740991
   * @max 9007199254740991
   */
  tokens_in_cache_write: number;
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  tokens_out: number;
  latency_ms: number;
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  rounds: number;
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   */
  images_read: number;
}

export interface GoogleCategoriesResponse {
  status: "success";
  data: {
    /** Google's id. */
    id: string;
    /** The path, as segments. */
    path: string[];
  }[];
  /** The version of the shipped taxonomy. */
  version: string | null;
}

export interface HealthResponse {
  status: "ok";
  /** Whether a remote data source is down (its circuit breaker not closed). */
  degraded: boolean;
  sources: Partial<
    Record<
      string,
      {
        state: "closed" | "open" | "half_open";
        /**
         * @min -9007199254740991
         * @max 9007199254740991
         */
        failures: number;
        until?: string;
      }
    >
  >;
}

export interface HistoryResponse {
  status: "success";
  data: {
    product_id: string;
    versions: {
      id: string;
      country: string;
      /** `manual`: an edit through POST /api/v1/products/update (or the review app). */
      change: "create" | "regenerate" | "restore" | "manual";
      generation_id: string | null;
      generation: GenerationUsage | null;
      /** ISO 8601 date-time, UTC. */
      created_at: string;
      fields: Partial<
        Record<
          string,
          {
            before: string | string[] | null;
            after: string | string[] | null;
          }
        >
      >;
    }[];
    /** The `before` of the next (older) page; null on the last page. */
    next_before: string | null;
  };
}

/** HTTP 409. */
export interface IdempotencyKeyInUseError {
  status: "error";
  code: "idempotency_key_in_use";
  message: string;
}

/** HTTP 422. */
export interface IdempotencyKeyReusedError {
  status: "error";
  code: "idempotency_key_reused";
  message: string;
}

/** HTTP 404. */
export interface ImportNotFoundError {
  status: "error";
  code: "import_not_found";
  message: string;
}

/** HTTP 402. */
export interface InsufficientCreditsError {
  status: "error";
  code: "insufficient_credits";
  message: string;
  /**
   * Credits the whole call costs.
   * @min -9007199254740991
   * @max 9007199254740991
   */
  required: number;
  /**
   * The account's balance.
   * @min -9007199254740991
   * @max 9007199254740991
   */
  available: number;
}

/** HTTP 500. */
export interface InternalError {
  status: "error";
  code: "internal_error";
  message: string;
  /** Quote it when reporting the problem; the log has the details. */
  request_id: string;
  /**
   * A catalogue upload: the import, marked failed with its reason.
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   */
  import_id?: string;
}

/** HTTP 400. */
export interface InvalidJsonError {
  status: "error";
  code: "invalid_json";
  message: string;
}

export interface ItemFailure {
  code: string;
  reason: "product_code_invalid" | "product_code_duplicate";
  message: string;
}

/** HTTP 404. */
export interface NotFoundError {
  status: "error";
  code: "not_found";
  message: string;
}

/** HTTP 413. */
export interface PayloadTooLargeError {
  status: "error";
  code: "payload_too_large";
  message: string;
}

export interface PricingResponse {
  status: "success";
  data: {
    create: {
      /** Credits per product, by agent model. */
      base: {
        /**
         * @min -9007199254740991
         * @max 9007199254740991
         */
        v1: number;
        /**
         * @min -9007199254740991
         * @max 9007199254740991
         */
        v2: number;
      };
      /**
       * Added per country beyond the first.
       * @min -9007199254740991
       * @max 9007199254740991
       */
      per_extra_country: number;
      /**
       * Added when the account standardises images.
       * @min -9007199254740991
       * @max 9007199254740991
       */
      image_standardization: number;
    };
    /** Credits per regeneration call, whatever its fields and countries. */
    regenerate: {
      /**
       * @min -9007199254740991
       * @max 9007199254740991
       */
      v1: number;
      /**
       * @min -9007199254740991
       * @max 9007199254740991
       */
      v2: number;
    };
  };
}

/** A product and its record in one country (the details shape). */
export interface Product {
  id: string;
  /** The record's title, under the name marketplace-style clients read. */
  name: string | null;
  /** The Google category's path in the record's language, as segments (English where Google's names in that language are not shipped); `[]` when the product is not classified. */
  category: string[];
  /** Google's product taxonomy id ("5863"), classified from the facts or set by a person; null when unclassified. */
  google_category_id: string | null;
  /** An id of the account's own category tree (GET /api/v1/custom-category), or null. */
  category_id: string | null;
  /** True while `category_id` is a generation's proposal that no person has confirmed with `update`. */
  category_id_proposed: boolean;
  /** The merchant's tags. */
  tags: string[];
  code: string | null;
  code_type: "ean" | "asin" | "minsan" | null;
  /** The Amazon ASIN: the code when it is one, else one a source fact (an `asin` attribute) states and that checks as one; null when none does. */
  asin: string | null;
  /** Every EAN/GTIN the product is sold under: the code when it is an EAN, then each one a fact states (an `ean`, `gtin`, `upc` or `barcode` attribute, such as a catalogue column `ean_2`), check digit valid, without repeats. Empty when there is none. */
  eans: string[];
  /** Height, width and depth in centimetres ("27 cm" → 27, "70 mm" → 7), each from a fact that names that side (Icecat `Height`, a catalogue column `width`, `altezza` …); a side no fact states is null, and the object is null when none is. A size written "30 × 20 × 10 cm" does not say which side is which and fills none (it is in `specifications`). */
  dimensions: {
    height: number | null;
    width: number | null;
    depth: number | null;
  } | null;
  /** The product's weight in kilograms, from a weight attribute ("1,2 kg" → 1.2, "350 g" → 0.35) or a weight a description states; null when no fact states one. */
  weight: number | null;
  sku: string | null;
  product_handle: string | null;
  /** The caller's brand or one a person set with `update`; else the one the facts agree on (catalogue, Open Food Facts, Icecat, an AIFA holder that is not a company name), which each generation sets again. */
  brand: string | null;
  state: "queued" | "processing" | "completed" | "failed";
  /** Review before publishing: a completed generation puts the product back to `pending_review`. */
  publication_state: "pending_review" | "ready" | "online";
  agent_model: "v1" | "v2";
  country: string;
  language: string;
  countries: string[];
  title: string | null;
  short_description: string | null;
  description: string | null;
  key_features: string[];
  global_attr: Partial<Record<string, string>>;
  /** Label → value in the record's language, from what the facts state: the net contents of a quantity fact (`Contenuto` → "50 ml"), then each measurement an attribute or description states (capacity, power, dimensions, weight …) with its numbers written as the language writes them. Empty when the facts state none. */
  specifications: Partial<Record<string, string>>;
  title_tag: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  images: ProductImage[];
  /** For each field, the ids of the facts it was written from. */
  sources: Partial<Record<string, string[]>>;
  /** What the checks found, as sentences (the `message` of each of `validation_issues`). */
  validation_messages: string[];
  validation_issues: ValidationIssue[];
  failure: {
    reason: string;
    message: string;
  } | null;
  facts: Fact[];
  generation: {
    id: string;
    kind: "create" | "regenerate";
    agent_model: "v1" | "v2";
    usage: GenerationUsage | null;
    /** How the generation's model calls are sent: `batch` through the provider's batch API. */
    processing?: "interactive" | "batch";
    /** A batch generation: its calls through the provider batch API; null until it made one. */
    batch?: {
      /**
       * Model calls the generation handed to its provider batch.
       * @min -9007199254740991
       * @max 9007199254740991
       */
      requests: number;
      /**
       * Of those, the ones whose answer is stored.
       * @min -9007199254740991
       * @max 9007199254740991
       */
      answered: number;
      /**
       * Of those, the ones the batch gave no answer to (expired, cancelled, errored), made interactively instead.
       * @min -9007199254740991
       * @max 9007199254740991
       */
      fallback: number;
      /** The provider's ids of the batches they went in. */
      batch_ids: string[];
    } | null;
  } | null;
  /** ISO 8601 date-time, UTC. */
  created_at: string;
  /** ISO 8601 date-time, UTC. */
  updated_at: string;
  /** Accounts with attributes only: the family_id of its family, or null. */
  family?: string | null;
  /** Whether the family was proposed by a generation and not yet confirmed by a person. */
  family_proposed?: boolean;
  /** Share of its essential attributes filled in every country, 0 to 1; null when none applies. */
  completeness?: number | null;
  /** Enabled attributes of its scope that no fact supports, left empty in this country. */
  missing_attributes?: string[];
}

/** HTTP 409. */
export interface ProductBusyError {
  status: "error";
  code: "product_busy";
  message: string;
}

export interface ProductDetailsResponse {
  status: "success";
  /** A product and its record in one country (the details shape). */
  product: Product;
}

export type ProductImage =
  | {
      url: string;
      source?: string;
      licence?: string | null;
    }
  | {
      source_url: string;
      source: string;
      licence: string | null;
      renditions: {
        url: string;
        /**
         * @min -9007199254740991
         * @max 9007199254740991
         */
        width: number;
        /**
         * @min -9007199254740991
         * @max 9007199254740991
         */
        height: number;
        /**
         * @min -9007199254740991
         * @max 9007199254740991
         */
        bytes: number;
        format: "jpeg" | "webp";
        size_label: "200" | "500" | "full";
      }[];
      error?: {
        reason: string;
        transient: boolean;
      };
    };

/** HTTP 404. */
export interface ProductNotFoundError {
  status: "error";
  code: "product_not_found";
  message: string;
}

export interface ProductProcessingResponse {
  status: "processing";
  product: {
    id: string;
    code: string | null;
    state: "queued" | "processing";
    /** Present for a batch generation only: `batch`. */
    processing?: "interactive" | "batch";
    /** A batch generation: its calls through the provider batch API; null until it made one. */
    batch?: {
      /**
       * Model calls the generation handed to its provider batch.
       * @min -9007199254740991
       * @max 9007199254740991
       */
      requests: number;
      /**
       * Of those, the ones whose answer is stored.
       * @min -9007199254740991
       * @max 9007199254740991
       */
      answered: number;
      /**
       * Of those, the ones the batch gave no answer to (expired, cancelled, errored), made interactively instead.
       * @min -9007199254740991
       * @max 9007199254740991
       */
      fallback: number;
      /** The provider's ids of the batches they went in. */
      batch_ids: string[];
    } | null;
  };
}

/** HTTP 429. */
export interface RateLimitedError {
  status: "error";
  code: "rate_limited";
  message: string;
  /**
   * Seconds until the token may call again (also in `Retry-After`).
   * @min -9007199254740991
   * @max 9007199254740991
   */
  retry_after_seconds: number;
  /** A catalogue upload refused because the account's imports at once are running: their ids. */
  running_imports?: string[];
}

export interface RegenerateResponse {
  status: "success";
  message: string;
  data: {
    product_id: string;
    status: "queued";
    fields_to_regenerate: string[];
    /** Present when v1 and v2 are written by the same engine on this server (so v2 writes what v1 writes): says so, with what each costs. */
    notice?: string;
  };
}

export interface RestoreResponse {
  status: "success";
  message: string;
  data: {
    product_id: string;
    country: string;
    fields_restored: string[];
  };
}

export interface SessionResponse {
  status: "success";
  data: {
    authenticated_by: "token" | "session";
    /** With the session cookie: the value every POST, PUT, PATCH and DELETE must send in x-csrf-token. Null with a Bearer token. */
    csrf_token: string | null;
  };
}

/** HTTP 404. */
export interface TokenNotFoundError {
  status: "error";
  code: "token_not_found";
  message: string;
}

/** HTTP 401. */
export interface UnauthorizedError {
  status: "error";
  code: "unauthorized";
  message: string;
}

/** HTTP 503. */
export interface UnavailableError {
  status: "error";
  code: "unavailable";
  message: string;
  request_id?: string;
}

/** HTTP 415. */
export interface UnsupportedMediaTypeError {
  status: "error";
  code: "unsupported_media_type";
  message: string;
}

export interface ValidationFailedError {
  status: "error";
  code: "validation_failed";
  message?: string;
  /** Readable messages by request field path (`countries`, `codes`, `images.2`, `fields.global_attr.color`). */
  errors: FieldErrors;
}

export interface ValidationIssue {
  /** The record field it is about (`title`, `key_features`, `global_attr.colour`, `global_attr` for several attributes, `images`); null: the record as a whole. */
  field: string | null;
  /** The check that found it. `unclassified`: a finding stored before findings named their check (its field was then read from its wording). */
  check:
    | "language"
    | "length"
    | "refusal"
    | "health_claim"
    | "empty"
    | "ungrounded"
    | "critic"
    | "unknown_source"
    | "markup"
    | "attribute_value"
    | "source"
    | "images"
    | "language_pack"
    | "untranslated"
    | "unknown_language"
    | "title_from_description"
    | "no_description"
    | "few_key_features"
    | "promotional"
    | "note_not_applied"
    | "instruction"
    | "category_removed"
    | "category_unsure"
    | "unclassified";
  /** The sentence a person reads, as listed in `validation_messages`. */
  message: string;
}

/** HTTP 404. */
export interface VersionNotFoundError {
  status: "error";
  code: "version_not_found";
  message: string;
}

export interface WebhookEndpoint {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   */
  id: string;
  url: string;
  description: string | null;
  /** The event types sent; null: all of them. */
  events: string[] | null;
  status: "enabled" | "disabled";
  /** Since when every attempt to this endpoint failed; null while it answers. */
  failing_since: string | null;
  disabled_at: string | null;
  /** Why the endpoint was disabled (after five days of failed deliveries); empty while enabled. */
  validation_messages: string[];
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   */
  created_at: string;
}

/** HTTP 404. */
export interface WebhookNotFoundError {
  status: "error";
  code: "webhook_not_found";
  message: string;
}

export type PostProductsCreateData = CreateResponse;

export type PostProductsRegenerateByIdData = RegenerateResponse;

export type GetProductsDetailsByIdData = ProductDetailsResponse;

export type GetProductsDetailsByIdByCountryData = ProductDetailsResponse;

export type GetProductsDetailsByIdHistoryData = HistoryResponse;

export type PostProductsRestoreByIdData = RestoreResponse;

export interface GetProductsData {
  status: "success";
  data: {
    /**
     * @min -9007199254740991
     * @max 9007199254740991
     */
    current_page: number;
    data: {
      id: string;
      /** The title of the record shown: the `country` filter's, else the first country's. */
      name: string | null;
      /** The Google category's path in the record's language, as segments (English where Google's names in that language are not shipped); `[]` when the product is not classified. */
      category: string[];
      /** Google's product taxonomy id ("5863"), classified from the facts or set by a person; null when unclassified. */
      google_category_id: string | null;
      /** An id of the account's own category tree (GET /api/v1/custom-category), or null. */
      category_id: string | null;
      /** True while `category_id` is a generation's proposal that no person has confirmed with `update`. */
      category_id_proposed: boolean;
      /** The merchant's tags. */
      tags: string[];
      code: string | null;
      code_type: "ean" | "asin" | "minsan" | null;
      /** The Amazon ASIN: the code when it is one, else one a source fact (an `asin` attribute) states and that checks as one; null when none does. */
      asin: string | null;
      /** Every EAN/GTIN the product is sold under: the code when it is an EAN, then each one a fact states (an `ean`, `gtin`, `upc` or `barcode` attribute, such as a catalogue column `ean_2`), check digit valid, without repeats. Empty when there is none. */
      eans: string[];
      /** Height, width and depth in centimetres ("27 cm" → 27, "70 mm" → 7), each from a fact that names that side (Icecat `Height`, a catalogue column `width`, `altezza` …); a side no fact states is null, and the object is null when none is. A size written "30 × 20 × 10 cm" does not say which side is which and fills none (it is in `specifications`). */
      dimensions: {
        height: number | null;
        width: number | null;
        depth: number | null;
      } | null;
      /** The product's weight in kilograms, from a weight attribute ("1,2 kg" → 1.2, "350 g" → 0.35) or a weight a description states; null when no fact states one. */
      weight: number | null;
      sku: string | null;
      product_handle: string | null;
      state: "queued" | "processing" | "completed" | "failed";
      publication_state: "pending_review" | "ready" | "online";
      countries: Partial<
        Record<
          string,
          {
            title: string | null;
            /** The same as `title`, under the name marketplace-style clients read. */
            name: string | null;
            brand: string | null;
            /** The Google category's path in this record's language, as segments; `[]` when unclassified. */
            category: string[];
          }
        >
      >;
      thumb: string | null;
      /** What the checks found in the record of the country shown, as sentences. */
      validation_messages: string[];
      /** The same findings, each with its field and check. */
      validation_issues: ValidationIssue[];
      created_at: string;
      /** ISO 8601 UTC with microseconds. */
      updated_at: string;
    }[];
    /**
     * @min -9007199254740991
     * @max 9007199254740991
     */
    per_page: number;
    from: number | null;
    to: number | null;
    /**
     * @min -9007199254740991
     * @max 9007199254740991
     */
    total: number;
    /**
     * @min -9007199254740991
     * @max 9007199254740991
     */
    last_page: number;
    next_page_url: string | null;
    prev_page_url: string | null;
    path: string;
  };
}

/** jsonl: one product a line, each shaped as `product` in GET /api/v1/products/details/{id}; csv and shopify: CSV with a header row. */
export type GetProductsExportData = string;

export interface PostProductsUpdateData {
  status: "success";
  /** A product and its record in one country (the details shape). */
  product: Product;
}

export interface DeleteProductsDeleteData {
  status: "success";
}

export interface SetPublicationStateData {
  status: "success";
  message: "Inventory statuses set";
}

export interface SetPublicationStateAtCommerceClarityPathData {
  status: "success";
  message: "Inventory statuses set";
}

export type GetAccountData = AccountResponse;

export interface GetAccountLedgerData {
  status: "success";
  data: {
    entries: {
      /**
       * @format uuid
       * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
       */
      id: string;
      /**
       * Credits added (positive) or taken (negative).
       * @min -9007199254740991
       * @max 9007199254740991
       */
      delta: number;
      /**
       * The balance right after this entry.
       * @min 0
       * @max 9007199254740991
       */
      balance_after: number;
      reason: "create" | "regenerate" | "refund" | "credit" | "debit";
      /** The product charged or refunded; null for credits, and for a create of several products. */
      product_id: string | null;
      /** The x-request-id of the call that charged. */
      request_id: string | null;
      /**
       * @format date-time
       * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
       */
      created_at: string;
    }[];
    /** Pass as `before` for the next (older) page; null on the last page. */
    next_before: string | null;
  };
}

export interface PostCatalogueImportsData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    id: string;
    state: "running" | "completed" | "failed";
    format: "csv" | "jsonl";
    /** The text encoding read (sniffed unless declared); null until the first bytes arrived. */
    encoding: string | null;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_read: number;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_imported: number;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_rejected: number;
    /** The first 100 rows not imported, in file order; `rows_rejected` is the total. */
    rejections: {
      /** 1-based line in the file; null when the import itself stopped. */
      line: number | null;
      reason: string;
    }[];
    /** Columns read but not used, and why. */
    unused_columns: {
      column: string;
      reason: string;
    }[];
    /**
     * @min 0
     * @max 9007199254740991
     */
    bytes_read: number;
    /** Why a failed import stopped. */
    failure: string | null;
    /**
     * @format date-time
     * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
     */
    started_at: string;
    finished_at: string | null;
  };
}

export interface GetCatalogueImportsByIdData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    id: string;
    state: "running" | "completed" | "failed";
    format: "csv" | "jsonl";
    /** The text encoding read (sniffed unless declared); null until the first bytes arrived. */
    encoding: string | null;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_read: number;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_imported: number;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_rejected: number;
    /** The first 100 rows not imported, in file order; `rows_rejected` is the total. */
    rejections: {
      /** 1-based line in the file; null when the import itself stopped. */
      line: number | null;
      reason: string;
    }[];
    /** Columns read but not used, and why. */
    unused_columns: {
      column: string;
      reason: string;
    }[];
    /**
     * @min 0
     * @max 9007199254740991
     */
    bytes_read: number;
    /** Why a failed import stopped. */
    failure: string | null;
    /**
     * @format date-time
     * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
     */
    started_at: string;
    finished_at: string | null;
  };
}

export interface GetCustomCategoryData {
  /** Every category of the account: its id → its full path, levels joined by " > " ({"1": "Casa", "1.1": "Casa > Luce"}); `{}` when the account has none. */
  tree: Partial<Record<string, string>>;
}

export interface PostCustomCategoryImportData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    id: string;
    state: "running" | "completed" | "failed";
    format: "csv" | "jsonl";
    /** The text encoding read (sniffed unless declared); null until the first bytes arrived. */
    encoding: string | null;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_read: number;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_imported: number;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_rejected: number;
    /** The first 100 rows not imported, in file order; `rows_rejected` is the total. */
    rejections: {
      /** 1-based line in the file; null when the import itself stopped. */
      line: number | null;
      reason: string;
    }[];
    /** Columns read but not used, and why. */
    unused_columns: {
      column: string;
      reason: string;
    }[];
    /**
     * @min 0
     * @max 9007199254740991
     */
    bytes_read: number;
    /** Why a failed import stopped. */
    failure: string | null;
    /**
     * @format date-time
     * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
     */
    started_at: string;
    finished_at: string | null;
  };
}

export interface GetCustomCategoryImportsByIdData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    id: string;
    state: "running" | "completed" | "failed";
    format: "csv" | "jsonl";
    /** The text encoding read (sniffed unless declared); null until the first bytes arrived. */
    encoding: string | null;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_read: number;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_imported: number;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_rejected: number;
    /** The first 100 rows not imported, in file order; `rows_rejected` is the total. */
    rejections: {
      /** 1-based line in the file; null when the import itself stopped. */
      line: number | null;
      reason: string;
    }[];
    /** Columns read but not used, and why. */
    unused_columns: {
      column: string;
      reason: string;
    }[];
    /**
     * @min 0
     * @max 9007199254740991
     */
    bytes_read: number;
    /** Why a failed import stopped. */
    failure: string | null;
    /**
     * @format date-time
     * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
     */
    started_at: string;
    finished_at: string | null;
  };
}

export type GetAttributesData = AttributeListResponse;

export type PostAttributesCreateData = AttributeResponse;

export type PutAttributesUpdateByIdData = AttributeResponse;

export interface DeleteAttributesDeleteByIdData {
  status: "success";
  message: string;
}

export type GetFamiliesData = FamilyListResponse;

export type PostFamiliesCreateData = FamilyResponse;

export type PutFamiliesUpdateByIdData = FamilyResponse;

export interface DeleteFamiliesDeleteByIdData {
  status: "success";
  message: string;
}

export interface PostWebhooksData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    id: string;
    url: string;
    description: string | null;
    /** The event types sent; null: all of them. */
    events: string[] | null;
    status: "enabled" | "disabled";
    /** Since when every attempt to this endpoint failed; null while it answers. */
    failing_since: string | null;
    disabled_at: string | null;
    /** Why the endpoint was disabled (after five days of failed deliveries); empty while enabled. */
    validation_messages: string[];
    /**
     * @format date-time
     * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
     */
    created_at: string;
    /** The signing secret (`whsec_…`), shown in this answer only. Null in an answer replayed for a repeated Idempotency-Key: it is never stored in the clear. */
    secret: string | null;
  };
}

export interface GetWebhooksData {
  status: "success";
  data: WebhookEndpoint[];
}

export interface DeleteWebhooksByIdData {
  status: "success";
}

export interface PatchWebhooksByIdData {
  status: "success";
  data: WebhookEndpoint;
}

export interface PostWebhooksByIdSecretRotateData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    id: string;
    url: string;
    description: string | null;
    /** The event types sent; null: all of them. */
    events: string[] | null;
    status: "enabled" | "disabled";
    /** Since when every attempt to this endpoint failed; null while it answers. */
    failing_since: string | null;
    disabled_at: string | null;
    /** Why the endpoint was disabled (after five days of failed deliveries); empty while enabled. */
    validation_messages: string[];
    /**
     * @format date-time
     * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
     */
    created_at: string;
    /** The new signing secret (`whsec_…`), shown in this answer only. Null in an answer replayed for a repeated Idempotency-Key: it is never stored in the clear. */
    secret: string | null;
    /** Until when the previous secret signs too (`webhook-signature` then holds a signature by each secret still signing); null: no earlier secret signs. */
    previous_secret_expires_at: string | null;
  };
}

export interface GetWebhooksByIdDeliveriesData {
  status: "success";
  data: {
    deliveries: {
      /**
       * @format uuid
       * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
       */
      id: string;
      /**
       * The `webhook-id` header the receiver got.
       * @format uuid
       * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
       */
      event_id: string;
      type: string;
      /** `failed`: the retries are spent, or the endpoint was disabled. */
      state: "pending" | "delivered" | "failed";
      /**
       * @min 0
       * @max 9007199254740991
       */
      attempts: number;
      /** The HTTP status of the last answer; null when none came. */
      last_status: number | null;
      /** Why the last attempt failed: `answered 500`; `address_blocked` (the name does not resolve, or its address is private, local or reserved); `network_error` (no answer: refused, reset, timed out or a TLS failure; the detail is in the server's log only, so that no account can map internal names or scan ports through it); `secret_unreadable` (the WEBHOOK_SECRET_KEY of the sending worker does not open the endpoint secret). */
      last_error: string | null;
      last_attempt_at: string | null;
      /** When the next attempt is due (while pending). */
      next_attempt_at: string | null;
      delivered_at: string | null;
      /**
       * @format date-time
       * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
       */
      created_at: string;
    }[];
    /** Pass as `before` for the next (older) page; null on the last page. */
    next_before: string | null;
  };
}

export interface PostWebhooksByIdTestData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    event_id: string;
  };
}

export type GetPricingData = PricingResponse;

export type PostProductsCreateQuoteData = CreateQuoteResponse;

export type GetGoogleCategoriesData = GoogleCategoriesResponse;

export type PostSessionData = SessionResponse;

export type GetSessionData = SessionResponse;

export interface DeleteSessionData {
  status: "success";
}

export interface GetAdminAccountsData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    id: string;
    name: string;
    /**
     * @min 0
     * @max 9007199254740991
     */
    credits: number;
    image_standardization: boolean;
    /** Per country, the language its records are written in where it is not the default. */
    country_languages: Partial<Record<string, string>>;
    /** Under this balance a debit sends the `credits.low` webhook; null: off. */
    credits_low_threshold: number | null;
    /** How a create or regenerate that names no `processing` sends its model calls. */
    default_processing: "interactive" | "batch";
    /** The account's first API token, shown only in the answer that created it. */
    token?: string;
    token_id?: string;
  }[];
}

export interface PostAdminAccountsData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    id: string;
    name: string;
    /**
     * @min 0
     * @max 9007199254740991
     */
    credits: number;
    image_standardization: boolean;
    /** Per country, the language its records are written in where it is not the default. */
    country_languages: Partial<Record<string, string>>;
    /** Under this balance a debit sends the `credits.low` webhook; null: off. */
    credits_low_threshold: number | null;
    /** How a create or regenerate that names no `processing` sends its model calls. */
    default_processing: "interactive" | "batch";
    /** The account's first API token, shown only in the answer that created it. */
    token?: string;
    token_id?: string;
  };
}

export interface PatchAdminAccountsByNameData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    id: string;
    name: string;
    /**
     * @min 0
     * @max 9007199254740991
     */
    credits: number;
    image_standardization: boolean;
    /** Per country, the language its records are written in where it is not the default. */
    country_languages: Partial<Record<string, string>>;
    /** Under this balance a debit sends the `credits.low` webhook; null: off. */
    credits_low_threshold: number | null;
    /** How a create or regenerate that names no `processing` sends its model calls. */
    default_processing: "interactive" | "batch";
    /** The account's first API token, shown only in the answer that created it. */
    token?: string;
    token_id?: string;
  };
}

export interface PostAdminAccountsByNameCreditsData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    id: string;
    name: string;
    /**
     * @min 0
     * @max 9007199254740991
     */
    credits: number;
    image_standardization: boolean;
    /** Per country, the language its records are written in where it is not the default. */
    country_languages: Partial<Record<string, string>>;
    /** Under this balance a debit sends the `credits.low` webhook; null: off. */
    credits_low_threshold: number | null;
    /** How a create or regenerate that names no `processing` sends its model calls. */
    default_processing: "interactive" | "batch";
    /** The account's first API token, shown only in the answer that created it. */
    token?: string;
    token_id?: string;
  };
}

export interface GetAdminTokensData {
  status: "success";
  data: {
    /** The token id: the 16 hex characters after `vt_`. */
    id: string;
    /** The account's name; null for an admin token of no account. */
    account: string | null;
    admin: boolean;
    /**
     * @format date-time
     * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
     */
    created_at: string;
    revoked_at: string | null;
  }[];
}

export interface PostAdminTokensData {
  status: "success";
  data:
    | {
        /**
         * @format uuid
         * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
         */
        id: string;
        name: string;
        /**
         * @min 0
         * @max 9007199254740991
         */
        credits: number;
        image_standardization: boolean;
        /** Per country, the language its records are written in where it is not the default. */
        country_languages: Partial<Record<string, string>>;
        /** Under this balance a debit sends the `credits.low` webhook; null: off. */
        credits_low_threshold: number | null;
        /** How a create or regenerate that names no `processing` sends its model calls. */
        default_processing: "interactive" | "batch";
        token: string;
        token_id: string;
        admin: boolean;
      }
    | {
        token: string;
        token_id: string;
        admin: true;
      };
}

export interface DeleteAdminTokensByIdData {
  status: "success";
  data: {
    token_id: string;
    revoked: true;
  };
}

export interface GetAdminAuditData {
  status: "success";
  data: {
    entries: {
      /** Grows with each entry. */
      id: string;
      /**
       * @format date-time
       * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
       */
      at: string;
      /** The admin token's id; `local` for the running server's own credential (the CLI through it); `cli` for the CLI on the database itself. */
      actor: string;
      /** `account.create`, `account.credit`, `account.settings`, `token.create`, `token.revoke`, `catalogue.import`. */
      action: string;
      /** What the action was on: the account's name, the token's id, the import's id. */
      target: string;
      /** The request's x-request-id; null for the CLI on the database. */
      request_id: string | null;
      /** What was asked: the amount, the settings, the token kind, the import counts. */
      details: Partial<Record<string, any>>;
    }[];
    /** Pass as `before` for the next (older) page; null on the last page. */
    next_before: string | null;
  };
}

export interface PostAdminCatalogueImportsData {
  status: "success";
  data: {
    /**
     * @format uuid
     * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
     */
    import_id: string;
    source: string;
    file: string;
    format: "csv" | "jsonl";
    encoding: string;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_read: number;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_imported: number;
    /**
     * @min 0
     * @max 9007199254740991
     */
    rows_failed: number;
    /** The first 100 rows that were not imported, with their line. */
    errors: {
      line: number | null;
      reason: string;
    }[];
  };
}

export type GetHealthData = HealthResponse;

export type GetMediaByFileData = string;

export interface GetOpenapiJsonData {
  openapi: "3.1.0";
  info: {
    title: string;
    version: string;
    [key: string]: any;
  };
  paths: Partial<Record<string, Partial<Record<string, any>>>>;
  components: Record<string, any>;
  [key: string]: any;
}

export type GetDocsData = string;

export type GetDocsByFileData = string;

export type GetAppData = string;

export type GetAppByFileData = string;

export type GetAppDomainByFileData = string;

export type GetAppVendorByFileData = string;
