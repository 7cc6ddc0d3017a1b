import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EXPORT_CONTENT_TYPE, EXPORT_FORMATS, exportChunks } from '../../services/export-products.ts';
import { filtersOf } from '../../services/list-products.ts';
import type { AppDeps } from '../app-deps.ts';
import { ApiError } from '../errors.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { RUNNING_ALL, RunningPerAccount } from '../running-per-account.ts';
import { authOf } from '../auth.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { parseBody } from '../schemas.ts';
import { splitAttributeQuery } from './list-products.ts';
import { productFilterFields } from './list-products.ts';

const { country, ...otherFilters } = productFilterFields;

export const exportProductsQuerySchema = z.strictObject({
  country: country.unwrap().describe('The country whose records are exported; only products sold there. Required.'),
  format: z
    .enum(EXPORT_FORMATS, { error: `The format parameter must be one of ${EXPORT_FORMATS.join(', ')}.` })
    .describe("jsonl: one details-shaped product per line; csv: one row per product; shopify: Shopify's product CSV import. Default jsonl.")
    .optional(),
  ...otherFilters,
});

/** The file: JSON Lines (one details-shaped product a line) or CSV with a header row, UTF-8. */
const exportFileSchema = z.string().describe('jsonl: one product a line, each shaped as `product` in GET /api/v1/products/details/{id}; csv and shopify: CSV with a header row.');

export const exportProductsDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/products/export',
    summary: "Every matching product of one country, streamed (JSON Lines, CSV or Shopify's product CSV)",
    description:
      'Not paged: the whole selection, in list order, streamed with constant memory. An account runs at most EXPORTS_PER_ACCOUNT exports at once (default 2), and the server at most EXPORTS_PER_INSTANCE for all accounts together (default 4); one more is 429 rate_limited with Retry-After. CSV files are RFC 4180 (CRLF, quoted fields), UTF-8 with a BOM, with a header row; the csv format has one attr:<name> column per attribute present in the export. In both CSV formats a cell that a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return, or a full-width ＝＋－＠) is written with a leading apostrophe, so it opens as text; a signed plain number such as -5 or +3,5 stays as written.',
    tag: 'Products',
    auth: 'bearer',
    query: exportProductsQuerySchema,
    responses: {
      200: {
        description: 'The export, as a download (Content-Disposition names a file): `application/x-ndjson` for jsonl, `text/csv` for csv and shopify.',
        schema: exportFileSchema,
        contentType: [...new Set(Object.values(EXPORT_CONTENT_TYPE).map((type) => type.split(';')[0] ?? type))],
      },
    },
    errors: ['validation_failed', 'unauthorized', 'rate_limited', 'internal_error', 'unavailable'],
  },
];

/** What a caller at its cap of running exports is told to wait before trying again, in seconds. */
const EXPORT_RETRY_AFTER_SECONDS = 10;

export async function exportProductsRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/products/export';
  const running = new RunningPerAccount(deps.config.exportsPerAccount);
  // Every account's together: each running export keeps the database and the API's thread busy.
  const runningHere = new RunningPerAccount(deps.config.exportsPerInstance);
  app.get<{ Querystring: Record<string, unknown> }>(url, async (request, reply) => {
    const accountId = authOf(request).accountId;
    const refuse = (message: string) => {
      reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
      return new ApiError('rate_limited', message, { retry_after_seconds: EXPORT_RETRY_AFTER_SECONDS });
    };
    const releaseOwn = running.take(accountId);
    if (releaseOwn === null) {
      throw refuse(`This account already has ${running.cap} exports running, the most it may run at once (EXPORTS_PER_ACCOUNT); retry when one has finished.`);
    }
    const releaseHere = runningHere.take(RUNNING_ALL);
    if (releaseHere === null) {
      releaseOwn();
      throw refuse(
        `This server already has ${runningHere.cap} exports running, the most it runs at once for all accounts (EXPORTS_PER_INSTANCE); retry in ${EXPORT_RETRY_AFTER_SECONDS} seconds.`,
      );
    }
    const release = () => {
      releaseOwn();
      releaseHere();
    };
    // Given back when the download ends, fails or is cut off by the client, and on any refusal below.
    reply.raw.once('close', release);
    try {
      return await answerExport(request, reply, deps, accountId);
    } catch (err) {
      release();
      throw err;
    }
  });
  methodNotAllowed(app, url, ['GET']);
}

async function answerExport(request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply, deps: AppDeps, accountId: string): Promise<FastifyReply> {
  const split = await splitAttributeQuery(deps, accountId, request.query);
  const parsed = parseBody(exportProductsQuerySchema, split.rest);
  if (!parsed.ok) throw parsed.error;
  const { format = 'jsonl', ...filterQuery } = parsed.value;
  const filters = filtersOf(accountId, filterQuery, split.attributes);
  if (filters.country === null) throw new Error('export without a country');
  const scoped = { ...filters, country: filters.country };
  const extension = format === 'jsonl' ? 'jsonl' : 'csv';
  const stamp = new Date().toISOString().slice(0, 10);
  const name = `products-${scoped.country}${format === 'shopify' ? '-shopify' : ''}-${stamp}.${extension}`;
  const chunks = exportChunks(deps.db, scoped, format);
  // The first chunk is read before answering, so a database that cannot be reached is a 503,
  // not a 200 cut short; after it, Readable.from pulls the next batch only when the socket has
  // taken the last one (backpressure).
  const first = await chunks.next();
  async function* all() {
    if (first.done === true) return;
    yield first.value;
    yield* chunks;
  }
  const stream = Readable.from(all(), { objectMode: false });
  stream.on('error', (err) => request.log.error({ err }, 'export failed after it started; the download is cut short'));
  return reply.header('content-type', EXPORT_CONTENT_TYPE[format]).header('content-disposition', `attachment; filename="${name}"`).send(stream);
}
