import type { FastifyInstance } from 'fastify';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { OpenApiDocument } from '../openapi/build-document.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { openApiDocumentSchema } from '../response-schemas.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * The OpenAPI document of this service. Public, like /health and /docs: it describes the routes,
 * not anyone's data, and the reference page must read it before the reader has typed a token.
 * Registered outside the authenticated /api/v1 scope for that reason.
 */
export async function openApiRoute(app: FastifyInstance, opts: { document: OpenApiDocument }): Promise<void> {
  const body = JSON.stringify(opts.document);
  app.get(OPENAPI_PATH, async (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(body));
  methodNotAllowed(app, OPENAPI_PATH, ['GET']);
}

export const openApiDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: OPENAPI_PATH,
    summary: 'This document (OpenAPI 3.1)',
    description: 'Public. Generated from the schemas that validate the requests, never written by hand.',
    tag: 'Service',
    auth: 'none',
    responses: { 200: { description: 'The OpenAPI document.', schema: openApiDocumentSchema } },
    errors: [],
  },
];
