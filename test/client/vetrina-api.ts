// Generated from docs/openapi.json by swagger-typescript-api (npm run openapi:client). Do not edit.
// @ts-nocheck: the generator's own code is not written for this project's compiler settings; its types are checked where the tests use them.
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

export type QueryParamsType = Record<string | number, any>;
export type ResponseFormat = keyof Omit<Body, "body" | "bodyUsed">;

export interface FullRequestParams extends Omit<RequestInit, "body"> {
  /** set parameter to `true` for call `securityWorker` for this request */
  secure?: boolean;
  /** request path */
  path: string;
  /** content type of request body */
  type?: ContentType;
  /** query params */
  query?: QueryParamsType;
  /** format of response (i.e. response.json() -> format: "json") */
  format?: ResponseFormat;
  /** request body */
  body?: unknown;
  /** base url */
  baseUrl?: string;
  /** request cancellation token */
  cancelToken?: CancelToken;
}

export type RequestParams = Omit<
  FullRequestParams,
  "body" | "method" | "query" | "path"
>;

export interface ApiConfig<SecurityDataType = unknown> {
  baseUrl?: string;
  baseApiParams?: Omit<RequestParams, "baseUrl" | "cancelToken" | "signal">;
  securityWorker?: (
    securityData: SecurityDataType | null,
  ) => Promise<RequestParams | void> | RequestParams | void;
  customFetch?: typeof fetch;
}

export interface HttpResponse<D extends unknown, E extends unknown = unknown>
  extends Response {
  data: D;
  error: E;
}

type CancelToken = Symbol | string | number;

export type ContentType =
  | "application/json"
  | "application/vnd.api+json"
  | "multipart/form-data"
  | "application/x-www-form-urlencoded"
  | "text/plain";

export class HttpClient<SecurityDataType = unknown> {
  public baseUrl: string = "";
  private securityData: SecurityDataType | null = null;
  private securityWorker?: ApiConfig<SecurityDataType>["securityWorker"];
  private abortControllers = new Map<CancelToken, AbortController>();
  private customFetch = (...fetchParams: Parameters<typeof fetch>) =>
    fetch(...fetchParams);

  private baseApiParams: RequestParams = {
    credentials: "same-origin",
    headers: {},
    redirect: "follow",
    referrerPolicy: "no-referrer",
  };

  constructor(apiConfig: ApiConfig<SecurityDataType> = {}) {
    Object.assign(this, apiConfig);
  }

  public setSecurityData = (data: SecurityDataType | null) => {
    this.securityData = data;
  };

  protected encodeQueryParam(key: string, value: any) {
    const encodedKey = encodeURIComponent(key);
    return `${encodedKey}=${encodeURIComponent(typeof value === "number" ? value : `${value}`)}`;
  }

  protected addQueryParam(query: QueryParamsType, key: string) {
    return this.encodeQueryParam(key, query[key]);
  }

  protected addArrayQueryParam(query: QueryParamsType, key: string) {
    const value = query[key];
    return value.map((v: any) => this.encodeQueryParam(key, v)).join("&");
  }

  protected toQueryString(rawQuery?: QueryParamsType): string {
    const query = rawQuery || {};
    const keys = Object.keys(query).filter(
      (key) => "undefined" !== typeof query[key],
    );
    return keys
      .map((key) =>
        Array.isArray(query[key])
          ? this.addArrayQueryParam(query, key)
          : this.addQueryParam(query, key),
      )
      .join("&");
  }

  protected addQueryParams(rawQuery?: QueryParamsType): string {
    const queryString = this.toQueryString(rawQuery);
    return queryString ? `?${queryString}` : "";
  }

  private contentFormatters: Record<ContentType, (input: any) => any> = {
    ["application/json"]: (input: any) =>
      input !== null && (typeof input === "object" || typeof input === "string")
        ? JSON.stringify(input)
        : input,
    ["application/vnd.api+json"]: (input: any) =>
      input !== null && (typeof input === "object" || typeof input === "string")
        ? JSON.stringify(input)
        : input,
    ["text/plain"]: (input: any) =>
      input !== null && typeof input !== "string"
        ? JSON.stringify(input)
        : input,
    ["multipart/form-data"]: (input: any) => {
      if (input instanceof FormData) {
        return input;
      }

      return Object.keys(input || {}).reduce((formData, key) => {
        const property = input[key];
        formData.append(
          key,
          property instanceof Blob
            ? property
            : typeof property === "object" && property !== null
              ? JSON.stringify(property)
              : `${property}`,
        );
        return formData;
      }, new FormData());
    },
    ["application/x-www-form-urlencoded"]: (input: any) =>
      this.toQueryString(input),
  };

  protected mergeRequestParams(
    params1: RequestParams,
    params2?: RequestParams,
  ): RequestParams {
    return {
      ...this.baseApiParams,
      ...params1,
      ...(params2 || {}),
      headers: {
        ...(this.baseApiParams.headers || {}),
        ...(params1.headers || {}),
        ...((params2 && params2.headers) || {}),
      },
    };
  }

  protected createAbortSignal = (
    cancelToken: CancelToken,
  ): AbortSignal | undefined => {
    if (this.abortControllers.has(cancelToken)) {
      const abortController = this.abortControllers.get(cancelToken);
      if (abortController) {
        return abortController.signal;
      }
      return void 0;
    }

    const abortController = new AbortController();
    this.abortControllers.set(cancelToken, abortController);
    return abortController.signal;
  };

  public abortRequest = (cancelToken: CancelToken) => {
    const abortController = this.abortControllers.get(cancelToken);

    if (abortController) {
      abortController.abort();
      this.abortControllers.delete(cancelToken);
    }
  };

  public request = async <T = any, E = any>({
    body,
    secure,
    path,
    type,
    query,
    format,
    baseUrl,
    cancelToken,
    ...params
  }: FullRequestParams): Promise<HttpResponse<T, E>> => {
    const secureParams =
      ((typeof secure === "boolean" ? secure : this.baseApiParams.secure) &&
        this.securityWorker &&
        (await this.securityWorker(this.securityData))) ||
      {};
    const requestParams = this.mergeRequestParams(params, secureParams);
    const queryString = query && this.toQueryString(query);
    const payloadFormatter = this.contentFormatters[type || "application/json"];
    const responseFormat = format || requestParams.format;

    return this.customFetch(
      `${baseUrl || this.baseUrl || ""}${path}${queryString ? `?${queryString}` : ""}`,
      {
        ...requestParams,
        headers: {
          ...(requestParams.headers || {}),
          ...(type && type !== "multipart/form-data"
            ? { "Content-Type": type }
            : {}),
        },
        signal:
          (cancelToken
            ? this.createAbortSignal(cancelToken)
            : requestParams.signal) || null,
        body:
          typeof body === "undefined" || body === null
            ? null
            : payloadFormatter(body),
      },
    ).then(async (response) => {
      const r = response as HttpResponse<T, E>;
      r.data = null as unknown as T;
      r.error = null as unknown as E;

      const responseToParse = responseFormat ? response.clone() : response;
      const data = !responseFormat
        ? r
        : await responseToParse[responseFormat]()
            .then((data) => {
              if (r.ok) {
                r.data = data;
              } else {
                r.error = data;
              }
              return r;
            })
            .catch((e) => {
              r.error = e;
              return r;
            });

      if (cancelToken) {
        this.abortControllers.delete(cancelToken);
      }

      return data;
    });
  };
}

/**
 * @title Vetrina API
 * @version 0.1.0
 *
 * Vetrina creates product content from product codes. Every `/api/v1` route except this document takes `Authorization: Bearer <token>`.
 *
 * Every error body is `{"status":"error","code":…}`: `validation_failed` carries `errors` (readable messages by request field path), every other code a `message`.
 *
 * Each response carries an `x-request-id` header; quote it when reporting a problem.
 */
export class Api<
  SecurityDataType extends unknown,
