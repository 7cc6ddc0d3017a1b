import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { InputFormat } from '../../sources/catalogue/input-format.ts';
import { importCatalogueUpload, readCatalogueImport } from '../../services/import-catalogue-upload.ts';
import type { ImportView, Upload, UploadOutcome } from '../../services/import-upload.ts';
import type { InputStoppedError } from '../../sources/catalogue/input-row.ts';
import { MAX_RECORD_BYTES } from '../../sources/catalogue/read-csv.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import { ApiError, validationFailed } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { errorBodyWith } from '../response-schemas.ts';
import { parseBody } from '../schemas.ts';
import { stoppableBody } from '../stoppable-body.ts';

/** The media types a catalogue is sent as, and how each is read. */
const MEDIA_TYPES: Readonly<Record<string, { format: InputFormat; delimiter: string | null }>> = {
  'text/csv': { format: 'csv', delimiter: null },
  'text/tab-separated-values': { format: 'csv', delimiter: '\t' },
  'application/x-ndjson': { format: 'jsonl', delimiter: null },
  'application/jsonl': { format: 'jsonl', delimiter: null },
};
const mediaTypeMessage = (what: string) => `Send the ${what} as CSV (Content-Type: text/csv, or text/tab-separated-values) or JSON Lines (Content-Type: application/x-ndjson).`;

/** The media types an upload may be sent as. */
export const UPLOAD_MEDIA_TYPES: readonly string[] = Object.keys(MEDIA_TYPES);

export const catalogueImportQuerySchema = z.strictObject({
  language: z
    .string()
    .regex(/^[a-z]{2}$/, { error: 'The language must be an ISO 639-1 code of two lowercase letters, e.g. it.' })
    .optional()
    .describe('Language of text in columns without a language suffix (`title` rather than `title_it`).'),
});

export const catalogueImportParamsSchema = z.object({ id: z.string().describe('The import id answered by the upload.') });

export const catalogueImportSchema = z.object({
  id: z.uuid(),
  state: z.enum(['running', 'completed', 'failed']),
  format: z.enum(['csv', 'jsonl']),
  encoding: z.string().nullable().describe('The text encoding read (sniffed unless declared); null until the first bytes arrived.'),
  rows_read: z.number().int().min(0),
  rows_imported: z.number().int().min(0),
  rows_rejected: z.number().int().min(0),
  rejections: z
    .array(z.object({ line: z.number().int().nullable().describe('1-based line in the file; null when the import itself stopped.'), reason: z.string() }))
    .describe('The first 100 rows not imported, in file order; `rows_rejected` is the total.'),
  unused_columns: z.array(z.object({ column: z.string(), reason: z.string() })).describe('Columns read but not used, and why.'),
  bytes_read: z.number().int().min(0),
  failure: z.string().nullable().describe('Why a failed import stopped.'),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});

export const catalogueImportResponseSchema = z.object({ status: z.literal('success'), data: catalogueImportSchema });

export const catalogueImportBodySchema = z.string().describe('The catalogue file: CSV with a header row (or tab-separated), or JSON Lines. See docs/catalogue.md.');

/** An upload's errors that come after its import was started name the import, marked failed. */
const importIdField = { import_id: z.uuid().optional().describe('The import, marked failed, when the error came after it started (GET /api/v1/catalogue/imports/{id}).') };
const uploadErrorBodies = Object.fromEntries(
  (['validation_failed', 'unsupported_media_type', 'payload_too_large', 'invalid_json'] as const).map((code) => [code, errorBodyWith(code, 'CatalogueImport', importIdField)]),
);

