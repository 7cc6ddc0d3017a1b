import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_CACHE_CONTROL, MEDIA_CONTENT_TYPES, MediaStoreUnavailableError, type MediaExt, type MediaStorage } from '../../media/media-storage.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { ApiError, sendApiError } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { mediaFileParams } from '../path-params.ts';
import { binaryFileSchema } from '../response-schemas.ts';

// Standardised renditions, by content hash. No authentication: storefronts and marketplaces load
// these URLs directly. A name is a sha256 of the bytes, so a response never changes: it is cached
// for a year and marked immutable. Records keep `/media/…` URLs whichever store holds the files.

const FILE_NAME = /^([0-9a-f]{64})\.(jpg|webp)$/;
/** A redirect is kept a day, not a year: the operator may move MEDIA_PUBLIC_BASE_URL. */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

export interface MediaRouteDeps {
  storage: MediaStorage;
  /** Set: answer with a redirect to `<base>/<key>` (a CDN or public bucket) instead of streaming the file. */
  redirectBaseUrl?: string | undefined;
}

function notFound(reply: FastifyReply): FastifyReply {
  return sendApiError(reply, new ApiError('not_found', 'No such media file.'));
}

export function registerMediaRoutes(app: FastifyInstance, deps: MediaRouteDeps): void {
  // HEAD is routed here too, rather than left to Fastify's automatic HEAD route, which would read
  // the whole file from the store and throw it away: a HEAD asks the store for the size only.
  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/:file',
    handler: async (request, reply) => {
      // Only the exact shape of a stored name gets near the storage: no dots, slashes or other case.
      const match = FILE_NAME.exec(request.params.file);
      const hash = match?.[1];
      const ext = match?.[2] as MediaExt | undefined;
      if (hash === undefined || ext === undefined) return notFound(reply);

      // Not looked up first: asking the store would cost the round trip the redirect is there to save.
      if (deps.redirectBaseUrl !== undefined) {
        return reply
          .code(302)
          .header('location', `${deps.redirectBaseUrl}/${deps.storage.keyOf(hash, ext)}`)
          .header('cache-control', REDIRECT_CACHE_CONTROL)
          .send();
      }
      try {
        return await serveFile(request, reply, deps.storage, hash, ext);
      } catch (error) {
        if (!(error instanceof MediaStoreUnavailableError)) throw error;
        request.log.error({ reason: error.message }, 'media store unavailable');
        return sendApiError(reply, new ApiError('unavailable', 'The media store cannot be reached; retry later.', { request_id: request.id }));
      }
    },
  });
  // Deeper paths under /media (`/media/../x`, `/media/ab/cd.jpg`) are not files either.
  app.get('/media/*', async (_request, reply) => notFound(reply));
  methodNotAllowed(app, '/media/:file', ['GET']);
}

async function serveFile(request: FastifyRequest, reply: FastifyReply, storage: MediaStorage, hash: string, ext: MediaExt): Promise<FastifyReply> {
  const etag = `"${hash}"`;
  // A client that holds the file needs to hear only that it still exists, not the bytes.
  if (ifNoneMatch(request.headers['if-none-match'], etag)) {
    if (!(await storage.exists(hash, ext))) return notFound(reply);
    return withFileHeaders(reply, etag).code(304).send();
  }
  if (request.method === 'HEAD') {
    const size = await storage.sizeOf(hash, ext);
    if (size === null) return notFound(reply);
    return withFileHeaders(reply, etag).header('content-type', MEDIA_CONTENT_TYPES[ext]).header('content-length', String(size)).send();
  }
  const opened = await storage.open(hash, ext);
  if (opened === null) return notFound(reply);
  return withFileHeaders(reply, etag).header('content-type', MEDIA_CONTENT_TYPES[ext]).header('content-length', String(opened.size)).send(opened.stream);
}

function withFileHeaders(reply: FastifyReply, etag: string): FastifyReply {
  return reply.header('cache-control', MEDIA_CACHE_CONTROL).header('etag', etag).header('x-content-type-options', 'nosniff');
}

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export const mediaDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/media/{file}',
    summary: 'A standardised image rendition',
    description:
      'Public (storefronts load these URLs) and immutable: cached for a year, with an `ETag`; `If-None-Match` answers 304. ' +
      'Where the operator serves media from a CDN or public bucket (`MEDIA_PUBLIC_BASE_URL`), the answer is a 302 to the file there.',
    tag: 'Media',
    auth: 'none',
    params: mediaFileParams,
    responses: {
      200: { description: 'The image (JPEG or WebP, by extension).', schema: binaryFileSchema, contentType: 'image/*' },
      302: { description: 'The file is served from `Location` (a CDN or public bucket).' },
      304: { description: 'Not modified.' },
    },
    errors: ['not_found', 'unavailable'],
  },
];
