import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { ApiError, sendApiError } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { docsAssetParams } from '../path-params.ts';
import { textFileSchema } from '../response-schemas.ts';

// The API reference page, served by the instance itself from the swagger-ui-dist package: no CDN,
// no outside font, and a Content-Security-Policy that lets the browser load nothing but this
// origin, so reading the reference tells no one else that you did.

/** Only this origin; inline styles are Swagger UI's own (style attributes it sets), images may be its inline SVGs. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vetrina API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/vetrina-docs.js"></script>
</body>
</html>
`;

// In a file of its own: the policy allows no inline script. No validator badge (it would call validator.swagger.io).
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout' });
});
`;

/** The package's files the page needs, and nothing else of it. */
const PACKAGE_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

function swaggerUiDir(): string {
  const require = createRequire(import.meta.url);
  const getAbsoluteFSPath = require('swagger-ui-dist/absolute-path.js') as () => string;
  return getAbsoluteFSPath();
}

function securityHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('content-security-policy', DOCS_CSP).header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
}

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const dir = swaggerUiDir();
  app.get('/docs', async (_request, reply) => securityHeaders(reply).header('content-type', 'text/html; charset=utf-8').send(PAGE));
  app.get<{ Params: { file: string } }>('/docs/:file', async (request, reply) => {
    const { file } = request.params;
    if (file === 'vetrina-docs.js') return securityHeaders(reply).header('content-type', 'text/javascript; charset=utf-8').send(INIT);
    const contentType = Object.hasOwn(PACKAGE_FILES, file) ? PACKAGE_FILES[file] : undefined;
    if (contentType === undefined) return sendApiError(reply, new ApiError('not_found', 'No such file of the reference page.'));
    return securityHeaders(reply)
      .header('content-type', contentType)
      .header('cache-control', 'public, max-age=3600')
      .send(createReadStream(join(dir, file)));
  });
  methodNotAllowed(app, '/docs', ['GET']);
  methodNotAllowed(app, '/docs/:file', ['GET']);
}

export const docsDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/docs',
    summary: 'This reference, as a web page',
    description: 'Served by the instance from its own files: the page loads nothing from any other origin.',
    tag: 'Service',
    auth: 'none',
    responses: { 200: { description: 'The HTML page.', schema: textFileSchema, contentType: 'text/html' } },
    errors: [],
  },
  {
    method: 'GET',
    path: '/docs/{file}',
    summary: "The reference page's script and style sheet",
    tag: 'Service',
    auth: 'none',
    params: docsAssetParams,
    responses: { 200: { description: 'The file (CSS or JavaScript, by name).', schema: textFileSchema, contentType: '*/*' } },
    errors: ['not_found'],
  },
];
