import { z } from 'zod';
import { MAX_LENGTH } from './schemas.ts';

// The path parameters as the OpenAPI document shows them. The routes check them by hand, with the
// same MAX_LENGTH limit (a details read answers product_not_found, a write validation_failed).

const productRef = z.string().min(1).max(MAX_LENGTH.id).describe("The product's id, code or sku, within the caller's account.");

export const productRefParams = z.strictObject({ id: productRef });

export const productInCountryParams = z.strictObject({
  id: productRef,
  country: z.string().describe('ISO 3166-1 alpha-2 country code of the product (`uk` is an alias of `gb`).'),
});

export const mediaFileParams = z.strictObject({
  file: z
    .string()
    .regex(/^[0-9a-f]{64}\.(jpg|webp)$/)
    .describe("A rendition's name: the sha256 of its bytes and its extension."),
});

export const docsAssetParams = z.strictObject({
  file: z.enum(['swagger-ui.css', 'swagger-ui-bundle.js', 'vetrina-docs.js']).describe('A file of the reference page.'),
});