> extends HttpClient<SecurityDataType> {
  products = {
    /**
     * @description One product with its details, or up to 100 codes (comma-separated). Charged per queued product in one transaction with the queued generations: all or nothing. A code that already names a product of the account re-queues it.
     *
     * @tags Products
     * @name PostProductsCreate
     * @summary Queue products for content generation
     * @request POST:/api/v1/products/create
     * @secure
     * @response `202` `CreateResponse` Queued: `success`, or `partial` when some items failed (listed in `failures`).
     * @response `400` `InvalidJsonError` `invalid_json`
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `402` `InsufficientCreditsError` `insufficient_credits`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
     * @response `413` `PayloadTooLargeError` `payload_too_large`
     * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
     * @response `422` `(CreateValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    postProductsCreate: (
      data: {
        /** @maxLength 6400 */
        codes?: string;
        /** @maxLength 255 */
        sku?: string;
        /** @maxLength 255 */
        product_handle?: string;
        /** @maxLength 500 */
        title?: string;
        /** @maxLength 200 */
        brand?: string;
        /** @maxItems 20 */
        images?: string[];
        /** @maxLength 20000 */
        description?: string;
        /** @maxLength 5000 */
        notes?: string;
        /**
         * ISO 3166-1 alpha-2 codes, any case (`uk` stands for `gb`).
         * @maxItems 50
         * @minItems 1
         */
        countries: string[];
        agent_model?: "v1" | "v2";
        /** `batch`: the agent model's calls go through its provider's batch API (OpenAI Batch API, Anthropic Message Batches), at half the provider's price and within 24 hours instead of seconds; the credits charged are the same. Unset: the account's `default_processing`. With the template engine or an OpenAI-compatible endpoint it has no effect. */
        processing?: "interactive" | "batch";
      },
      params: RequestParams = {},
    ) =>
      this.request<
        CreateResponse,
        | InvalidJsonError
        | UnauthorizedError
        | InsufficientCreditsError
        | ForbiddenError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (CreateValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products/create`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
     * @description `fields` keys: `title`, `short_description`, `description`, `key_features`, `title_tag`, `meta_description`, `meta_keywords`, `global_attr.<name>`, `category`; each value is an instruction (empty: none). Touches only those fields, in every country of the product. `category` is the product's Google category: empty classifies it again, a Google id or path (in any shipped language) is the merchant's choice (an unknown one is `validation_failed`), anything else is an instruction for the model's pick. Flat price per call.
     *
     * @tags Products
     * @name PostProductsRegenerateById
     * @summary Regenerate some of a product's fields
     * @request POST:/api/v1/products/regenerate/{id}
     * @secure
     * @response `202` `RegenerateResponse` Regeneration queued.
     * @response `400` `InvalidJsonError` `invalid_json`
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `402` `InsufficientCreditsError` `insufficient_credits`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `404` `ProductNotFoundError` `product_not_found`
     * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
     * @response `413` `PayloadTooLargeError` `payload_too_large`
     * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
     * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    postProductsRegenerateById: (
      id: string,
      data: {
        /** @maxLength 5000 */
        notes?: string;
        fields?: Partial<Record<string, any>>;
        agent_model?: "v1" | "v2";
        /** `batch`: the agent model's calls go through its provider's batch API (OpenAI Batch API, Anthropic Message Batches), at half the provider's price and within 24 hours instead of seconds; the credits charged are the same. Unset: the account's `default_processing`. With the template engine or an OpenAI-compatible endpoint it has no effect. */
        processing?: "interactive" | "batch";
      },
      params: RequestParams = {},
    ) =>
      this.request<
        RegenerateResponse,
        | InvalidJsonError
        | UnauthorizedError
        | InsufficientCreditsError
        | ForbiddenError
        | ProductNotFoundError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products/regenerate/${id}`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
     * No description
     *
     * @tags Products
     * @name GetProductsDetailsById
     * @summary A product, in its first country
     * @request GET:/api/v1/products/details/{id}
     * @secure
     * @response `200` `ProductDetailsResponse` The product is `completed` or `failed`: its record in the country.
     * @response `202` `ProductProcessingResponse` The product is `queued` or `processing`.
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `404` `ProductNotFoundError` `product_not_found`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getProductsDetailsById: (id: string, params: RequestParams = {}) =>
      this.request<
        ProductDetailsResponse,
        | UnauthorizedError
        | ForbiddenError
        | ProductNotFoundError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products/details/${id}`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
     * @description A country the product does not have is `product_not_found`, with a message that says so.
     *
     * @tags Products
     * @name GetProductsDetailsByIdByCountry
     * @summary A product, in one of its countries
     * @request GET:/api/v1/products/details/{id}/{country}
     * @secure
     * @response `200` `ProductDetailsResponse` The product is `completed` or `failed`: its record in the country.
     * @response `202` `ProductProcessingResponse` The product is `queued` or `processing`.
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `404` `ProductNotFoundError` `product_not_found`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getProductsDetailsByIdByCountry: (
      id: string,
      country: string,
      params: RequestParams = {},
    ) =>
      this.request<
        ProductDetailsResponse,
        | UnauthorizedError
        | ForbiddenError
        | ProductNotFoundError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products/details/${id}/${country}`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
     * @description Each version lists the fields a change replaced, before and after. Page with `limit` and `before` (the previous page's `next_before`).
     *
     * @tags Products
     * @name GetProductsDetailsByIdHistory
     * @summary Changes to a product's record, newest first
     * @request GET:/api/v1/products/details/{id}/history
     * @secure
     * @response `200` `HistoryResponse` A page of versions.
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `404` `(ProductNotFoundError | VersionNotFoundError)` `product_not_found`, `version_not_found`
     * @response `422` `ValidationFailedError` `validation_failed`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getProductsDetailsByIdHistory: (
      id: string,
      query?: {
        /**
         * @min 1
         * @max 100
         */
        limit?: number;
        /**
         * @format uuid
         * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
         */
        before?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        HistoryResponse,
        | UnauthorizedError
        | ForbiddenError
        | (ProductNotFoundError | VersionNotFoundError)
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products/details/${id}/history`,
        method: "GET",
        query: query,
        secure: true,
        format: "json",
        ...params,
      }),

    /**
     * @description The fields the version changed get back the values they had before it, in its country. Free, and kept in the history itself.
     *
     * @tags Products
     * @name PostProductsRestoreById
     * @summary Undo one change
     * @request POST:/api/v1/products/restore/{id}
     * @secure
     * @response `200` `RestoreResponse` Restored.
     * @response `400` `InvalidJsonError` `invalid_json`
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `404` `(ProductNotFoundError | VersionNotFoundError)` `product_not_found`, `version_not_found`
     * @response `409` `(ProductBusyError | IdempotencyKeyInUseError)` `product_busy`, `idempotency_key_in_use`
     * @response `413` `PayloadTooLargeError` `payload_too_large`
     * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
     * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    postProductsRestoreById: (
      id: string,
      data: {
        /**
         * @format uuid
         * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
         */
        version_id: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        RestoreResponse,
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | (ProductNotFoundError | VersionNotFoundError)
        | (ProductBusyError | IdempotencyKeyInUseError)
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products/restore/${id}`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description Ordered by updated_at descending, then id. Follow next_page_url to page on: it carries a cursor, so a product changed while you page moves to the front (out of the later pages) and nothing is repeated or skipped. To sync, pass updated_from = the newest updated_at of your previous sync.
 *
 * @tags Products
 * @name GetProducts
 * @summary A page of the account's products, newest change first
 * @request GET:/api/v1/products
 * @secure
 * @response `200` `{
    status: "success",
    data: {
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   *\/
    current_page: number,
    data: ({
    id: string,
  /** The title of the record shown: the `country` filter's, else the first country's. *\/
    name: string | null,
  /** The Google category's path in the record's language, as segments (English where Google's names in that language are not shipped); `[]` when the product is not classified. *\/
    category: (string)[],
  /** Google's product taxonomy id ("5863"), classified from the facts or set by a person; null when unclassified. *\/
    google_category_id: string | null,
  /** An id of the account's own category tree (GET /api/v1/custom-category), or null. *\/
    category_id: string | null,
  /** True while `category_id` is a generation's proposal that no person has confirmed with `update`. *\/
    category_id_proposed: boolean,
  /** The merchant's tags. *\/
    tags: (string)[],
    code: string | null,
    code_type: ("ean" | "asin" | "minsan" | null),
  /** The Amazon ASIN: the code when it is one, else one a source fact (an `asin` attribute) states and that checks as one; null when none does. *\/
    asin: string | null,
  /** Every EAN/GTIN the product is sold under: the code when it is an EAN, then each one a fact states (an `ean`, `gtin`, `upc` or `barcode` attribute, such as a catalogue column `ean_2`), check digit valid, without repeats. Empty when there is none. *\/
    eans: (string)[],
  /** Height, width and depth in centimetres ("27 cm" → 27, "70 mm" → 7), each from a fact that names that side (Icecat `Height`, a catalogue column `width`, `altezza` …); a side no fact states is null, and the object is null when none is. A size written "30 × 20 × 10 cm" does not say which side is which and fills none (it is in `specifications`). *\/
    dimensions: ({
    height: number | null,
    width: number | null,
    depth: number | null,

} | null),
  /** The product's weight in kilograms, from a weight attribute ("1,2 kg" → 1.2, "350 g" → 0.35) or a weight a description states; null when no fact states one. *\/
    weight: number | null,
    sku: string | null,
    product_handle: string | null,
    state: "queued" | "processing" | "completed" | "failed",
    publication_state: "pending_review" | "ready" | "online",
    countries: Partial<Record<string,{
    title: string | null,
  /** The same as `title`, under the name marketplace-style clients read. *\/
    name: string | null,
    brand: string | null,
  /** The Google category's path in this record's language, as segments; `[]` when unclassified. *\/
    category: (string)[],

}>>,
    thumb: string | null,
  /** What the checks found in the record of the country shown, as sentences. *\/
    validation_messages: (string)[],
  /** The same findings, each with its field and check. *\/
    validation_issues: (ValidationIssue)[],
    created_at: string,
  /** ISO 8601 UTC with microseconds. *\/
    updated_at: string,

})[],
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   *\/
    per_page: number,
    from: (number | null),
    to: (number | null),
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   *\/
    total: number,
  /**
   * @min -9007199254740991
   * @max 9007199254740991
   *\/
    last_page: number,
    next_page_url: string | null,
    prev_page_url: string | null,
    path: string,

},

}` One page, in the Laravel paginator shape.
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `422` `ValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    getProducts: (
      query?: {
        /**
         * Default 1.
         * @min 1
         * @max 1000000
         */
        page?: number;
        /**
         * Default 50.
         * @min 1
         * @max 200
         */
        per_page?: number;
        /**
         * Case-insensitive text found anywhere in the code, sku, product handle or title (any country).
         * @maxLength 255
         */
        search?: string;
        /**
         * Only products sold in this country, shown with this country's record (default: each product's first country).
         * @maxLength 16
         */
        country?: string;
        state?: "queued" | "processing" | "completed" | "failed";
        publication_state?: "pending_review" | "ready" | "online";
        /**
         * The brand, case-insensitive, whole.
         * @maxLength 200
         */
        brand?: string;
        /**
         * Created at or after. A date covers its whole day (UTC); a date-time without a zone is UTC.
         * @maxLength 40
         */
        from?: string;
        /**
         * Created at or before. A date covers its whole day (UTC); a date-time without a zone is UTC.
         * @maxLength 40
         */
        to?: string;
        /**
         * Changed at or after (for syncing: the updated_at of the newest product seen last time). A date covers its whole day (UTC); a date-time without a zone is UTC.
         * @maxLength 40
         */
        updated_from?: string;
        /**
         * Changed at or before. A date covers its whole day (UTC); a date-time without a zone is UTC.
         * @maxLength 40
         */
        updated_to?: string;
        /**
         * Accounts with attributes: products whose completeness (share of essential attributes filled) is below this. `attr.<attribute_id>=<value>` filters by an attribute value as well (any number of them).
         * @min 0
         * @max 1
         */
        completeness_lt?: number;
        /**
         * Products in this Google category or below it: a full path joined with " > ", case-insensitive, in any language the taxonomy is shipped in, or a Google category id.
         * @maxLength 1024
         */
        category?: string;
        /**
         * Products in this category of the account's own tree (GET /api/v1/custom-category).
         * @maxLength 128
         */
        category_id?: string;
        /**
         * Comma-separated: products carrying every one of these tags.
         * @maxLength 2048
         */
        tags?: string;
        /** Set by next_page_url: the page starts right after the last product of the previous page, so products changed meanwhile are neither repeated nor skipped. */
        cursor?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | UnauthorizedError
        | ForbiddenError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products`,
        method: "GET",
        query: query,
        secure: true,
        format: "json",
        ...params,
      }),

    /**
     * @description Not paged: the whole selection, in list order, streamed with constant memory. An account runs at most EXPORTS_PER_ACCOUNT exports at once (default 2), and the server at most EXPORTS_PER_INSTANCE for all accounts together (default 4); one more is 429 rate_limited with Retry-After. CSV files are RFC 4180 (CRLF, quoted fields), UTF-8 with a BOM, with a header row; the csv format has one attr:<name> column per attribute present in the export. In both CSV formats a cell that a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return, or a full-width ＝＋－＠) is written with a leading apostrophe, so it opens as text; a signed plain number such as -5 or +3,5 stays as written.
     *
     * @tags Products
     * @name GetProductsExport
     * @summary Every matching product of one country, streamed (JSON Lines, CSV or Shopify's product CSV)
     * @request GET:/api/v1/products/export
     * @secure
     * @response `200` `string` The export, as a download (Content-Disposition names a file): `application/x-ndjson` for jsonl, `text/csv` for csv and shopify.
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `422` `ValidationFailedError` `validation_failed`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getProductsExport: (
      query: {
        /**
         * The country whose records are exported; only products sold there. Required.
         * @maxLength 16
         */
        country: string;
        /** jsonl: one details-shaped product per line; csv: one row per product; shopify: Shopify's product CSV import. Default jsonl. */
        format?: "jsonl" | "csv" | "shopify";
        /**
         * Case-insensitive text found anywhere in the code, sku, product handle or title (any country).
         * @maxLength 255
         */
        search?: string;
        state?: "queued" | "processing" | "completed" | "failed";
        publication_state?: "pending_review" | "ready" | "online";
        /**
         * The brand, case-insensitive, whole.
         * @maxLength 200
         */
        brand?: string;
        /**
         * Created at or after. A date covers its whole day (UTC); a date-time without a zone is UTC.
         * @maxLength 40
         */
        from?: string;
        /**
         * Created at or before. A date covers its whole day (UTC); a date-time without a zone is UTC.
         * @maxLength 40
         */
        to?: string;
        /**
         * Changed at or after (for syncing: the updated_at of the newest product seen last time). A date covers its whole day (UTC); a date-time without a zone is UTC.
         * @maxLength 40
         */
        updated_from?: string;
        /**
         * Changed at or before. A date covers its whole day (UTC); a date-time without a zone is UTC.
         * @maxLength 40
         */
        updated_to?: string;
        /**
         * Accounts with attributes: products whose completeness (share of essential attributes filled) is below this. `attr.<attribute_id>=<value>` filters by an attribute value as well (any number of them).
         * @min 0
         * @max 1
         */
        completeness_lt?: number;
        /**
         * Products in this Google category or below it: a full path joined with " > ", case-insensitive, in any language the taxonomy is shipped in, or a Google category id.
         * @maxLength 1024
         */
        category?: string;
        /**
         * Products in this category of the account's own tree (GET /api/v1/custom-category).
         * @maxLength 128
         */
        category_id?: string;
        /**
         * Comma-separated: products carrying every one of these tags.
         * @maxLength 2048
         */
        tags?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        string,
        | UnauthorizedError
        | ForbiddenError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products/export`,
        method: "GET",
        query: query,
        secure: true,
        ...params,
      }),

    /**
 * @description Free. Only the fields sent change; `name` is an alias of `title`; a `null` attribute value removes it. `product_handle` and `brand` belong to the product (every country); a brand set here is kept by later generations, which otherwise set the brand their facts agree on. Once the account has attributes, `global_attr` keys are attribute_ids and values are checked against the schema (select options in any language, numbers normalised to the unit), and `family` sets the family. `category` (a Google path) or `google_category_id` sets the Google category, `category_id` the account's own category (confirming a proposal), `tags` the tags: all belong to the product (every country), are checked (an unknown one is `validation_failed` on that field) and, like the family, are not part of the history. Text must be plain (no HTML). Kept in the history as a `manual` change, so restore undoes it. Refused with `product_busy` while a generation is queued or running. The publication state is left as it is.
 *
 * @tags Products
 * @name PostProductsUpdate
 * @summary Change content fields of one country by hand
 * @request POST:/api/v1/products/update
 * @secure
 * @response `200` `{
    status: "success",
  /** A product and its record in one country (the details shape). *\/
    product: Product,

}` The product object for that country, as the details endpoint shows it.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `ProductNotFoundError` `product_not_found`
 * @response `409` `(ProductBusyError | IdempotencyKeyInUseError)` `product_busy`, `idempotency_key_in_use`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    postProductsUpdate: (
      data: {
        /**
         * @minLength 1
         * @maxLength 255
         */
        code: string;
        /** @maxLength 16 */
        country: string;
        /** @maxLength 150 */
        title?: string;
        /**
         * An alias of title.
         * @maxLength 150
         */
        name?: string;
        /** @maxLength 250 */
        short_description?: string;
        /** @maxLength 10000 */
        description?: string;
        /** @maxItems 7 */
        key_features?: string[];
        /** @maxLength 60 */
        title_tag?: string;
        /** @maxLength 160 */
        meta_description?: string;
        /** @maxLength 1000 */
        meta_keywords?: string;
        /** @maxLength 255 */
        product_handle?: string;
        /** The product's brand, in every country; null for none. Later generations keep it. */
        brand?: string | null;
        global_attr?: Partial<Record<string, string | null>>;
        /** Accounts with attributes: the product's family (family_id or _id); confirms a proposed one. */
        family?: string | null;
        /** A Google category by its full path (" > " between segments, any shipped language, case-insensitive); null for none. Kept by later generations, which otherwise classify the product. */
        category?: string | null;
        /** A Google category by its id; null for none. Kept by later generations. */
        google_category_id?: string | null;
        /** An id of the account's own category tree (GET /api/v1/custom-category); confirms a proposed one; null for none. */
        category_id?: string | null;
        /**
         * The product's tags, replacing the ones it has (`[]` removes them all); repeats are kept once.
         * @maxItems 50
         */
        tags?: string[];
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
          status: "success";
          /** A product and its record in one country (the details shape). */
          product: Product;
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | ProductNotFoundError
        | (ProductBusyError | IdempotencyKeyInUseError)
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products/update`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description Removes the product with its content and history in every country. A generation still queued is cancelled and one running is stopped; either is refunded (a `refund` ledger entry). The ledger keeps all its entries. Afterwards the product is `product_not_found` and its code or sku can be created afresh, as a new product.
 *
 * @tags Products
 * @name DeleteProductsDelete
 * @summary Delete a product
 * @request DELETE:/api/v1/products/delete
 * @secure
 * @response `200` `{
    status: "success",

}` The product is deleted.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `ProductNotFoundError` `product_not_found`
 * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    deleteProductsDelete: (
      data: {
        /**
         * @minLength 1
         * @maxLength 255
         */
        code: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
          status: "success";
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | ProductNotFoundError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products/delete`,
        method: "DELETE",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description Sets `publication_state` (`pending_review`, `ready`, `online`) of every product named in `ids` (comma-separated ids, codes or skus). Any state may follow any other: a person decides. One unknown id fails the whole call with `product_not_found` naming it, and nothing changes. A completed generation puts a product back to `pending_review`.
 *
 * @tags Products
 * @name SetPublicationState
 * @summary Set the publication state of up to 100 products
 * @request PUT:/api/v1/inventories/set-publication-state
 * @secure
 * @response `200` `{
    status: "success",
    message: "Inventory statuses set",

}` Every named product has the state.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `ProductNotFoundError` `product_not_found`
 * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    setPublicationState: (
      data: {
        /** @maxLength 25600 */
        ids: string;
        publication_state: "pending_review" | "ready" | "online";
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
          status: "success";
          message: "Inventory statuses set";
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | ProductNotFoundError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/inventories/set-publication-state`,
        method: "PUT",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description Sets `publication_state` (`pending_review`, `ready`, `online`) of every product named in `ids` (comma-separated ids, codes or skus). Any state may follow any other: a person decides. One unknown id fails the whole call with `product_not_found` naming it, and nothing changes. A completed generation puts a product back to `pending_review`.
 *
 * @tags Products
 * @name SetPublicationStateAtCommerceClarityPath
 * @summary Set the publication state of up to 100 products (the path CommerceClarity documents)
 * @request PUT:/inventories/set-publication-state
 * @secure
 * @response `200` `{
    status: "success",
    message: "Inventory statuses set",

}` Every named product has the state.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `ProductNotFoundError` `product_not_found`
 * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    setPublicationStateAtCommerceClarityPath: (
      data: {
        /** @maxLength 25600 */
        ids: string;
        publication_state: "pending_review" | "ready" | "online";
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
          status: "success";
          message: "Inventory statuses set";
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | ProductNotFoundError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/inventories/set-publication-state`,
        method: "PUT",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
     * @description The same body as `POST /api/v1/products/create`, checked and priced the same way (a code that already names a product is priced for its merged countries). Nothing is written or charged. No Idempotency-Key.
     *
     * @tags Products
     * @name PostProductsCreateQuote
     * @summary The exact price of a create call, without making it
     * @request POST:/api/v1/products/create/quote
     * @secure
     * @response `200` `CreateQuoteResponse` The price, the balance, and the codes that would fail.
     * @response `400` `InvalidJsonError` `invalid_json`
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `413` `PayloadTooLargeError` `payload_too_large`
     * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
     * @response `422` `ValidationFailedError` `validation_failed`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    postProductsCreateQuote: (
      data: {
        /** @maxLength 6400 */
        codes?: string;
        /** @maxLength 255 */
        sku?: string;
        /** @maxLength 255 */
        product_handle?: string;
        /** @maxLength 500 */
        title?: string;
        /** @maxLength 200 */
        brand?: string;
        /** @maxItems 20 */
        images?: string[];
        /** @maxLength 20000 */
        description?: string;
        /** @maxLength 5000 */
        notes?: string;
        /**
         * ISO 3166-1 alpha-2 codes, any case (`uk` stands for `gb`).
         * @maxItems 50
         * @minItems 1
         */
        countries: string[];
        agent_model?: "v1" | "v2";
        /** `batch`: the agent model's calls go through its provider's batch API (OpenAI Batch API, Anthropic Message Batches), at half the provider's price and within 24 hours instead of seconds; the credits charged are the same. Unset: the account's `default_processing`. With the template engine or an OpenAI-compatible endpoint it has no effect. */
        processing?: "interactive" | "batch";
      },
      params: RequestParams = {},
    ) =>
      this.request<
        CreateQuoteResponse,
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/products/create/quote`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
     * @description The categories whose path holds every word searched (each word begins a word of the path, case and accents aside), the category itself matching first. For choosing `category` or `google_category_id` in `update`.
     *
     * @tags Products
     * @name GetGoogleCategories
     * @summary Search Google's product taxonomy
     * @request GET:/api/v1/google-categories
     * @secure
     * @response `200` `GoogleCategoriesResponse` Up to `limit` categories, best first.
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `422` `ValidationFailedError` `validation_failed`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getGoogleCategories: (
      query: {
        /**
         * Words that begin words of the path ("lamp", "luce tavolo"), in the language asked or in English.
         * @minLength 1
         * @maxLength 200
         */
        search: string;
        /**
         * The language of the paths answered (default en); English where its names are not shipped.
         * @pattern ^[a-zA-Z]{2}(-[a-zA-Z]{2})?$
         */
        language?: string;
        /**
         * Default 20.
         * @min 1
         * @max 100
         */
        limit?: number;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        GoogleCategoriesResponse,
        | UnauthorizedError
        | ForbiddenError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/google-categories`,
        method: "GET",
        query: query,
        secure: true,
        format: "json",
        ...params,
      }),
  };
  account = {
    /**
     * No description
     *
     * @tags Account
     * @name GetAccount
     * @summary The caller's account: balance, settings and the engine behind each agent model
     * @request GET:/api/v1/account
     * @secure
     * @response `200` `AccountResponse` The account.
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getAccount: (params: RequestParams = {}) =>
      this.request<
        AccountResponse,
        | UnauthorizedError
        | ForbiddenError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/account`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
 * @description Every change of the balance, with the balance right after it. Paged by `before` (the previous page's `next_before`).
 *
 * @tags Account
 * @name GetAccountLedger
 * @summary The account's credit ledger, newest first
 * @request GET:/api/v1/account/ledger
 * @secure
 * @response `200` `{
    status: "success",
    data: {
    entries: ({
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
  /**
   * Credits added (positive) or taken (negative).
   * @min -9007199254740991
   * @max 9007199254740991
   *\/
    delta: number,
  /**
   * The balance right after this entry.
   * @min 0
   * @max 9007199254740991
   *\/
    balance_after: number,
    reason: "create" | "regenerate" | "refund" | "credit" | "debit",
  /** The product charged or refunded; null for credits, and for a create of several products. *\/
    product_id: (string | null),
  /** The x-request-id of the call that charged. *\/
    request_id: string | null,
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   *\/
    created_at: string,

})[],
  /** Pass as `before` for the next (older) page; null on the last page. *\/
    next_before: (string | null),

},

}` One page of ledger entries.
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `422` `ValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    getAccountLedger: (
      query?: {
        /**
         * @min 1
         * @max 200
         */
        limit?: number;
        /**
         * @format uuid
         * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
         */
        before?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | UnauthorizedError
        | ForbiddenError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/account/ledger`,
        method: "GET",
        query: query,
        secure: true,
        format: "json",
        ...params,
      }),

    /**
     * @description A create costs `base[model]` per product, plus `per_extra_country` for each country beyond the first, plus `image_standardization` when the account has it on. A regeneration costs `regenerate[model]` per call.
     *
     * @tags Account
     * @name GetPricing
     * @summary The price list in credits
     * @request GET:/api/v1/pricing
     * @secure
     * @response `200` `PricingResponse` The price list.
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getPricing: (params: RequestParams = {}) =>
      this.request<
        PricingResponse,
        | UnauthorizedError
        | ForbiddenError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/pricing`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),
  };
  catalogue = {
    /**
 * @description Streams a CSV (`text/csv`, `text/tab-separated-values`) or JSON Lines (`application/x-ndjson`) body into the account's catalogue, up to CATALOGUE_MAX_BYTES (default 100 MiB). Rows are written in batches as the body arrives; the answer comes once the whole body has been read, with the finished import. A CSV row still inside a quoted cell after 4 MiB (a quote opened and never closed) stops the import at its line: 422, the import marked failed, the rows before it kept, the rest of the body not read. A row over CATALOGUE_MAX_COLUMNS (2,000), CATALOGUE_MAX_CELL_BYTES (64 KiB) or CATALOGUE_MAX_ROW_BYTES (1 MiB), or a row with a new code past the account's CATALOGUE_MAX_ROWS_PER_ACCOUNT (1,000,000), is a rejection naming the setting, and the import goes on; a CSV header over one of these limits is 422 at once, nothing imported. A CSV row over a limit is measured as it arrives, never parsed. An account runs at most CATALOGUE_IMPORTS_AT_ONCE (2) imports at once: a further upload is 429 `rate_limited` with `Retry-After` and the `running_imports`, nothing of it read or recorded. An error on the server's side is 500 with the `import_id`, the import marked failed with a reason. An answer given before the body ends (413, 422, 415, 401, 429) is still delivered to a client that reads only after sending: the rest of the body is taken in and dropped, up to twice CATALOGUE_MAX_BYTES and for 30 s, and the connection is then closed (the answer says `Connection: close`). The account's catalogue feeds only its own products, before the operator's shared catalogue. Not covered by Idempotency-Key: importing the same file again gives the same catalogue.
 *
 * @tags Catalogue
 * @name PostCatalogueImports
 * @summary Upload the account's own catalogue
 * @request POST:/api/v1/catalogue/imports
 * @secure
 * @response `202` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    state: "running" | "completed" | "failed",
    format: "csv" | "jsonl",
  /** The text encoding read (sniffed unless declared); null until the first bytes arrived. *\/
    encoding: string | null,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_read: number,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_imported: number,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_rejected: number,
  /** The first 100 rows not imported, in file order; `rows_rejected` is the total. *\/
    rejections: ({
  /** 1-based line in the file; null when the import itself stopped. *\/
    line: (number | null),
    reason: string,

})[],
  /** Columns read but not used, and why. *\/
    unused_columns: ({
    column: string,
    reason: string,

})[],
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    bytes_read: number,
  /** Why a failed import stopped. *\/
    failure: string | null,
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   *\/
    started_at: string,
    finished_at: (string | null),

},

}` The import, finished (`completed`).
 * @response `400` `CatalogueImportInvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `413` `CatalogueImportPayloadTooLargeError` `payload_too_large`
 * @response `415` `CatalogueImportUnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `CatalogueImportValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    postCatalogueImports: (
      data: string,
      query?: {
        /**
         * Language of text in columns without a language suffix (`title` rather than `title_it`).
         * @pattern ^[a-z]{2}$
         */
        language?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | CatalogueImportInvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | CatalogueImportPayloadTooLargeError
        | CatalogueImportUnsupportedMediaTypeError
        | CatalogueImportValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/catalogue/imports`,
        method: "POST",
        query: query,
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * No description
 *
 * @tags Catalogue
 * @name GetCatalogueImportsById
 * @summary An import of the account’s catalogue: progress and result
 * @request GET:/api/v1/catalogue/imports/{id}
 * @secure
 * @response `200` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    state: "running" | "completed" | "failed",
    format: "csv" | "jsonl",
  /** The text encoding read (sniffed unless declared); null until the first bytes arrived. *\/
    encoding: string | null,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_read: number,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_imported: number,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_rejected: number,
  /** The first 100 rows not imported, in file order; `rows_rejected` is the total. *\/
    rejections: ({
  /** 1-based line in the file; null when the import itself stopped. *\/
    line: (number | null),
    reason: string,

})[],
  /** Columns read but not used, and why. *\/
    unused_columns: ({
    column: string,
    reason: string,

})[],
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    bytes_read: number,
  /** Why a failed import stopped. *\/
    failure: string | null,
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   *\/
    started_at: string,
    finished_at: (string | null),

},

}` The import as recorded now (`running` while its body is still arriving).
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `ImportNotFoundError` `import_not_found`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    getCatalogueImportsById: (id: string, params: RequestParams = {}) =>
      this.request<
        {
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
        },
        | UnauthorizedError
        | ForbiddenError
        | ImportNotFoundError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/catalogue/imports/${id}`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),
  };
  categories = {
    /**
 * @description Every category of the account, id → full path, in the order of their ids ("1", "1.1", "1.2", "2", "10"). No `status` wrapper, as CommerceClarity answers it. A product names one of these ids as its `category_id`.
 *
 * @tags Categories
 * @name GetCustomCategory
 * @summary The account's own category tree
 * @request GET:/api/v1/custom-category
 * @secure
 * @response `200` `{
  /** Every category of the account: its id → its full path, levels joined by " > " ({"1": "Casa", "1.1": "Casa > Luce"}); `{}` when the account has none. *\/
    tree: Partial<Record<string,string>>,

}` The tree (`{"tree": {}}` when the account has none).
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    getCustomCategory: (params: RequestParams = {}) =>
      this.request<
        {
          /** Every category of the account: its id → its full path, levels joined by " > " ({"1": "Casa", "1.1": "Casa > Luce"}); `{}` when the account has none. */
          tree: Partial<Record<string, string>>;
        },
        | UnauthorizedError
        | ForbiddenError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/custom-category`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
 * @description Streams a CSV (`text/csv`, `text/tab-separated-values`) or JSON Lines (`application/x-ndjson`, `application/jsonl`) body of `id,path` rows, up to CATALOGUE_MAX_BYTES, and replaces the whole tree with its good rows. A row with an empty id, an id over 128 characters, an empty path or level, a path over 1024 characters, an id already on an earlier line, or past the 10000 categories a tree may hold is a rejection with its line, and the import goes on; a path whose parent is not in the file is fine. The new tree replaces the old one at once when the body has been read: until then every reader sees the old tree, and an import that fails (413, 415, 422, a body cut off, an error of ours) leaves it as it was. A file with rows but none good is 422 and changes nothing; a file with a header only empties the tree. Products whose `category_id` is not in the new tree lose it (it becomes null) and each of their records gets a validation issue `{field: 'category_id', check: 'category_removed'}`. An account runs at most CATALOGUE_IMPORTS_AT_ONCE (2) tree imports at once, counted apart from its catalogue imports: a further upload is 429 `rate_limited` with `Retry-After` and the `running_imports`. The answer comes once the whole body has been read, with the finished import; GET /api/v1/custom-category/imports/{id} shows it, and its progress while the body arrives. Not covered by Idempotency-Key: importing the same file again gives the same tree.
 *
 * @tags Categories
 * @name PostCustomCategoryImport
 * @summary Replace the account's category tree
 * @request POST:/api/v1/custom-category/import
 * @secure
 * @response `202` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    state: "running" | "completed" | "failed",
    format: "csv" | "jsonl",
  /** The text encoding read (sniffed unless declared); null until the first bytes arrived. *\/
    encoding: string | null,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_read: number,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_imported: number,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_rejected: number,
  /** The first 100 rows not imported, in file order; `rows_rejected` is the total. *\/
    rejections: ({
  /** 1-based line in the file; null when the import itself stopped. *\/
    line: (number | null),
    reason: string,

})[],
  /** Columns read but not used, and why. *\/
    unused_columns: ({
    column: string,
    reason: string,

})[],
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    bytes_read: number,
  /** Why a failed import stopped. *\/
    failure: string | null,
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   *\/
    started_at: string,
    finished_at: (string | null),

},

}` The import, finished (`completed`): `rows_imported` categories are the tree now.
 * @response `400` `CategoryTreeImportInvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `413` `CategoryTreeImportPayloadTooLargeError` `payload_too_large`
 * @response `415` `CategoryTreeImportUnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `CategoryTreeImportValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    postCustomCategoryImport: (data: string, params: RequestParams = {}) =>
      this.request<
        {
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
        },
        | CategoryTreeImportInvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | CategoryTreeImportPayloadTooLargeError
        | CategoryTreeImportUnsupportedMediaTypeError
        | CategoryTreeImportValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/custom-category/import`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description While the body arrives (`running`): the rows read and rejected so far; `rows_imported` stays 0 until the tree is replaced, at the end. Then `completed` with the categories of the new tree, or `failed` with the reason (the tree as it was).
 *
 * @tags Categories
 * @name GetCustomCategoryImportsById
 * @summary An import of the account’s category tree: progress and result
 * @request GET:/api/v1/custom-category/imports/{id}
 * @secure
 * @response `200` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    state: "running" | "completed" | "failed",
    format: "csv" | "jsonl",
  /** The text encoding read (sniffed unless declared); null until the first bytes arrived. *\/
    encoding: string | null,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_read: number,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_imported: number,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_rejected: number,
  /** The first 100 rows not imported, in file order; `rows_rejected` is the total. *\/
    rejections: ({
  /** 1-based line in the file; null when the import itself stopped. *\/
    line: (number | null),
    reason: string,

})[],
  /** Columns read but not used, and why. *\/
    unused_columns: ({
    column: string,
    reason: string,

})[],
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    bytes_read: number,
  /** Why a failed import stopped. *\/
    failure: string | null,
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   *\/
    started_at: string,
    finished_at: (string | null),

},

}` The import as recorded now.
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `ImportNotFoundError` `import_not_found`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    getCustomCategoryImportsById: (id: string, params: RequestParams = {}) =>
      this.request<
        {
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
        },
        | UnauthorizedError
        | ForbiddenError
        | ImportNotFoundError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/custom-category/imports/${id}`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),
  };
  attributes = {
    /**
     * @description In the order they were defined. Filters: `scope`, `type`, `is_enabled`.
     *
     * @tags Attributes
     * @name GetAttributes
     * @summary List the account's attributes
     * @request GET:/api/v1/attributes
     * @secure
     * @response `200` `AttributeListResponse` The attributes.
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `422` `ValidationFailedError` `validation_failed`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getAttributes: (
      query?: {
        scope?: "global" | "family";
        type?:
          | "text"
          | "number"
          | "boolean"
          | "rich-text"
          | "single-select"
          | "multi-select";
        is_enabled?: "0" | "1" | "true" | "false";
      },
      params: RequestParams = {},
    ) =>
      this.request<
        AttributeListResponse,
        | UnauthorizedError
        | ForbiddenError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/attributes`,
        method: "GET",
        query: query,
        secure: true,
        format: "json",
        ...params,
      }),

    /**
     * @description Once an account has attributes, `global_attr` keys are their attribute_ids and every generation fills the enabled ones from facts; a disabled one (`is_enabled: false`) is never filled, and the values products hold are kept but not served until it is enabled again. Select types need `options` (`[{"action":"new","value":"Red"}]`); `family` scope needs `family_ids` (`_id` or family_id); a number may carry a `unit` its values are normalised to.
     *
     * @tags Attributes
     * @name PostAttributesCreate
     * @summary Define an attribute
     * @request POST:/api/v1/attributes/create
     * @secure
     * @response `200` `AttributeResponse` The attribute.
     * @response `400` `InvalidJsonError` `invalid_json`
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
     * @response `413` `PayloadTooLargeError` `payload_too_large`
     * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
     * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    postAttributesCreate: (
      data: {
        /** @pattern ^[a-z0-9_]{1,64}$ */
        attribute_id: string;
        /**
         * @minLength 1
         * @maxLength 200
         */
        name: string;
        type:
          | "text"
          | "number"
          | "boolean"
          | "rich-text"
          | "single-select"
          | "multi-select";
        scope: "global" | "family";
        description?: string | null;
        is_enabled?: boolean;
        is_essential?: boolean;
        unit?: string | null;
        /** @maxItems 500 */
        options?: Partial<Record<string, any>>[];
        /** @maxItems 500 */
        family_ids?: string[];
      },
      params: RequestParams = {},
    ) =>
      this.request<
        AttributeResponse,
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/attributes/create`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
     * @description A partial update. `options` is a list of operations (`new`, `update`, `delete`); options not named are kept. `is_enabled: false` hides the values products hold (nothing fills, serves or restores them) and `true` serves them again.
     *
     * @tags Attributes
     * @name PutAttributesUpdateById
     * @summary Change an attribute
     * @request PUT:/api/v1/attributes/update/{id}
     * @secure
     * @response `200` `AttributeResponse` The attribute as it now is.
     * @response `400` `InvalidJsonError` `invalid_json`
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `404` `AttributeNotFoundError` `attribute_not_found`
     * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
     * @response `413` `PayloadTooLargeError` `payload_too_large`
     * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
     * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    putAttributesUpdateById: (
      id: string,
      data: {
        /** @pattern ^[a-z0-9_]{1,64}$ */
        attribute_id?: string;
        /**
         * @minLength 1
         * @maxLength 200
         */
        name?: string;
        type?:
          | "text"
          | "number"
          | "boolean"
          | "rich-text"
          | "single-select"
          | "multi-select";
        scope?: "global" | "family";
        description?: string | null;
        is_enabled?: boolean;
        is_essential?: boolean;
        unit?: string | null;
        /** @maxItems 500 */
        options?: Partial<Record<string, any>>[];
        /** @maxItems 500 */
        family_ids?: string[];
      },
      params: RequestParams = {},
    ) =>
      this.request<
        AttributeResponse,
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | AttributeNotFoundError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/attributes/update/${id}`,
        method: "PUT",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description Removes the attribute and its values from every product's records. An essential attribute cannot be deleted (`validation_failed`): make it not essential first.
 *
 * @tags Attributes
 * @name DeleteAttributesDeleteById
 * @summary Delete an attribute
 * @request DELETE:/api/v1/attributes/delete/{id}
 * @secure
 * @response `200` `{
    status: "success",
    message: string,

}` "Attribute deleted successfully".
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `AttributeNotFoundError` `attribute_not_found`
 * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    deleteAttributesDeleteById: (id: string, params: RequestParams = {}) =>
      this.request<
        {
          status: "success";
          message: string;
        },
        | UnauthorizedError
        | ForbiddenError
        | AttributeNotFoundError
        | IdempotencyKeyInUseError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/attributes/delete/${id}`,
        method: "DELETE",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
     * No description
     *
     * @tags Attributes
     * @name GetFamilies
     * @summary List the account's families
     * @request GET:/api/v1/families
     * @secure
     * @response `200` `FamilyListResponse` The families.
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getFamilies: (params: RequestParams = {}) =>
      this.request<
        FamilyListResponse,
        | UnauthorizedError
        | ForbiddenError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/families`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
     * @description A kind of product with its own attributes (`attribute_ids`: `_id`s or attribute_ids).
     *
     * @tags Attributes
     * @name PostFamiliesCreate
     * @summary Define a family
     * @request POST:/api/v1/families/create
     * @secure
     * @response `200` `FamilyResponse` The family.
     * @response `400` `InvalidJsonError` `invalid_json`
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
     * @response `413` `PayloadTooLargeError` `payload_too_large`
     * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
     * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    postFamiliesCreate: (
      data: {
        /** @pattern ^[a-z0-9_]{1,64}$ */
        family_id: string;
        /**
         * @minLength 1
         * @maxLength 200
         */
        name: string;
        description?: string | null;
        /** @maxItems 500 */
        attribute_ids?: string[];
      },
      params: RequestParams = {},
    ) =>
      this.request<
        FamilyResponse,
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/families/create`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
     * @description A partial update; `attribute_ids`, when sent, is the whole new list.
     *
     * @tags Attributes
     * @name PutFamiliesUpdateById
     * @summary Change a family
     * @request PUT:/api/v1/families/update/{id}
     * @secure
     * @response `200` `FamilyResponse` The family as it now is.
     * @response `400` `InvalidJsonError` `invalid_json`
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `404` `FamilyNotFoundError` `family_not_found`
     * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
     * @response `413` `PayloadTooLargeError` `payload_too_large`
     * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
     * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    putFamiliesUpdateById: (
      id: string,
      data: {
        /** @pattern ^[a-z0-9_]{1,64}$ */
        family_id?: string;
        /**
         * @minLength 1
         * @maxLength 200
         */
        name?: string;
        description?: string | null;
        /** @maxItems 500 */
        attribute_ids?: string[];
      },
      params: RequestParams = {},
    ) =>
      this.request<
        FamilyResponse,
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | FamilyNotFoundError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/families/update/${id}`,
        method: "PUT",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description Its products are left without a family; its attributes stay defined.
 *
 * @tags Attributes
 * @name DeleteFamiliesDeleteById
 * @summary Delete a family
 * @request DELETE:/api/v1/families/delete/{id}
 * @secure
 * @response `200` `{
    status: "success",
    message: string,

}` "Family deleted successfully".
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `FamilyNotFoundError` `family_not_found`
 * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    deleteFamiliesDeleteById: (id: string, params: RequestParams = {}) =>
      this.request<
        {
          status: "success";
          message: string;
        },
        | UnauthorizedError
        | ForbiddenError
        | FamilyNotFoundError
        | IdempotencyKeyInUseError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/families/delete/${id}`,
        method: "DELETE",
        secure: true,
        format: "json",
        ...params,
      }),
  };
  webhooks = {
    /**
 * @description Events are posted to `url` signed per Standard Webhooks (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`). The URL must be http or https; an address that is private, loopback or reserved is refused unless the operator allows its host and port (FETCH_ALLOWED_HOSTS). The answer holds the signing secret, once.
 *
 * @tags Webhooks
 * @name PostWebhooks
 * @summary Register a webhook endpoint
 * @request POST:/api/v1/webhooks
 * @secure
 * @response `201` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    url: string,
    description: string | null,
  /** The event types sent; null: all of them. *\/
    events: ((string)[] | null),
    status: "enabled" | "disabled",
  /** Since when every attempt to this endpoint failed; null while it answers. *\/
    failing_since: (string | null),
    disabled_at: (string | null),
  /** Why the endpoint was disabled (after five days of failed deliveries); empty while enabled. *\/
    validation_messages: (string)[],
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   *\/
    created_at: string,
  /** The signing secret (`whsec_…`), shown in this answer only. Null in an answer replayed for a repeated Idempotency-Key: it is never stored in the clear. *\/
    secret: string | null,

},

}` The endpoint with its secret.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    postWebhooks: (
      data: {
        /**
         * Where events are posted.
         * @minLength 1
         * @maxLength 2048
         */
        url: string;
        /**
         * The event types to send; omitted: all of them.
         * @minItems 1
         */
        events?: (
          | "product.completed"
          | "product.failed"
          | "product.publication_state_changed"
          | "credits.low"
        )[];
        /** @maxLength 500 */
        description?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/webhooks`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description Oldest first. A disabled endpoint says why in `validation_messages`.
 *
 * @tags Webhooks
 * @name GetWebhooks
 * @summary The account's webhook endpoints
 * @request GET:/api/v1/webhooks
 * @secure
 * @response `200` `{
    status: "success",
    data: (WebhookEndpoint)[],

}` The endpoints (never their secrets).
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    getWebhooks: (params: RequestParams = {}) =>
      this.request<
        {
          status: "success";
          data: WebhookEndpoint[];
        },
        | UnauthorizedError
        | ForbiddenError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/webhooks`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
 * @description Nothing more is sent to it; its deliveries are removed with it.
 *
 * @tags Webhooks
 * @name DeleteWebhooksById
 * @summary Delete a webhook endpoint
 * @request DELETE:/api/v1/webhooks/{id}
 * @secure
 * @response `200` `{
    status: "success",

}` Deleted.
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `WebhookNotFoundError` `webhook_not_found`
 * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    deleteWebhooksById: (id: string, params: RequestParams = {}) =>
      this.request<
        {
          status: "success";
        },
        | UnauthorizedError
        | ForbiddenError
        | WebhookNotFoundError
        | IdempotencyKeyInUseError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/webhooks/${id}`,
        method: "DELETE",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
 * @description Any of `url`, `events`, `description`, `enabled`; at least one. A new `url` is checked as at registration; deliveries still pending (their retries made due at once) go to it, an attempt already under way finishes at the old one (if it fails there, it is retried at the new one at once and does not count against it), and the endpoint no longer counts as failing. `events` applies to events from now on. `enabled: true` enables a disabled endpoint (also one disabled after five days of failures) and starts its failing streak over; deliveries given up when it was disabled stay given up. `enabled: false` disables it and gives up its pending deliveries, test pings queued before it included; a test ping sent afterwards still goes, and a 2xx answer to it enables the endpoint again.
 *
 * @tags Webhooks
 * @name PatchWebhooksById
 * @summary Change a webhook endpoint
 * @request PATCH:/api/v1/webhooks/{id}
 * @secure
 * @response `200` `{
    status: "success",
    data: WebhookEndpoint,

}` The endpoint after the change, as listed.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `WebhookNotFoundError` `webhook_not_found`
 * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    patchWebhooksById: (
      id: string,
      data: {
        /**
         * Where events are posted from now on, checked as at registration; pending deliveries (retries too, made due at once) go there.
         * @minLength 1
         * @maxLength 2048
         */
        url?: string;
        /** The event types to send from now on; null: all of them. Deliveries already recorded are still sent. */
        events?:
          | (
              | "product.completed"
              | "product.failed"
              | "product.publication_state_changed"
              | "credits.low"
            )[]
          | null;
        /** Null removes it. */
        description?: string | null;
        /** true: enable a disabled endpoint (its failing streak starts over); false: disable it, giving up its pending deliveries. */
        enabled?: boolean;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
          status: "success";
          data: WebhookEndpoint;
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | WebhookNotFoundError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/webhooks/${id}`,
        method: "PATCH",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description The answer holds the new secret, once. Until `previous_secret_expires_at` every attempt is signed with both secrets (`webhook-signature: v1,<new> v1,<previous>`; Standard Webhooks verifiers accept a message when any signature matches), so a receiver can switch without dropping a message; then only the new one signs. Rotating again during that time keeps earlier secrets signing until their own ends (the three ending last), so a rotation whose answer was lost can be made again. `0` stops every earlier secret at once. Send `{}` for the default grace period of a day.
 *
 * @tags Webhooks
 * @name PostWebhooksByIdSecretRotate
 * @summary Rotate an endpoint's signing secret
 * @request POST:/api/v1/webhooks/{id}/secret/rotate
 * @secure
 * @response `200` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    url: string,
    description: string | null,
  /** The event types sent; null: all of them. *\/
    events: ((string)[] | null),
    status: "enabled" | "disabled",
  /** Since when every attempt to this endpoint failed; null while it answers. *\/
    failing_since: (string | null),
    disabled_at: (string | null),
  /** Why the endpoint was disabled (after five days of failed deliveries); empty while enabled. *\/
    validation_messages: (string)[],
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   *\/
    created_at: string,
  /** The new signing secret (`whsec_…`), shown in this answer only. Null in an answer replayed for a repeated Idempotency-Key: it is never stored in the clear. *\/
    secret: string | null,
  /** Until when the previous secret signs too (`webhook-signature` then holds a signature by each secret still signing); null: no earlier secret signs. *\/
    previous_secret_expires_at: (string | null),

},

}` The endpoint with its new secret.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `WebhookNotFoundError` `webhook_not_found`
 * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    postWebhooksByIdSecretRotate: (
      id: string,
      data: {
        /**
         * How long the previous secret keeps signing beside the new one; default 86400 (a day), 0: it and every earlier secret stop at once.
         * @min 0
         * @max 604800
         */
        expire_previous_after_seconds?: number;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | WebhookNotFoundError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/webhooks/${id}/secret/rotate`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description Each event sent (or to be sent) to the endpoint: attempts, last status, next attempt, when delivered. Paged by `before`.
 *
 * @tags Webhooks
 * @name GetWebhooksByIdDeliveries
 * @summary An endpoint's deliveries, newest first
 * @request GET:/api/v1/webhooks/{id}/deliveries
 * @secure
 * @response `200` `{
    status: "success",
    data: {
    deliveries: ({
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
  /**
   * The `webhook-id` header the receiver got.
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    event_id: string,
    type: string,
  /** `failed`: the retries are spent, or the endpoint was disabled. *\/
    state: "pending" | "delivered" | "failed",
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    attempts: number,
  /** The HTTP status of the last answer; null when none came. *\/
    last_status: (number | null),
  /** Why the last attempt failed: `answered 500`; `address_blocked` (the name does not resolve, or its address is private, local or reserved); `network_error` (no answer: refused, reset, timed out or a TLS failure; the detail is in the server's log only, so that no account can map internal names or scan ports through it); `secret_unreadable` (the WEBHOOK_SECRET_KEY of the sending worker does not open the endpoint secret). *\/
    last_error: string | null,
    last_attempt_at: (string | null),
  /** When the next attempt is due (while pending). *\/
    next_attempt_at: (string | null),
    delivered_at: (string | null),
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   *\/
    created_at: string,

})[],
  /** Pass as `before` for the next (older) page; null on the last page. *\/
    next_before: (string | null),

},

}` One page of deliveries.
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `WebhookNotFoundError` `webhook_not_found`
 * @response `422` `ValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    getWebhooksByIdDeliveries: (
      id: string,
      query?: {
        /**
         * @min 1
         * @max 200
         */
        limit?: number;
        /**
         * @format uuid
         * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
         */
        before?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | UnauthorizedError
        | ForbiddenError
        | WebhookNotFoundError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/webhooks/${id}/deliveries`,
        method: "GET",
        query: query,
        secure: true,
        format: "json",
        ...params,
      }),

    /**
 * @description Queued like any event, whatever the endpoint subscribed to; also to a disabled endpoint, which a 2xx answer enables again, and also past the cap of pending deliveries. An endpoint is sent at most WEBHOOK_PINGS_PER_HOUR pings an hour (default 10); one more is 429 `rate_limited` with `Retry-After`, and nothing is queued. Send `{}` as the body.
 *
 * @tags Webhooks
 * @name PostWebhooksByIdTest
 * @summary Send a test `ping` to an endpoint
 * @request POST:/api/v1/webhooks/{id}/test
 * @secure
 * @response `202` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    event_id: string,

},

}` The ping is queued.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `WebhookNotFoundError` `webhook_not_found`
 * @response `409` `IdempotencyKeyInUseError` `idempotency_key_in_use`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `(ValidationFailedError | IdempotencyKeyReusedError)` `validation_failed`, `idempotency_key_reused`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    postWebhooksByIdTest: (
      id: string,
      data: object,
      params: RequestParams = {},
    ) =>
      this.request<
        {
          status: "success";
          data: {
            /**
             * @format uuid
             * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
             */
            event_id: string;
          };
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | WebhookNotFoundError
        | IdempotencyKeyInUseError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | (ValidationFailedError | IdempotencyKeyReusedError)
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/webhooks/${id}/test`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),
  };
  session = {
    /**
     * @description Exchanges the Bearer token for a `__Host-vetrina_session` cookie (HttpOnly, SameSite=Strict, Secure, Path=/, 12 hours); only on plain http from the server's own machine (PUBLIC_BASE_URL not https) is it `vetrina_session` without Secure, since browsers drop a Secure cookie there. The session also ends once unused for APP_SESSION_IDLE_MINUTES (default 30); a request sent with `x-vetrina-background: 1` (the review app's automatic refreshes) is served but does not count as use. An ended session answers 401 like an unknown one. Requests with that cookie and no Authorization header act as the token; each POST, PUT, PATCH and DELETE must also send `csrf_token` in `x-csrf-token` (else 403). Revoking the token ends its sessions. Body: `{}`. No Idempotency-Key.
     *
     * @tags Session
     * @name PostSession
     * @summary Start a browser session (the review app’s sign-in)
     * @request POST:/api/v1/session
     * @secure
     * @response `201` `SessionResponse` Signed in; the cookie is in Set-Cookie.
     * @response `400` `InvalidJsonError` `invalid_json`
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `413` `PayloadTooLargeError` `payload_too_large`
     * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
     * @response `422` `ValidationFailedError` `validation_failed`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    postSession: (data: object, params: RequestParams = {}) =>
      this.request<
        SessionResponse,
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/session`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
     * No description
     *
     * @tags Session
     * @name GetSession
     * @summary How the caller is signed in, and the session’s CSRF token
     * @request GET:/api/v1/session
     * @secure
     * @response `200` `SessionResponse` The session (or the token) in use.
     * @response `401` `UnauthorizedError` `unauthorized`
     * @response `403` `ForbiddenError` `forbidden`
     * @response `429` `RateLimitedError` `rate_limited`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getSession: (params: RequestParams = {}) =>
      this.request<
        SessionResponse,
        | UnauthorizedError
        | ForbiddenError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/session`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
 * @description Deletes the session and clears the cookie (needs `x-csrf-token`). With a Bearer token there is no session to end: nothing changes.
 *
 * @tags Session
 * @name DeleteSession
 * @summary Sign out: end the session of the cookie sent
 * @request DELETE:/api/v1/session
 * @secure
 * @response `200` `{
    status: "success",

}` Signed out.
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    deleteSession: (params: RequestParams = {}) =>
      this.request<
        {
          status: "success";
        },
        | UnauthorizedError
        | ForbiddenError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/session`,
        method: "DELETE",
        secure: true,
        format: "json",
        ...params,
      }),
  };
  admin = {
    /**
 * No description
 *
 * @tags Admin
 * @name GetAdminAccounts
 * @summary Every account, by name
 * @request GET:/api/v1/admin/accounts
 * @secure
 * @response `200` `{
    status: "success",
    data: ({
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    name: string,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    credits: number,
    image_standardization: boolean,
  /** Per country, the language its records are written in where it is not the default. *\/
    country_languages: Partial<Record<string,string>>,
  /** Under this balance a debit sends the `credits.low` webhook; null: off. *\/
    credits_low_threshold: (number | null),
  /** How a create or regenerate that names no `processing` sends its model calls. *\/
    default_processing: "interactive" | "batch",
  /** The account's first API token, shown only in the answer that created it. *\/
    token?: string,
    token_id?: string,

})[],

}` The accounts.
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    getAdminAccounts: (params: RequestParams = {}) =>
      this.request<
        {
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
        },
        | UnauthorizedError
        | ForbiddenError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/admin/accounts`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
 * @description The opening balance is a ledger credit. The token is in this answer only.
 *
 * @tags Admin
 * @name PostAdminAccounts
 * @summary Create an account with its first token
 * @request POST:/api/v1/admin/accounts
 * @secure
 * @response `201` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    name: string,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    credits: number,
    image_standardization: boolean,
  /** Per country, the language its records are written in where it is not the default. *\/
    country_languages: Partial<Record<string,string>>,
  /** Under this balance a debit sends the `credits.low` webhook; null: off. *\/
    credits_low_threshold: (number | null),
  /** How a create or regenerate that names no `processing` sends its model calls. *\/
    default_processing: "interactive" | "batch",
  /** The account's first API token, shown only in the answer that created it. *\/
    token?: string,
    token_id?: string,

},

}` The account and its first token.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `ValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    postAdminAccounts: (
      data: {
        /**
         * @minLength 1
         * @maxLength 64
         */
        name: string;
        /**
         * @min 0
         * @max 9007199254740991
         */
        credits?: number;
        image_standardization?: boolean;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/admin/accounts`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * No description
 *
 * @tags Admin
 * @name PatchAdminAccountsByName
 * @summary Change an account's settings
 * @request PATCH:/api/v1/admin/accounts/{name}
 * @secure
 * @response `200` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    name: string,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    credits: number,
    image_standardization: boolean,
  /** Per country, the language its records are written in where it is not the default. *\/
    country_languages: Partial<Record<string,string>>,
  /** Under this balance a debit sends the `credits.low` webhook; null: off. *\/
    credits_low_threshold: (number | null),
  /** How a create or regenerate that names no `processing` sends its model calls. *\/
    default_processing: "interactive" | "batch",
  /** The account's first API token, shown only in the answer that created it. *\/
    token?: string,
    token_id?: string,

},

}` The account after the change.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `AccountNotFoundError` `account_not_found`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `ValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    patchAdminAccountsByName: (
      name: string,
      data: {
        image_standardization?: boolean;
        /** Replaces the whole setting; `{}` clears it. Each language is an ISO 639-1 code. */
        country_languages?: Partial<Record<string, string>>;
        /** Under this balance a debit sends the `credits.low` webhook; null turns it off. */
        credits_low_threshold?: number | null;
        /** How a create or regenerate that names no `processing` sends its agent model's calls: `batch` through the provider's batch API. */
        default_processing?: "interactive" | "batch";
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | AccountNotFoundError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/admin/accounts/${name}`,
        method: "PATCH",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description One ledger entry (`credit` or `debit`). A balance never goes below 0, nor past 2,147,483,647 counting the credits its unfinished generations hold (refunded should they fail): such a change is refused (422) and changes nothing.
 *
 * @tags Admin
 * @name PostAdminAccountsByNameCredits
 * @summary Add credits to an account, or remove them with a negative amount
 * @request POST:/api/v1/admin/accounts/{name}/credits
 * @secure
 * @response `200` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    name: string,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    credits: number,
    image_standardization: boolean,
  /** Per country, the language its records are written in where it is not the default. *\/
    country_languages: Partial<Record<string,string>>,
  /** Under this balance a debit sends the `credits.low` webhook; null: off. *\/
    credits_low_threshold: (number | null),
  /** How a create or regenerate that names no `processing` sends its model calls. *\/
    default_processing: "interactive" | "batch",
  /** The account's first API token, shown only in the answer that created it. *\/
    token?: string,
    token_id?: string,

},

}` The account with its new balance.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `AccountNotFoundError` `account_not_found`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `ValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    postAdminAccountsByNameCredits: (
      name: string,
      data: {
        /**
         * @min -9007199254740991
         * @max 9007199254740991
         */
        amount: number;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | AccountNotFoundError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/admin/accounts/${name}/credits`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * No description
 *
 * @tags Admin
 * @name GetAdminTokens
 * @summary Every token, without its secret
 * @request GET:/api/v1/admin/tokens
 * @secure
 * @response `200` `{
    status: "success",
    data: ({
  /** The token id: the 16 hex characters after `vt_`. *\/
    id: string,
  /** The account's name; null for an admin token of no account. *\/
    account: string | null,
    admin: boolean,
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   *\/
    created_at: string,
    revoked_at: (string | null),

})[],

}` The tokens, oldest first.
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    getAdminTokens: (params: RequestParams = {}) =>
      this.request<
        {
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
        },
        | UnauthorizedError
        | ForbiddenError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/admin/tokens`,
        method: "GET",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
 * @description The token is in this answer only.
 *
 * @tags Admin
 * @name PostAdminTokens
 * @summary Create a token for an account, or an admin token
 * @request POST:/api/v1/admin/tokens
 * @secure
 * @response `201` `{
    status: "success",
    data: ({
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    id: string,
    name: string,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    credits: number,
    image_standardization: boolean,
  /** Per country, the language its records are written in where it is not the default. *\/
    country_languages: Partial<Record<string,string>>,
  /** Under this balance a debit sends the `credits.low` webhook; null: off. *\/
    credits_low_threshold: (number | null),
  /** How a create or regenerate that names no `processing` sends its model calls. *\/
    default_processing: "interactive" | "batch",
    token: string,
    token_id: string,
    admin: boolean,

} | {
    token: string,
    token_id: string,
    admin: true,

}),

}` The new token (with its account, when it has one).
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `AccountNotFoundError` `account_not_found`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `ValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    postAdminTokens: (
      data: {
        /** Required unless `admin` is true: an admin token may belong to no account. */
        account?: string;
        admin?: boolean;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | AccountNotFoundError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/admin/tokens`,
        method: "POST",
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),

    /**
 * @description Refused from its very next request on.
 *
 * @tags Admin
 * @name DeleteAdminTokensById
 * @summary Revoke a token
 * @request DELETE:/api/v1/admin/tokens/{id}
 * @secure
 * @response `200` `{
    status: "success",
    data: {
    token_id: string,
    revoked: true,

},

}` The token is revoked.
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `404` `TokenNotFoundError` `token_not_found`
 * @response `422` `ValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    deleteAdminTokensById: (id: string, params: RequestParams = {}) =>
      this.request<
        {
          status: "success";
          data: {
            token_id: string;
            revoked: true;
          };
        },
        | UnauthorizedError
        | ForbiddenError
        | TokenNotFoundError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/admin/tokens/${id}`,
        method: "DELETE",
        secure: true,
        format: "json",
        ...params,
      }),

    /**
 * @description Accounts created, credits, settings, tokens created and revoked, shared catalogue imports: who (the admin token), what, on what, the request and the time. Each entry is written in the change's own transaction. Paged by `before`; `limit` 1–200, default 50.
 *
 * @tags Admin
 * @name GetAdminAudit
 * @summary Every change an operator made, newest first
 * @request GET:/api/v1/admin/audit
 * @secure
 * @response `200` `{
    status: "success",
    data: {
    entries: ({
  /** Grows with each entry. *\/
    id: string,
  /**
   * @format date-time
   * @pattern ^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$
   *\/
    at: string,
  /** The admin token's id; `local` for the running server's own credential (the CLI through it); `cli` for the CLI on the database itself. *\/
    actor: string,
  /** `account.create`, `account.credit`, `account.settings`, `token.create`, `token.revoke`, `catalogue.import`. *\/
    action: string,
  /** What the action was on: the account's name, the token's id, the import's id. *\/
    target: string,
  /** The request's x-request-id; null for the CLI on the database. *\/
    request_id: string | null,
  /** What was asked: the amount, the settings, the token kind, the import counts. *\/
    details: Partial<Record<string,any>>,

})[],
  /** Pass as `before` for the next (older) page; null on the last page. *\/
    next_before: string | null,

},

}` A page of the audit.
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `422` `ValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    getAdminAudit: (
      query?: {
        /**
         * @min 1
         * @max 200
         */
        limit?: number;
        /** @pattern ^[1-9]\d{0,17}$ */
        before?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | UnauthorizedError
        | ForbiddenError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/admin/audit`,
        method: "GET",
        query: query,
        secure: true,
        format: "json",
        ...params,
      }),

    /**
 * @description The body is the file itself (CSV with a header row, or JSON Lines; up to CATALOGUE_MAX_BYTES, 100 MiB by default), streamed to disk and imported. The shared catalogue feeds every account. The answer counts the rows and lists the rejected ones by line. A CSV row still inside a quoted cell after 4 MiB (a quote opened and never closed) stops the import at its line: 422, the rows before it kept. Rows over CATALOGUE_MAX_COLUMNS, CATALOGUE_MAX_CELL_BYTES or CATALOGUE_MAX_ROW_BYTES are rejections naming the setting, as for an account; the shared catalogue has no quota and no limit of imports at once.
 *
 * @tags Admin
 * @name PostAdminCatalogueImports
 * @summary Import a file into the shared catalogue
 * @request POST:/api/v1/admin/catalogue/imports
 * @secure
 * @response `201` `{
    status: "success",
    data: {
  /**
   * @format uuid
   * @pattern ^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$
   *\/
    import_id: string,
    source: string,
    file: string,
    format: "csv" | "jsonl",
    encoding: string,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_read: number,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_imported: number,
  /**
   * @min 0
   * @max 9007199254740991
   *\/
    rows_failed: number,
  /** The first 100 rows that were not imported, with their line. *\/
    errors: ({
    line: (number | null),
    reason: string,

})[],

},

}` The import ran; its summary.
 * @response `400` `InvalidJsonError` `invalid_json`
 * @response `401` `UnauthorizedError` `unauthorized`
 * @response `403` `ForbiddenError` `forbidden`
 * @response `413` `PayloadTooLargeError` `payload_too_large`
 * @response `415` `UnsupportedMediaTypeError` `unsupported_media_type`
 * @response `422` `ValidationFailedError` `validation_failed`
 * @response `429` `RateLimitedError` `rate_limited`
 * @response `500` `InternalError` `internal_error`
 * @response `503` `UnavailableError` `unavailable`
 */
    postAdminCatalogueImports: (
      data: string,
      query?: {
        /** Otherwise told by file_name or the Content-Type. */
        format?: "csv" | "jsonl";
        /**
         * The language of text columns without a language suffix.
         * @pattern ^[A-Za-z]{2}$
         */
        language?: string;
        /**
         * The name the import is recorded under; its extension can tell the format (.csv, .tsv, .jsonl).
         * @minLength 1
         * @maxLength 200
         */
        file_name?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
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
        },
        | InvalidJsonError
        | UnauthorizedError
        | ForbiddenError
        | PayloadTooLargeError
        | UnsupportedMediaTypeError
        | ValidationFailedError
        | RateLimitedError
        | InternalError
        | UnavailableError
      >({
        path: `/api/v1/admin/catalogue/imports`,
        method: "POST",
        query: query,
        body: data,
        secure: true,
        type: "application/json",
        format: "json",
        ...params,
      }),
  };
  service = {
    /**
     * @description For load balancers: 200 while the database answers, `degraded` when a remote data source is down.
     *
     * @tags Service
     * @name GetHealth
     * @summary Liveness, database reachability and the data sources
     * @request GET:/health
     * @response `200` `HealthResponse` Up.
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getHealth: (params: RequestParams = {}) =>
      this.request<HealthResponse, InternalError | UnavailableError>({
        path: `/health`,
        method: "GET",
        format: "json",
        ...params,
      }),

    /**
 * @description Public. Generated from the schemas that validate the requests, never written by hand.
 *
 * @tags Service
 * @name GetOpenapiJson
 * @summary This document (OpenAPI 3.1)
 * @request GET:/api/v1/openapi.json
 * @response `200` `{
    openapi: "3.1.0",
    info: {
    title: string,
    version: string,
    [key: string]: any,

},
    paths: Partial<Record<string,Partial<Record<string,any>>>>,
    components: Record<string,any>,
    [key: string]: any,

}` The OpenAPI document.
 * @response `500` `InternalError` `internal_error`
 */
    getOpenapiJson: (params: RequestParams = {}) =>
      this.request<
        {
          openapi: "3.1.0";
          info: {
            title: string;
            version: string;
            [key: string]: any;
          };
          paths: Partial<Record<string, Partial<Record<string, any>>>>;
          components: Record<string, any>;
          [key: string]: any;
        },
        InternalError
      >({
        path: `/api/v1/openapi.json`,
        method: "GET",
        format: "json",
        ...params,
      }),

    /**
     * @description Served by the instance from its own files: the page loads nothing from any other origin.
     *
     * @tags Service
     * @name GetDocs
     * @summary This reference, as a web page
     * @request GET:/docs
     * @response `200` `string` The HTML page.
     * @response `500` `InternalError` `internal_error`
     */
    getDocs: (params: RequestParams = {}) =>
      this.request<string, InternalError>({
        path: `/docs`,
        method: "GET",
        ...params,
      }),

    /**
     * No description
     *
     * @tags Service
     * @name GetDocsByFile
     * @summary The reference page's script and style sheet
     * @request GET:/docs/{file}
     * @response `200` `string` The file (CSS or JavaScript, by name).
     * @response `404` `NotFoundError` `not_found`
     * @response `500` `InternalError` `internal_error`
     */
    getDocsByFile: (
      file: "swagger-ui.css" | "swagger-ui-bundle.js" | "vetrina-docs.js",
      params: RequestParams = {},
    ) =>
      this.request<string, NotFoundError | InternalError>({
        path: `/docs/${file}`,
        method: "GET",
        ...params,
      }),

    /**
     * @description Sign in with an API token (POST /api/v1/session). The page loads nothing from any other origin.
     *
     * @tags Service
     * @name GetApp
     * @summary The review app: check, fix and approve generated content in a browser
     * @request GET:/app
     * @response `200` `string` The HTML page.
     * @response `500` `InternalError` `internal_error`
     */
    getApp: (params: RequestParams = {}) =>
      this.request<string, InternalError>({
        path: `/app`,
        method: "GET",
        ...params,
      }),

    /**
     * No description
     *
     * @tags Service
     * @name GetAppByFile
     * @summary The review app's modules and style sheet
     * @request GET:/app/{file}
     * @response `200` `string` The file.
     * @response `404` `NotFoundError` `not_found`
     * @response `500` `InternalError` `internal_error`
     */
    getAppByFile: (file: string, params: RequestParams = {}) =>
      this.request<string, NotFoundError | InternalError>({
        path: `/app/${file}`,
        method: "GET",
        ...params,
      }),

    /**
     * No description
     *
     * @tags Service
     * @name GetAppDomainByFile
     * @summary The rules of the service the review app runs itself (product codes, countries, when a create is complete)
     * @request GET:/app/domain/{file}
     * @response `200` `string` The module.
     * @response `404` `NotFoundError` `not_found`
     * @response `500` `InternalError` `internal_error`
     */
    getAppDomainByFile: (
      file:
        | "codes.ts"
        | "countries.ts"
        | "create-request.ts"
        | "pricing.ts"
        | "validation.ts"
        | "web-url.ts",
      params: RequestParams = {},
    ) =>
      this.request<string, NotFoundError | InternalError>({
        path: `/app/domain/${file}`,
        method: "GET",
        ...params,
      }),

    /**
     * No description
     *
     * @tags Service
     * @name GetAppVendorByFile
     * @summary The libraries the review app uses, from the instance’s own packages
     * @request GET:/app/vendor/{file}
     * @response `200` `string` The module.
     * @response `404` `NotFoundError` `not_found`
     * @response `500` `InternalError` `internal_error`
     */
    getAppVendorByFile: (
      file: "preact.js" | "hooks.js" | "htm.js",
      params: RequestParams = {},
    ) =>
      this.request<string, NotFoundError | InternalError>({
        path: `/app/vendor/${file}`,
        method: "GET",
        ...params,
      }),
  };
  media = {
    /**
     * @description Public (storefronts load these URLs) and immutable: cached for a year, with an `ETag`; `If-None-Match` answers 304. Where the operator serves media from a CDN or public bucket (`MEDIA_PUBLIC_BASE_URL`), the answer is a 302 to the file there.
     *
     * @tags Media
     * @name GetMediaByFile
     * @summary A standardised image rendition
     * @request GET:/media/{file}
     * @response `200` `string` The image (JPEG or WebP, by extension).
     * @response `302` `void` The file is served from `Location` (a CDN or public bucket).
     * @response `304` `void` Not modified.
     * @response `404` `NotFoundError` `not_found`
     * @response `500` `InternalError` `internal_error`
     * @response `503` `UnavailableError` `unavailable`
     */
    getMediaByFile: (file: string, params: RequestParams = {}) =>
      this.request<
        Blob,
        void | NotFoundError | InternalError | UnavailableError
      >({
        path: `/media/${file}`,
        method: "GET",
        format: "blob",
        ...params,
      }),
  };
}
