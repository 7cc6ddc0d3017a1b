import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { customCategoryTree } from '../../db/custom-categories.ts';
import { CATEGORY_ID_MAX_CHARS, CATEGORY_PATH_MAX_CHARS, CUSTOM_CATEGORIES_MAX } from '../../domain/categories/custom-category-row.ts';
import { importCategoryTreeUpload, readCategoryTreeImport } from '../../services/import-category-tree-upload.ts';
import type { AppDeps } from '../app-deps.ts';
import { authOf } from '../auth.ts';
import { ApiError } from '../errors.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { errorBodyWith } from '../response-schemas.ts';
import { parseBody } from '../schemas.ts';
import {
  acceptCatalogueBodies,
  answerUpload,
  CATALOGUE_UPLOAD_ROUTE_CONFIG,
  catalogueImportParamsSchema,
  catalogueImportResponseSchema,
  UPLOAD_MEDIA_TYPES,
  type UploadWords,
  uploadBodyOf,
} from './catalogue-imports.ts';

// The account's own category tree, in CommerceClarity's shape: ids ("1.2") and their full paths.

export const customCategoryTreeSchema = z.object({
  tree: z
    .record(z.string(), z.string())
    .describe('Every category of the account: its id → its full path, levels joined by " > " ({"1": "Casa", "1.1": "Casa > Luce"}); `{}` when the account has none.'),
});

export const categoryTreeImportQuerySchema = z.strictObject({});

export const categoryTreeImportBodySchema = z
  .string()
  .describe('The tree: CSV with the header `id,path` (or tab-separated), or JSON Lines of `{"id": …, "path": …}`. See docs/api.md, "Categories".');

const TREE_IMPORT_PATH = '/api/v1/custom-category/imports/{id}';

const importIdField = { import_id: z.uuid().optional().describe(`The import, marked failed, when the error came after it started (GET ${TREE_IMPORT_PATH}).`) };
const uploadErrorBodies = Object.fromEntries(
  (['validation_failed', 'unsupported_media_type', 'payload_too_large', 'invalid_json'] as const).map((code) => [code, errorBodyWith(code, 'CategoryTreeImport', importIdField)]),
);

const TREE_WORDS: UploadWords = {
  what: 'category tree',
  importPath: TREE_IMPORT_PATH,
  keptAfterStop: 'the category tree was kept as it was',
  stopped: (error) => `The category tree cannot be imported: ${error.message}. The import was marked failed; the category tree was kept as it was.`,
};

