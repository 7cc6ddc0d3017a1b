import { checkProductCode, type CodeType } from './codes.ts';
import { normaliseCountries } from './countries.ts';
import { DEFAULT_AGENT_MODEL, type AgentModel } from './pricing.ts';
import { addError, hasErrors, type FieldErrors } from './validation.ts';

export const MAX_CODES_PER_CALL = 100;

/** The create body after its shape (types, lengths, URL schemes, unknown keys) was checked. */
export interface CreateRequestInput {
  codes?: string | undefined;
  sku?: string | undefined;
  product_handle?: string | undefined;
  title?: string | undefined;
  brand?: string | undefined;
  images?: string[] | undefined;
  description?: string | undefined;
  notes?: string | undefined;
  countries?: string[] | undefined;
  agent_model?: AgentModel | undefined;
  processing?: Processing | undefined;
}

/** How an agent model's calls are sent: one by one as they come, or through the provider's batch API (cheaper, slower). */
export type Processing = 'interactive' | 'batch';

export interface RawProductData {
  sku: string | null;
  productHandle: string | null;
  title: string | null;
  brand: string | null;
  images: string[];
  description: string | null;
}

export interface PlannedProduct {
  /** Normalised code, or null for a product sent as raw data only. */
  code: string | null;
  codeType: CodeType | null;
  /** What the caller wrote, echoed back in the response. */
  submitted: string | null;
}

export type ItemFailureReason = 'product_code_invalid' | 'product_code_duplicate';

export interface ItemFailure {
  code: string;
  reason: ItemFailureReason;
  message: string;
}

export interface CreatePlan {
  countries: string[];
  agentModel: AgentModel;
  /** Null: the account's default_processing. */
  processing: Processing | null;
  notes: string | null;
  raw: RawProductData | null;
  products: PlannedProduct[];
  failures: ItemFailure[];
  totalRequested: number;
}

export type CreatePlanResult = { ok: true; plan: CreatePlan } | { ok: false; errors: FieldErrors };

const RAW_FIELDS = ['sku', 'product_handle', 'title', 'brand', 'images', 'description'] as const;

function splitCodes(codes: string | undefined): string[] {
  if (codes === undefined) return [];
  return codes
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The rules for one create call; pure, so every rule is unit-testable, and run by the review app too. */
export function planCreate(input: CreateRequestInput): CreatePlanResult {
  const errors: FieldErrors = {};
  const rawGiven = RAW_FIELDS.filter((f) => input[f] !== undefined);
  const codes = splitCodes(input.codes);

  if (input.countries === undefined) addError(errors, 'countries', 'The countries field is required.');
  else if (input.countries.length === 0) addError(errors, 'countries', 'The countries field must list at least one country.');
  const { countries, errors: countryErrors } = normaliseCountries(input.countries ?? []);
  for (const message of countryErrors) addError(errors, 'countries', message);

  // A blank description or an empty images list is no product data: the product could only fail.
  const hasDescription = blankToNull(input.description) !== null;
  const hasImages = (input.images?.length ?? 0) > 0;
  if (codes.length === 0) {
    if (!hasDescription && !hasImages) {
      addError(
        errors,
        'codes',
        input.codes === undefined
          ? 'The codes field is required when neither description nor images is given.'
          : 'The codes field holds no product code, and neither description nor images is given.',
      );
    }
  } else if (rawGiven.length > 0 && codes.length > 1) {
    addError(errors, 'codes', `Only one code is allowed together with ${rawGiven.join(', ')}; got ${codes.length}.`);
  } else if (codes.length > MAX_CODES_PER_CALL) {
    addError(errors, 'codes', `At most ${MAX_CODES_PER_CALL} codes are allowed in one call; got ${codes.length}.`);
  }
  if (hasErrors(errors)) return { ok: false, errors };

  const products: PlannedProduct[] = [];
  const failures: ItemFailure[] = [];
  const seen = new Set<string>();
  for (const submitted of codes) {
    const check = checkProductCode(submitted);
    if (!check.ok) {
      failures.push({ code: submitted, reason: 'product_code_invalid', message: check.message });
    } else if (seen.has(check.code)) {
      failures.push({
        code: submitted,
        reason: 'product_code_duplicate',
        message: `"${submitted}" repeats code ${check.code} given earlier in this call.`,
      });
    } else {
      seen.add(check.code);
      products.push({ code: check.code, codeType: check.type, submitted });
    }
  }
  if (codes.length === 0) products.push({ code: null, codeType: null, submitted: null });

  const raw: RawProductData | null =
    rawGiven.length === 0
      ? null
      : {
          sku: blankToNull(input.sku),
          productHandle: blankToNull(input.product_handle),
          title: blankToNull(input.title),
          brand: blankToNull(input.brand),
          images: input.images ?? [],
          description: blankToNull(input.description),
        };

  return {
    ok: true,
    plan: {
      countries,
      agentModel: input.agent_model ?? DEFAULT_AGENT_MODEL,
      processing: input.processing ?? null,
      notes: blankToNull(input.notes),
      raw,
      products,
      failures,
      totalRequested: Math.max(codes.length, 1),
    },
  };
}
