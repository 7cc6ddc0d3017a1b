import type { FastifyInstance, FastifyReply } from 'fastify';
import { MEDIA_CONTENT_TYPES, type MediaExt, type MediaStorage } from '../../media/media-storage.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { ApiError, sendApiError } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { mediaFileParams } from '../path-params.ts';
import { binaryFileSchema } from '../response-schemas.ts';

// Standardised renditions, by content hash. No authentication: storefronts and marketplaces load
// these URLs directly. A name is a sha256 of the bytes, so a response never changes: it is cached
// for a year and marked immutable.

const FILE_NAME = /^([0-9a-f]{64})\.(jpg|webp)$/;
const ONE_YEAR_SECONDS = 31_536_000;

function notFound(reply: FastifyReply): FastifyReply {
  return sendApiError(reply, new ApiError('not_found', 'No such media file.'));
}

export function registerMediaRoutes(app: FastifyInstance, storage: MediaStorage): void {
  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    // Only the exact shape of a stored name gets near the storage: no dots, slashes or other case.
    const match = FILE_NAME.exec(request.params.file);
    const hash = match?.[1];
    const ext = match?.[2] as MediaExt | undefined;
    if (hash === undefined || ext === undefined) return notFound(reply);

    const etag = `"${hash}"`;
    const opened = await storage.open(hash, ext);
    if (opened === null) return notFound(reply);
    reply.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`).header('etag', etag).header('x-content-type-options', 'nosniff');
    if (ifNoneMatch(request.headers['if-none-match'], etag)) {
      opened.stream.destroy();
      return reply.code(304).send();
    }
    return reply.header('content-type', MEDIA_CONTENT_TYPES[ext]).header('content-length', String(opened.size)).send(opened.stream);
  });
  // Deeper paths under /media (`/media/../x`, `/media/ab/cd.jpg`) are not files either.
  app.get('/media/*', async (_request, reply) => notFound(reply));
  methodNotAllowed(app, '/media/:file', ['GET']);
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
    description: 'Public (storefronts load these URLs) and immutable: cached for a year, with an `ETag`; `If-None-Match` answers 304.',
    tag: 'Media',
    auth: 'none',
    params: mediaFileParams,
    responses: {
      200: { description: 'The image (JPEG or WebP, by extension).', schema: binaryFileSchema, contentType: 'image/*' },
      304: { description: 'Not modified.' },
    },
    errors: ['not_found'],
  },
];
