import { Transform, pipeline, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Exchange } from './openapi-contract.ts';

/**
 * An onSend hook that hands each request and its answer, body included, to `seen` once the body
 * has been produced. A streamed answer (an export, a file) passes through unchanged and is seen
 * when it ends.
 */
export function recordExchanges(seen: (exchange: Exchange) => void): onSendHookHandler {
  return (request, reply, payload, done) => {
    const exchange = (body: Buffer) => seen(exchangeOf(request, reply, body));
    if (isReadable(payload)) {
      const chunks: Buffer[] = [];
      const tap = new Transform({
        transform(chunk: Buffer | string, _encoding, next) {
          chunks.push(Buffer.from(chunk));
          next(null, chunk);
        },
        flush(next) {
          exchange(Buffer.concat(chunks));
          next();
        },
      });
      // An answer cut short (the client went away) is not an answer to check.
      done(
        null,
        pipeline(payload, tap, () => {}),
      );
      return;
    }
    exchange(typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : Buffer.alloc(0));
    done(null, payload);
  };
}

function exchangeOf(request: FastifyRequest, reply: FastifyReply, body: Buffer): Exchange {
  const contentType = reply.getHeader('content-type');
  return {
    method: request.method,
    route: request.routeOptions.url,
    url: request.url,
    requestContentType: request.headers['content-type'],
    requestBody: isReadable(request.body) ? undefined : request.body,
    query: typeof request.query === 'object' && request.query !== null ? (request.query as Exchange['query']) : {},
    status: reply.statusCode,
    responseContentType: typeof contentType === 'string' ? contentType : undefined,
    responseBody: body,
  };
}

function isReadable(value: unknown): value is Readable {
  return typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function';
}