export const catalogueImportsDocs: RouteDoc[] = [
  {
    method: 'POST',
    path: '/api/v1/catalogue/imports',
    summary: "Upload the account's own catalogue",
    description:
      "Streams a CSV (`text/csv`, `text/tab-separated-values`) or JSON Lines (`application/x-ndjson`) body into the account's catalogue, up to CATALOGUE_MAX_BYTES (default 100 MiB). " +
      'Rows are written in batches as the body arrives; the answer comes once the whole body has been read, with the finished import. ' +
      `A CSV row still inside a quoted cell after ${MAX_RECORD_BYTES / 1024 / 1024} MiB (a quote opened and never closed) stops the import at its line: 422, the import marked failed, the rows before it kept, the rest of the body not read. ` +
      "A row over CATALOGUE_MAX_COLUMNS (2,000), CATALOGUE_MAX_CELL_BYTES (64 KiB) or CATALOGUE_MAX_ROW_BYTES (1 MiB), or a row with a new code past the account's CATALOGUE_MAX_ROWS_PER_ACCOUNT (1,000,000), is a rejection naming the setting, and the import goes on; a CSV header over one of these limits is 422 at once, nothing imported. A CSV row over a limit is measured as it arrives, never parsed. " +
      'An account runs at most CATALOGUE_IMPORTS_AT_ONCE (2) imports at once: a further upload is 429 `rate_limited` with `Retry-After` and the `running_imports`, nothing of it read or recorded. ' +
      "An error on the server's side is 500 with the `import_id`, the import marked failed with a reason. " +
      'An answer given before the body ends (413, 422, 415, 401, 429) is still delivered to a client that reads only after sending: the rest of the body is taken in and dropped, up to twice CATALOGUE_MAX_BYTES and for 30 s, and the connection is then closed (the answer says `Connection: close`). ' +
      "The account's catalogue feeds only its own products, before the operator's shared catalogue. Not covered by Idempotency-Key: importing the same file again gives the same catalogue.",
    tag: 'Catalogue',
    auth: 'bearer',
    query: catalogueImportQuerySchema,
    body: catalogueImportBodySchema,
    bodyContentType: Object.keys(MEDIA_TYPES),
    responses: { 202: { description: 'The import, finished (`completed`).', schema: catalogueImportResponseSchema } },
    errors: ['validation_failed', 'unsupported_media_type', 'payload_too_large', 'invalid_json', 'unauthorized', 'rate_limited', 'internal_error', 'unavailable'],
    errorBodies: uploadErrorBodies,
    idempotent: false,
  },
  {
    method: 'GET',
    path: '/api/v1/catalogue/imports/{id}',
    summary: 'An import of the account’s catalogue: progress and result',
    tag: 'Catalogue',
    auth: 'bearer',
    params: catalogueImportParamsSchema,
    responses: { 200: { description: 'The import as recorded now (`running` while its body is still arriving).', schema: catalogueImportResponseSchema } },
    errors: ['import_not_found', 'unauthorized', 'rate_limited', 'internal_error', 'unavailable'],
  },
];

/**
 * Registers, in the caller's scope, the body parsers of a catalogue upload: the raw request stream
 * is handed to the route unread; any other media type is 415. For the admin route as well.
 */
export function acceptCatalogueBodies(scope: FastifyInstance, what = 'catalogue'): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(Object.keys(MEDIA_TYPES), (_request, payload, done) => done(null, payload));
  scope.addContentTypeParser('*', (_request, _payload, done) => done(new ApiError('unsupported_media_type', mediaTypeMessage(what)), undefined));
}

/** Route options of an upload route: its body is read as a stream (`streamedBody`, declared with the app's route options). */
export const CATALOGUE_UPLOAD_ROUTE_CONFIG = { streamedBody: true } as const;

/** What a refused third import is told to wait: imports take minutes, and a client polling faster only adds load. */
const BUSY_RETRY_SECONDS = 30;

/** What an upload route is told of its body before the import starts: how to read it. */
export type UploadBody = Pick<Upload, 'body' | 'format' | 'delimiter' | 'charset' | 'contentLength'>;

/** The body of an upload: its media type (else 415), charset and Content-Length; the stream, to be read once. */
export function uploadBodyOf(request: FastifyRequest, reply: FastifyReply, what = 'catalogue'): UploadBody {
  const [mediaType = '', ...parameters] = (request.headers['content-type'] ?? '').split(';').map((p) => p.trim());
  const type = MEDIA_TYPES[mediaType.toLowerCase()];
  if (type === undefined || !isReadable(request.body)) throw new ApiError('unsupported_media_type', mediaTypeMessage(what));
  const charset = parameters.map((p) => /^charset=\s*"?([^";]+)"?$/i.exec(p)?.[1]).find((c) => c !== undefined) ?? null;
  const length = Number(request.headers['content-length']);
  return {
    body: stoppableBody(request.raw, reply.raw),
    format: type.format,
    delimiter: type.delimiter,
    charset,
    contentLength: Number.isSafeInteger(length) && length >= 0 ? length : null,
  };
}

/** How an upload route speaks of its imports. */
export interface UploadWords {
  /** What is imported: "catalogue", "category tree". */
  what: string;
  /** Where an import is read: "/api/v1/catalogue/imports/{id}". */
  importPath: string;
  /** What stays once an import that had started was stopped. */
  keptAfterStop: string;
  /** What a caller is told of an input that cannot be read past a line. */
  stopped(error: InputStoppedError): string;
}

const CATALOGUE_WORDS: UploadWords = {
  what: 'catalogue',
  importPath: '/api/v1/catalogue/imports/{id}',
  keptAfterStop: 'rows read before the limit stay imported',
  stopped: (error) => error.outcome(),
};

