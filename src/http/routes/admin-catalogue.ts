import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { importSummaryView } from '../../services/admin-views.ts';
import { importCatalogue } from '../../sources/catalogue/import-catalogue.ts';
import { InputFormatError } from '../../sources/catalogue/input-format.ts';
import { InputStoppedError } from '../../sources/catalogue/input-row.ts';
import { InputReadError } from '../../sources/catalogue/open-input.ts';
import { MAX_RECORD_BYTES } from '../../sources/catalogue/read-csv.ts';
import { recordAdminAction } from '../../db/admin-audit.ts';
import { catalogueImportEntry } from '../../services/admin-operations.ts';
import type { RowLimits } from '../../sources/catalogue/row-limits.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { ApiError, validationFailed } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { parseBody } from '../schemas.ts';
import { stoppableBody } from '../stoppable-body.ts';
import { ADMIN_ERRORS, successOf } from './admin-common.ts';

const FILE_NAME_MESSAGE = 'The file_name parameter must be a file name of at most 200 characters, e.g. feed.csv.';

export const adminCatalogueImportQuerySchema = z.strictObject({
  format: z.enum(['csv', 'jsonl'], { error: 'The format parameter must be csv or jsonl.' }).optional().describe('Otherwise told by file_name or the Content-Type.'),
  language: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: 'The language parameter must be a two-letter ISO 639-1 code, e.g. it.' })
    .optional()
    .describe('The language of text columns without a language suffix.'),
  file_name: z
    .string()
    .min(1, { error: FILE_NAME_MESSAGE })
    .max(200, { error: FILE_NAME_MESSAGE })
    .optional()
    .describe('The name the import is recorded under; its extension can tell the format (.csv, .tsv, .jsonl).'),
});

export const adminImportSummarySchema = z.object({
  import_id: z.uuid(),
  source: z.string(),
  file: z.string(),
  format: z.enum(['csv', 'jsonl']),
  encoding: z.string(),
  rows_read: z.number().int().min(0),
  rows_imported: z.number().int().min(0),
  rows_failed: z.number().int().min(0),
  errors: z.array(z.object({ line: z.number().int().nullable(), reason: z.string() })).describe('The first 100 rows that were not imported, with their line.'),
});

export const adminCatalogueImportResponseSchema = successOf(adminImportSummarySchema);

// The file's own type says its format when neither format nor file_name does.
const EXTENSION_BY_TYPE: Readonly<Record<string, string>> = {
  'text/csv': '.csv',
  'text/tab-separated-values': '.tsv',
  'application/x-ndjson': '.jsonl',
  'application/jsonl': '.jsonl',
  'application/x-jsonlines': '.jsonl',
  'application/jsonlines': '.jsonl',
};
const UPLOAD_TYPES = [...Object.keys(EXTENSION_BY_TYPE), 'application/octet-stream'];

export const adminCatalogueDocs: RouteDoc[] = [
  {
    method: 'POST',
    path: '/api/v1/admin/catalogue/imports',
    summary: 'Import a file into the shared catalogue',
    description:
      'The body is the file itself (CSV with a header row, or JSON Lines; up to CATALOGUE_MAX_BYTES, 100 MiB by default), streamed to disk and imported. The shared catalogue feeds every account. The answer counts the rows and lists the rejected ones by line. ' +
      `A CSV row still inside a quoted cell after ${MAX_RECORD_BYTES / 1024 / 1024} MiB (a quote opened and never closed) stops the import at its line: 422, the rows before it kept. ` +
      'Rows over CATALOGUE_MAX_COLUMNS, CATALOGUE_MAX_CELL_BYTES or CATALOGUE_MAX_ROW_BYTES are rejections naming the setting, as for an account; the shared catalogue has no quota and no limit of imports at once.',
    tag: 'Admin',
    auth: 'admin',
    query: adminCatalogueImportQuerySchema,
    body: z.string().describe('The file.'),
    bodyContentType: UPLOAD_TYPES,
    responses: { 201: { description: 'The import ran; its summary.', schema: adminCatalogueImportResponseSchema } },
    errors: ['validation_failed', 'unsupported_media_type', 'payload_too_large', ...ADMIN_ERRORS],
  },
];

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** A safe local name that keeps the extension, so the importer reads the format (and a .tsv's tabs) from it. */
function uploadName(fileName: string | undefined, type: string, format: 'csv' | 'jsonl' | undefined): string {
  const given = fileName === undefined ? '' : basename(fileName.replaceAll('\\', '/')).replace(/[^A-Za-z0-9._-]/g, '_');
  if (given !== '' && !given.startsWith('.')) return given;
  return `upload${format === undefined ? (EXTENSION_BY_TYPE[type] ?? '') : `.${format}`}`;
}

/** Passes bytes through until the limit; past it, fails the stream (the upload is cut off, nothing is imported). */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new ApiError('payload_too_large', `The file is larger than ${max / 1024 / 1024} MiB.`));
      else done(null, chunk);
    },
  });
}

export async function adminCatalogueRoutes(app: FastifyInstance, deps: { db: Database; maxBytes: number; limits: RowLimits }): Promise<void> {
  const maxBytes = deps.maxBytes;
  // The body stays a stream: it goes to a file as it arrives, never into memory.
  app.addContentTypeParser(UPLOAD_TYPES, (_request, payload, done) => done(null, payload));
  const url = '/catalogue/imports';
  const onRequest = async (request: FastifyRequest) => {
    if (!UPLOAD_TYPES.includes(mediaType(request.headers['content-type']))) {
      throw new ApiError(
        'unsupported_media_type',
        `Send the file as the body with Content-Type ${UPLOAD_TYPES.slice(0, 3).join(', ')} or another of: ${UPLOAD_TYPES.slice(3).join(', ')}.`,
      );
    }
  };
  // A catalogue may be large: its body has the uploads' deadline (CATALOGUE_UPLOAD_TIMEOUT_SECONDS).
  app.post(url, { bodyLimit: maxBytes, onRequest, config: { streamedBody: true } }, async (request, reply) => {
    const query = parseBody(adminCatalogueImportQuerySchema, request.query);
    if (!query.ok) throw query.error;
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > maxBytes) throw new ApiError('payload_too_large', `The file is larger than ${maxBytes / 1024 / 1024} MiB.`);
    const body = stoppableBody(request.raw, reply.raw);
    const { format, language, file_name } = query.value;
    const dir = await mkdtemp(join(tmpdir(), 'vetrina-upload-'));
    try {
      const path = join(dir, uploadName(file_name, mediaType(request.headers['content-type']), format));
      await pipeline(body, byteLimit(maxBytes), createWriteStream(path, { mode: 0o600 }));
      const summary = await importCatalogue(deps.db, path, { ...(format === undefined ? {} : { format }), language: language?.toLowerCase() ?? null, limits: deps.limits }).catch(
        (err: unknown) => {
          if (err instanceof InputFormatError) throw validationFailed({ format: [err.message] }, { message: err.message });
          if (err instanceof InputReadError) throw validationFailed({ body: [err.message] }, { message: err.message });
          if (err instanceof InputStoppedError) {
            throw validationFailed({ body: [err.message] }, { message: err.outcome() });
          }
          throw err;
        },
      );
      await recordAdminAction(deps.db, catalogueImportEntry(summary, { actor: request.adminAuth?.tokenId ?? 'local', requestId: request.id }));
      return reply.code(201).send({ status: 'success', data: importSummaryView(summary) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  methodNotAllowed(app, url, ['POST']);
}