export const customCategoryDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/custom-category',
    summary: "The account's own category tree",
    description:
      'Every category of the account, id → full path, in the order of their ids ("1", "1.1", "1.2", "2", "10"). ' +
      'No `status` wrapper, as CommerceClarity answers it. A product names one of these ids as its `category_id`.',
    tag: 'Categories',
    auth: 'bearer',
    responses: { 200: { description: 'The tree (`{"tree": {}}` when the account has none).', schema: customCategoryTreeSchema } },
    errors: ['unauthorized', 'rate_limited', 'internal_error', 'unavailable'],
  },
  {
    method: 'POST',
    path: '/api/v1/custom-category/import',
    summary: "Replace the account's category tree",
    description:
      'Streams a CSV (`text/csv`, `text/tab-separated-values`) or JSON Lines (`application/x-ndjson`, `application/jsonl`) body of `id,path` rows, up to CATALOGUE_MAX_BYTES, and replaces the whole tree with its good rows. ' +
      `A row with an empty id, an id over ${CATEGORY_ID_MAX_CHARS} characters, an empty path or level, a path over ${CATEGORY_PATH_MAX_CHARS} characters, an id already on an earlier line, or past the ${CUSTOM_CATEGORIES_MAX} categories a tree may hold is a rejection with its line, and the import goes on; a path whose parent is not in the file is fine. ` +
      'The new tree replaces the old one at once when the body has been read: until then every reader sees the old tree, and an import that fails (413, 415, 422, a body cut off, an error of ours) leaves it as it was. A file with rows but none good is 422 and changes nothing; a file with a header only empties the tree. ' +
      "Products whose `category_id` is not in the new tree lose it (it becomes null) and each of their records gets a validation issue `{field: 'category_id', check: 'category_removed'}`. " +
      'An account runs at most CATALOGUE_IMPORTS_AT_ONCE (2) tree imports at once, counted apart from its catalogue imports: a further upload is 429 `rate_limited` with `Retry-After` and the `running_imports`. ' +
      'The answer comes once the whole body has been read, with the finished import; GET /api/v1/custom-category/imports/{id} shows it, and its progress while the body arrives. Not covered by Idempotency-Key: importing the same file again gives the same tree.',
    tag: 'Categories',
    auth: 'bearer',
    query: categoryTreeImportQuerySchema,
    body: categoryTreeImportBodySchema,
    bodyContentType: UPLOAD_MEDIA_TYPES,
    responses: { 202: { description: 'The import, finished (`completed`): `rows_imported` categories are the tree now.', schema: catalogueImportResponseSchema } },
    errors: ['validation_failed', 'unsupported_media_type', 'payload_too_large', 'invalid_json', 'unauthorized', 'rate_limited', 'internal_error', 'unavailable'],
    errorBodies: uploadErrorBodies,
    idempotent: false,
  },
  {
    method: 'GET',
    path: TREE_IMPORT_PATH,
    summary: 'An import of the account’s category tree: progress and result',
    description:
      'While the body arrives (`running`): the rows read and rejected so far; `rows_imported` stays 0 until the tree is replaced, at the end. Then `completed` with the categories of the new tree, or `failed` with the reason (the tree as it was).',
    tag: 'Categories',
    auth: 'bearer',
    params: catalogueImportParamsSchema,
    responses: { 200: { description: 'The import as recorded now.', schema: catalogueImportResponseSchema } },
    errors: ['import_not_found', 'unauthorized', 'rate_limited', 'internal_error', 'unavailable'],
  },
];

/** `{"tree": {…}}` with the ids in reading order: a JSON object of ids such as "1" and "1.1" built by JavaScript would put every whole number first. */
function treeJson(categories: readonly { id: string; path: string }[]): string {
  return `{"tree":{${categories.map((c) => `${JSON.stringify(c.id)}:${JSON.stringify(c.path)}`).join(',')}}}`;
}

export async function customCategoryRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  acceptCatalogueBodies(app, 'category tree');
  const tree = '/custom-category';
  const upload = '/custom-category/import';
  const one = '/custom-category/imports/:id';
  app.get(tree, async (request, reply) => {
    const categories = await customCategoryTree(deps.db, authOf(request).accountId);
    return reply.type('application/json; charset=utf-8').send(treeJson(categories));
  });
  app.post(upload, { config: CATALOGUE_UPLOAD_ROUTE_CONFIG }, async (request, reply) => {
    const query = parseBody(categoryTreeImportQuerySchema, request.query);
    if (!query.ok) throw query.error;
    const accountId = authOf(request).accountId;
    const outcome = await importCategoryTreeUpload(deps.db, {
      ...uploadBodyOf(request, reply, 'category tree'),
      accountId,
      maxBytes: deps.config.catalogueMaxBytes,
      limits: deps.config.catalogue.limits,
      importsAtOnce: deps.config.catalogue.importsAtOnce,
    });
    return answerUpload(request, reply, deps, outcome, TREE_WORDS, (id) => readCategoryTreeImport(deps.db, accountId, id));
  });
  app.get<{ Params: { id: string } }>(one, async (request) => {
    const view = await readCategoryTreeImport(deps.db, authOf(request).accountId, request.params.id);
    if (view === undefined) throw new ApiError('import_not_found', 'No category tree import of this account has this id.');
    return { status: 'success', data: view };
  });
  methodNotAllowed(app, tree, ['GET']);
  methodNotAllowed(app, upload, ['POST']);
  methodNotAllowed(app, one, ['GET']);
}
