import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { ApiError, sendApiError } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { textFileSchema } from '../response-schemas.ts';

// The review app (/app): one HTML page, its own TypeScript modules (app/ at the repository root,
// types stripped as they are served, so there is no build step), and Preact and htm from
// node_modules. Every datum it shows comes from /api/v1, with the same rules as any integrator.

const APP_DIR = join(import.meta.dirname, '..', '..', '..', 'app');
const DOMAIN_DIR = join(import.meta.dirname, '..', '..', 'domain');

/**
 * The domain modules the page runs itself, served under /app/domain/ (types stripped): the
 * create's own rules (codes and their check digits, countries, when a create is complete), so
 * the page says what the API would refuse as the person types, and asks nothing it knows will
 * be refused. Each must import only modules of this list; that is checked at start.
 */
const DOMAIN_MODULES = ['codes.ts', 'countries.ts', 'create-request.ts', 'pricing.ts', 'validation.ts', 'web-url.ts'] as const;

/** The vendored modules the page imports by bare name, resolved through the import map. */
const VENDOR: Readonly<Record<string, string>> = {
  'preact.js': 'preact',
  'hooks.js': 'preact/hooks',
  'htm.js': 'htm',
};

// The page's modules import the domain by its path in the repository (`../src/domain/codes.ts`),
// which tsc checks as it is; in the browser that URL is mapped to where it is served.
const IMPORT_MAP = JSON.stringify({
  imports: { preact: '/app/vendor/preact.js', 'preact/hooks': '/app/vendor/hooks.js', htm: '/app/vendor/htm.js', '/src/domain/': '/app/domain/' },
});

/**
 * Only this origin, nothing inline but the import map, allowed by its hash (a browser cannot load
 * an import map from a file). Images only from here: a product's own remote image URLs are shown
 * as links, so opening a product tells no other site about it.
 */
export const APP_CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${createHash('sha256').update(IMPORT_MAP).digest('base64')}'`,
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vetrina</title>
<link rel="icon" href="/app/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/app/app.css">
<script type="importmap">${IMPORT_MAP}</script>
<script type="module" src="/app/main.ts"></script>
</head>
<body>
<div id="root"></div>
</body>
</html>
`;

const JAVASCRIPT = 'text/javascript; charset=utf-8';
const FILE_TYPES: Readonly<Record<string, string>> = { '.ts': JAVASCRIPT, '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };

export const appFileParams = z.strictObject({
  file: z
    .string()
    .regex(/^[a-z0-9-]+\.(ts|css|svg)$/)
    .describe('A module (types stripped), the style sheet or the icon of the page.'),
});
export const appDomainParams = z.strictObject({ file: z.enum(DOMAIN_MODULES).describe('A domain module the page runs itself (types stripped).') });
export const appVendorParams = z.strictObject({ file: z.enum(Object.keys(VENDOR) as [string, ...string[]]).describe('Preact, its hooks, or htm.') });

function securityHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('content-security-policy', APP_CSP).header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
}

interface AppFile {
  type: string;
  body: string;
  /** A TypeScript module whose types are not stripped yet. */
  typed: boolean;
}

/**
 * The page's files, read once at start: only what app/ holds can ever be served. Types are
 * stripped at a module's first request, not here: Node prints an ExperimentalWarning on the
 * first use of stripTypeScriptTypes, which an instance whose app nobody opens need not print.
 */
async function loadAppFiles(): Promise<Map<string, AppFile>> {
  const files = new Map<string, AppFile>();
  for (const name of await readdir(APP_DIR)) {
    const extension = name.slice(name.lastIndexOf('.'));
    const type = FILE_TYPES[extension];
    if (type === undefined || !appFileParams.shape.file.safeParse(name).success) continue;
    files.set(name, { type, body: await readFile(join(APP_DIR, name), 'utf8'), typed: extension === '.ts' });
  }
  for (const name of DOMAIN_MODULES) {
    const body = await readFile(join(DOMAIN_DIR, name), 'utf8');
    const outside = importsOf(body).filter((specifier) => !(DOMAIN_MODULES as readonly string[]).includes(specifier.replace(/^\.\//, '')));
    if (outside.length > 0)
      throw new Error(`src/domain/${name} is served to the review app but imports ${outside.join(', ')}, which is not: add it to DOMAIN_MODULES if it is pure.`);
    files.set(`domain/${name}`, { type: JAVASCRIPT, body, typed: true });
  }
  // The packages' own ES module builds, as their exports name them for `import`.
  for (const [name, specifier] of Object.entries(VENDOR)) {
    files.set(`vendor/${name}`, { type: JAVASCRIPT, body: await readFile(fileURLToPath(import.meta.resolve(specifier)), 'utf8'), typed: false });
  }
  return files;
}

/** Every module a source imports (`import … from '…'`, `export … from '…'`, type-only ones too). */
function importsOf(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gm)].map((m) => m[1] ?? '');
}

function served(file: AppFile): string {
  if (file.typed) {
    file.body = stripTypeScriptTypes(file.body, { mode: 'strip' });
    file.typed = false;
  }
  return file.body;
}

export async function reviewAppRoutes(app: FastifyInstance): Promise<void> {
  const files = await loadAppFiles();
  const send = (reply: FastifyReply, name: string) => {
    const file = files.get(name);
    if (file === undefined) return sendApiError(reply, new ApiError('not_found', 'No such file of the review app.'));
    return securityHeaders(reply).header('content-type', file.type).header('cache-control', 'no-cache').send(served(file));
  };
  app.get('/app', async (_request, reply) => securityHeaders(reply).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE));
  app.get<{ Params: { file: string } }>('/app/:file', async (request, reply) => send(reply, request.params.file));
  app.get<{ Params: { file: string } }>('/app/vendor/:file', async (request, reply) => send(reply, `vendor/${request.params.file}`));
  app.get<{ Params: { file: string } }>('/app/domain/:file', async (request, reply) => send(reply, `domain/${request.params.file}`));
  for (const url of ['/app', '/app/:file', '/app/vendor/:file', '/app/domain/:file']) methodNotAllowed(app, url, ['GET']);
}

export const reviewAppDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/app',
    summary: 'The review app: check, fix and approve generated content in a browser',
    description: 'Sign in with an API token (POST /api/v1/session). The page loads nothing from any other origin.',
    tag: 'Service',
    auth: 'none',
    responses: { 200: { description: 'The HTML page.', schema: textFileSchema, contentType: 'text/html' } },
    errors: [],
  },
  {
    method: 'GET',
    path: '/app/{file}',
    summary: "The review app's modules and style sheet",
    tag: 'Service',
    auth: 'none',
    params: appFileParams,
    responses: { 200: { description: 'The file.', schema: textFileSchema, contentType: '*/*' } },
    errors: ['not_found'],
  },
  {
    method: 'GET',
    path: '/app/domain/{file}',
    summary: 'The rules of the service the review app runs itself (product codes, countries, when a create is complete)',
    tag: 'Service',
    auth: 'none',
    params: appDomainParams,
    responses: { 200: { description: 'The module.', schema: textFileSchema, contentType: 'text/javascript' } },
    errors: ['not_found'],
  },
  {
    method: 'GET',
    path: '/app/vendor/{file}',
    summary: 'The libraries the review app uses, from the instance’s own packages',
    tag: 'Service',
    auth: 'none',
    params: appVendorParams,
    responses: { 200: { description: 'The module.', schema: textFileSchema, contentType: 'text/javascript' } },
    errors: ['not_found'],
  },
];