/** Answers an upload into `accountId`'s catalogue (null: the shared one): 202 with the import, or the error. */
export async function answerCatalogueUpload(request: FastifyRequest, reply: FastifyReply, deps: Pick<AppDeps, 'db' | 'config'>, accountId: string | null): Promise<FastifyReply> {
  const query = parseBody(catalogueImportQuerySchema, request.query);
  if (!query.ok) throw query.error;
  const outcome = await importCatalogueUpload(deps.db, {
    ...uploadBodyOf(request, reply),
    accountId,
    maxBytes: deps.config.catalogueMaxBytes,
    language: query.value.language ?? null,
    limits: deps.config.catalogue.limits,
    importsAtOnce: deps.config.catalogue.importsAtOnce,
    // The operator's shared catalogue has no quota.
    maxRowsPerAccount: accountId === null ? 0 : deps.config.catalogue.maxRowsPerAccount,
  });
  return answerUpload(request, reply, deps, outcome, CATALOGUE_WORDS, (id) => readCatalogueImport(deps.db, accountId, id));
}

/** 202 with the finished import, or the error its outcome is. */
export async function answerUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<AppDeps, 'config'>,
  outcome: UploadOutcome,
  words: UploadWords,
  read: (importId: string) => Promise<ImportView | undefined>,
): Promise<FastifyReply> {
  const importId = 'importId' in outcome && outcome.importId !== null ? { import_id: outcome.importId } : {};
  switch (outcome.kind) {
    case 'imported': {
      const view = await read(outcome.importId);
      if (view === undefined) throw new Error(`import ${outcome.importId} vanished`);
      return reply.code(202).send({ status: 'success', data: view });
    }
    case 'too_large':
      throw new ApiError(
        'payload_too_large',
        `The ${words.what} is larger than ${outcome.maxBytes} bytes, the most this server accepts (CATALOGUE_MAX_BYTES).${outcome.importId === null ? ' Nothing was imported.' : ` The import was stopped and marked failed; ${words.keptAfterStop}.`}`,
        importId,
      );
    case 'not_text':
      throw new ApiError('unsupported_media_type', `The ${words.what} cannot be read: ${outcome.message}.`, importId);
    case 'stopped':
      throw validationFailed({ body: [outcome.message] }, { message: words.stopped(outcome.error), ...importId });
    case 'refused':
      throw validationFailed({ body: [outcome.message] }, { message: `The ${words.what} was not imported: ${outcome.message}. The import was marked failed.`, ...importId });
    case 'cut_off':
      throw new ApiError('invalid_json', 'The upload was cut off before its end; the import was marked failed.', importId);
    case 'busy': {
      const atOnce = deps.config.catalogue.importsAtOnce;
      reply.header('retry-after', String(BUSY_RETRY_SECONDS));
      throw new ApiError(
        'rate_limited',
        `This account already has ${outcome.running.length} ${words.what} imports running, the most allowed at once (CATALOGUE_IMPORTS_AT_ONCE=${atOnce}). ` +
          `Nothing was read or imported: send this file again once one of them has finished (GET ${words.importPath} shows their progress), e.g. in ${BUSY_RETRY_SECONDS} seconds.`,
        { retry_after_seconds: BUSY_RETRY_SECONDS, running_imports: outcome.running },
      );
    }
    case 'failed':
      request.log.error({ err: outcome.error, import_id: outcome.importId }, `${words.what} import stopped by an error`);
      throw new ApiError('internal_error', `The import stopped on our side and was marked failed: ${outcome.reason}. Quote the request id when reporting it.`, {
        request_id: request.id,
        ...importId,
      });
  }
}

function isReadable(body: unknown): body is Readable {
  return typeof body === 'object' && body !== null && typeof (body as Readable).pipe === 'function';
}

export async function catalogueImportsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  acceptCatalogueBodies(app);
  const list = '/catalogue/imports';
  const one = '/catalogue/imports/:id';
  app.post(list, { config: CATALOGUE_UPLOAD_ROUTE_CONFIG }, async (request, reply) => answerCatalogueUpload(request, reply, deps, authOf(request).accountId));
  app.get<{ Params: { id: string } }>(one, async (request) => {
    const view = await readCatalogueImport(deps.db, authOf(request).accountId, request.params.id);
    if (view === undefined) throw new ApiError('import_not_found', 'No catalogue import of this account has this id.');
    return { status: 'success', data: view };
  });
  methodNotAllowed(app, list, ['POST']);
  methodNotAllowed(app, one, ['GET']);
}
