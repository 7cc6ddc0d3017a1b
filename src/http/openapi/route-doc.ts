import type { z } from 'zod';
import type { ErrorCode } from '../errors.ts';

/**
 * What the OpenAPI document says about one route, built from the same Zod schemas that validate
 * its requests (and that tests validate its responses with), so the document cannot drift from
 * the service. Every route module exports the docs of the routes it registers; the document lists
 * them all (src/http/openapi/), and a test checks every registered route has one.
 */
export interface RouteDoc {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as OpenAPI writes it, with the /api/v1 prefix: `/api/v1/products/details/{id}`. */
  path: string;
  summary: string;
  /** Derived from the method and path when absent; named where two paths would derive the same. */
  operationId?: string;
  description?: string;
  /** Groups in the reference page: "Products", "Account", "Webhooks", "Admin" … */
  tag: string;
  /** `bearer`: an account's API token; `admin`: an admin token; `none`: public. */
  auth: 'bearer' | 'admin' | 'none';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The media types the body may be sent as, all read with `body`; defaults to application/json. */
  bodyContentType?: string | readonly string[];
  /** Successful answers by HTTP status; `contentType` (one or several, all with `schema`) defaults to application/json. */
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string | readonly string[] }>;
  /** The error codes this route can answer with (their status comes from ERROR_STATUS). */
  errors: readonly ErrorCode[];
  /** Where this route's body for an error code carries more than the code's common one (create's `data`, an upload's `import_id`). */
  errorBodies?: Partial<Record<ErrorCode, z.ZodType>>;
  /** Whether the route honours an Idempotency-Key header (every POST, PUT, PATCH and DELETE under /api/v1). */
  idempotent?: boolean;
}
