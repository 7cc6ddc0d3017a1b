import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How much of a body left unread is still taken in after the answer, and for how long, before the connection is cut. */
export interface DrainLimits {
  bytes: number;
  ms: number;
}

/** Answers whose request body, if left unread, is drained by stoppableBody. */
const drained = new WeakSet<ServerResponse>();

/**
 * The body of a request that its route may stop reading before the end (a file over its limit,
 * a CSV record that cannot be read past) and still answer. Two things would otherwise lose that
 * answer for a client that is still sending: destroying a request's own stream destroys its
 * socket, and a socket closed with bytes unread makes the kernel reset the connection, which
 * can discard the answer at the client before it is read (EPIPE, ECONNRESET instead of the 413).
 * So the route reads a stream piped from the request, and whatever it left unread is taken in
 * and dropped after the answer, up to `limits`, as nginx's lingering close does. A client that
 * sends its whole body before reading (Python's requests does) then gets the answer. The route
 * also takes `closeWhenBodyUnread` as its onSend hook.
 */
export function stoppableBody(request: IncomingMessage, response: ServerResponse, limits: DrainLimits): Readable {
  const body = new PassThrough();
  drained.add(response);
  // The reader listens for failures once it starts reading; one that comes before (the client
  // hung up while the import was being recorded) must not be an unhandled 'error', which ends the process.
  body.on('error', () => {});
  // A client that hung up before the route ran (during authentication) has no 'close' left to tell.
  if (request.destroyed && !request.complete) return body.destroy(new Error('the request was closed before its body ended'));
  request.pipe(body);
  // pipe() passes neither a failure nor a hang-up on; the reader must see both, or it waits for ever.
  request.once('error', (err) => body.destroy(err));
  request.once('close', () => {
    if (!request.complete) body.destroy(new Error('the request was closed before its body ended'));
  });
  response.once('finish', () => {
    if (!request.complete) dropTheRest(request, body, limits);
  });
  return body;
}

function dropTheRest(request: IncomingMessage, body: PassThrough, limits: DrainLimits): void {
  request.unpipe(body);
  body.destroy();
  const socket = request.socket;
  // An injected request (tests, light-my-request) has no connection to keep or cut.
  if (!(socket instanceof Socket)) {
    request.resume();
    return;
  }
  // An answer that said `Connection: close` (closeWhenBodyUnread, or the client asked for it, or
  // HTTP/1.0) has made Node end the socket and destroy it once the answer is flushed, with the
  // body still arriving (destroySoon, on the answer's 'finish', before this listener).
  // The destroy is taken back and done once the rest is read: half-closed, then read until the
  // client is done, as RFC 9112 §9.6 describes a graceful close.
  const closing = socket.writableEnded;
  if (closing) socket.removeListener('finish', socket.destroy);
  if (socket.destroyed) return;
  let dropped = 0;
  const cut = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(cut, limits.ms);
  timer.unref();
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limits.bytes) cut();
  });
  request.once('end', () => (closing ? cut() : clearTimeout(timer)));
  request.once('close', () => clearTimeout(timer));
  request.resume();
}

/**
 * onSend hook of a route that reads a stoppableBody: an answer sent before the body's end says
 * `Connection: close`, so no client reuses the connection and nothing more can be written on it
 * (a parse error in the rest of the body would otherwise add an unasked-for 400).
 */
export async function closeWhenBodyUnread<T>(request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> {
  // Only where the rest will be drained: an answer before that (a refused token) is left to Node,
  // which drains a body nobody read and keeps the connection. An injected request has no `complete`.
  if (request.raw.complete === false && drained.has(reply.raw)) reply.header('connection', 'close');
  return payload;
}

/**
 * Limits for a body whose largest accepted size is `maxBodyBytes`: up to twice that is taken in, so
 * a file somewhat over the limit still gets its 413; for at most 30 s, nginx's lingering_time.
 */
export function drainLimitsFor(maxBodyBytes: number): DrainLimits {
  return { bytes: 2 * maxBodyBytes, ms: 30_000 };
}
