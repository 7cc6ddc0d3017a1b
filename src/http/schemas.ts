import { z } from 'zod';
import { CONTENT_LIMITS } from '../domain/content-limits.ts';
import { AGENT_MODELS } from '../domain/pricing.ts';
import type { FieldErrors } from '../domain/validation.ts';
import { unstorableText } from '../domain/text.ts';
import { addError } from '../domain/validation.ts';
import { isHttpUrl } from '../domain/web-url.ts';
import { validationFailed, type ApiError } from './errors.ts';

// Request bodies: shape only (types, lengths, URL schemes, unknown keys). Business rules live in domain/.

// A create's title and description are source text the engine writes from, so they may be longer
// than the record's own (CONTENT_LIMITS); its product_handle and brand are kept as given.
export const MAX_LENGTH = {
  codes: 100 * 64,
  sku: 255,
  product_handle: CONTENT_LIMITS.product_handle.maxChars,
  title: 500,
  brand: CONTENT_LIMITS.brand.maxChars,
  description: 20_000,
  notes: 5_000,
  imageUrl: 2_048,
  images: 20,
  countries: 50,
  id: 255,
} as const;

function text(field: string, max: number) {
  return z.string({ error: `The ${field} field must be a string.` }).max(max, { error: `The ${field} field must be at most ${max} characters long.` });
}

const agentModel = z.enum(AGENT_MODELS, { error: `The agent_model field must be ${AGENT_MODELS.map((m) => `"${m}"`).join(' or ')}.` });

const processing = z
  .enum(['interactive', 'batch'], { error: 'The processing field must be "interactive" or "batch".' })
  .describe(
    "`batch`: the agent model's calls go through its provider's batch API (OpenAI Batch API, Anthropic Message Batches), at half the provider's price and within 24 hours instead of seconds; the credits charged are the same. Unset: the account's `default_processing`. With the template engine or an OpenAI-compatible endpoint it has no effect.",
  );

export const createBodySchema = z.strictObject({
  codes: text('codes', MAX_LENGTH.codes).optional(),
  sku: text('sku', MAX_LENGTH.sku).optional(),
  product_handle: text('product_handle', MAX_LENGTH.product_handle).optional(),
  title: text('title', MAX_LENGTH.title).optional(),
  brand: text('brand', MAX_LENGTH.brand).optional(),
  images: z
    .array(
      z
        .string({ error: 'Each image must be a URL string.' })
        .max(MAX_LENGTH.imageUrl, { error: `An image URL must be at most ${MAX_LENGTH.imageUrl} characters long.` })
        .refine(isHttpUrl, { error: 'An image must be an http or https URL.' }),
      { error: 'The images field must be an array of URL strings.' },
    )
    .max(MAX_LENGTH.images, { error: `At most ${MAX_LENGTH.images} images are allowed.` })
    .optional(),
  description: text('description', MAX_LENGTH.description).optional(),
  notes: text('notes', MAX_LENGTH.notes).optional(),
  countries: z
    .array(z.string({ error: 'Each country must be a two-letter code string.' }).max(16, { error: 'A country code is two letters.' }), {
      error: (issue) => (issue.input === undefined ? 'The countries field is required.' : 'The countries field must be an array of ISO 3166 two-letter codes.'),
    })
    .min(1, { error: 'The countries field must list at least one country.' })
    .max(MAX_LENGTH.countries, { error: `At most ${MAX_LENGTH.countries} countries are allowed.` })
    .describe('ISO 3166-1 alpha-2 codes, any case (`uk` stands for `gb`).'),
  agent_model: agentModel.optional(),
  processing: processing.optional(),
});

/**
 * An object of optional fields of which at least one must be given (a PATCH-like change): the
 * check, and the same rule for the OpenAPI document (`minProperties`), in one place.
 */
export function atLeastOneField<T extends z.ZodObject>(schema: T, message: string): T {
  return schema.refine((body) => Object.keys(body).length > 0, { error: message }).meta({ minProperties: 1 });
}

export const regenerateBodySchema = z.strictObject({
  notes: text('notes', MAX_LENGTH.notes).optional(),
  fields: z.record(z.string(), z.unknown(), { error: 'The fields field must be an object of field names to strings.' }).optional(),
  agent_model: agentModel.optional(),
  processing: processing.optional(),
});

export const historyQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'The limit must be a whole number from 1 to 100.' })
    .int({ error: 'The limit must be a whole number from 1 to 100.' })
    .min(1, { error: 'The limit must be a whole number from 1 to 100.' })
    .max(100, { error: 'The limit must be a whole number from 1 to 100.' })
    .optional(),
  before: z.uuid({ error: 'The before parameter must be a version id from a previous page (next_before).' }).optional(),
});

export const restoreBodySchema = z.strictObject({
  version_id: z.uuid({ error: 'The version_id field must be the id of a history version (a UUID).' }),
});

/**
 * Every string (value or key) PostgreSQL could not store (see unstorableText), by path with the
 * reason. Iterative, so a body nested thousands deep cannot exhaust the stack.
 */
function unstorablePaths(body: unknown): Array<{ path: string; message: string }> {
  const found: Array<{ path: string; message: string }> = [];
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  const at = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      const message = unstorableText(value);
      if (message !== null) found.push({ path: path || 'body', message });
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) pending.push({ value: item, path: at(path, String(i)) });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const message = unstorableText(key);
        // The key itself goes into the path readably: NUL as \0, a lone surrogate as U+FFFD.
        if (message !== null) found.push({ path: at(path, key.replaceAll('\u0000', '\\0').toWellFormed()), message });
        else pending.push({ value: item, path: at(path, key) });
      }
    }
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Parses a body against a schema; every problem becomes a `validation_failed` entry under its field path. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): { ok: true; value: T } | { ok: false; error: ApiError } {
  const errors: FieldErrors = {};
  for (const { path, message } of unstorablePaths(body)) addError(errors, path, message);
  if (Object.keys(errors).length > 0) return { ok: false, error: validationFailed(errors) };
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) addError(errors, [...issue.path, key].join('.'), 'Unknown field.');
    } else {
      addError(errors, issue.path.length > 0 ? issue.path.join('.') : 'body', issue.message);
    }
  }
  return { ok: false, error: validationFailed(errors) };
}
